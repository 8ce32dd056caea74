import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { Invoice } from '../../../domain/billing-schemas';
import { formatCurrency } from '../../../domain/format';
import { useSendInvoice } from '../../api/billing';
import { serverMessage } from '../../api/client';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextAreaField } from '../../ui/form-fields';

const SEND_FAILED = 'Failed to send invoice';

export const SendInvoiceModal = ({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) =>
  invoice ? <SendInvoiceForm key={invoice.id} invoice={invoice} onClose={onClose} /> : null;

const SendInvoiceForm = ({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) => {
  const formId = useId();
  const send = useSendInvoice();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    send.mutate(
      { id: invoice.id, body: { custom_message: message.trim() || undefined } },
      {
        onSuccess: () => {
          toast.success('Invoice sent successfully');
          onClose();
        },
        onError: (failure) => {
          const text = serverMessage(failure, SEND_FAILED);
          setError(text);
          toast.error(text);
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={() => {
        if (!send.isPending) onClose();
      }}
      title={`Send Invoice ${invoice.invoice_number}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={send.isPending}>
            Send Invoice
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <p>
          The invoice for {formatCurrency(invoice.total_amount)} (balance {formatCurrency(invoice.balance_due)}) will be e-mailed to{' '}
          <span className="font-medium text-slate-900">{invoice.customer_email ?? 'the customer'}</span>.
        </p>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <TextAreaField
          label="Custom Message"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          rows={4}
          maxLength={5000}
          hint="Optional: added above the invoice details."
        />
      </form>
    </Modal>
  );
};
