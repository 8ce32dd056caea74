import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { CORRECTION_MESSAGES, REASON_MAX } from '../../../domain/billing-corrections';
import type { Invoice } from '../../../domain/billing-schemas';
import { formatCurrency } from '../../../domain/format';
import { useVoidInvoice } from '../../api/billing-corrections';
import { serverMessage } from '../../api/client';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextAreaField } from '../../ui/form-fields';

const VOID_FAILED = 'Failed to void invoice';

/** Void: a reason, and a confirmation that says what voiding does. */
export const VoidInvoiceModal = ({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) =>
  invoice ? <VoidInvoiceForm key={invoice.id} invoice={invoice} onClose={onClose} /> : null;

const VoidInvoiceForm = ({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) => {
  const formId = useId();
  const voiding = useVoidInvoice();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setError(CORRECTION_MESSAGES.voidReason);
    if (text.length > REASON_MAX) return setError(CORRECTION_MESSAGES.reasonTooLong);
    setError(null);
    voiding.mutate(
      { id: invoice.id, body: { reason: text } },
      {
        onSuccess: () => {
          toast.success('Invoice voided successfully');
          onClose();
        },
        onError: (failure) => {
          const message = serverMessage(failure, VOID_FAILED);
          setError(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={() => {
        if (!voiding.isPending) onClose();
      }}
      title={`Void Invoice · ${invoice.invoice_number}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={voiding.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={voiding.isPending}>
            Void Invoice
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <p>
          Voiding cancels {invoice.invoice_number} ({formatCurrency(invoice.total_amount)}, {invoice.customer_name ?? invoice.customer_email}) for good. Its
          number is kept and never reused, and the order can be invoiced again. This cannot be undone.
        </p>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <TextAreaField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          rows={3}
          maxLength={REASON_MAX}
          aria-required="true"
          hint="Kept with the invoice and shown to the advertiser."
        />
      </form>
    </Modal>
  );
};
