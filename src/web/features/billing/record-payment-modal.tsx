import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { BILLING_MESSAGES, hasWholeCents } from '../../../domain/billing';
import type { Invoice } from '../../../domain/billing-schemas';
import { formatCurrency } from '../../../domain/format';
import { useRecordPayment } from '../../api/billing';
import { serverMessage } from '../../api/client';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { TextAreaField } from '../orders/form-fields';
import { localToday } from './billing-display';

const PAY_FAILED = 'Failed to record payment';

export const RecordPaymentModal = ({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) =>
  invoice ? <RecordPaymentForm key={invoice.id} invoice={invoice} onClose={onClose} /> : null;

const amountError = (text: string, balance: number): string | null => {
  const amount = Number(text);
  if (!Number.isFinite(amount) || amount <= 0) return BILLING_MESSAGES.paymentPositive;
  if (!hasWholeCents(amount)) return BILLING_MESSAGES.moneyDecimals;
  if (amount > balance) return `Payment amount cannot exceed the balance due of ${formatCurrency(balance)}`;
  return null;
};

const RecordPaymentForm = ({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) => {
  const formId = useId();
  const pay = useRecordPayment();
  const [amount, setAmount] = useState(String(invoice.balance_due));
  const [date, setDate] = useState(localToday);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (amount.trim() === '' || date === '') return setError(BILLING_MESSAGES.paymentRequired);
    const problem = amountError(amount, invoice.balance_due);
    if (problem) return setError(problem);
    setError(null);
    pay.mutate(
      { id: invoice.id, body: { amount: Number(amount), payment_date: date, notes: notes.trim() || null } },
      {
        onSuccess: () => {
          toast.success('Payment recorded successfully');
          onClose();
        },
        onError: (failure) => {
          const message = serverMessage(failure, PAY_FAILED);
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
        if (!pay.isPending) onClose();
      }}
      title={`Record Payment · ${invoice.invoice_number}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pay.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pay.isPending}>
            Record Payment
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <p>
          {invoice.customer_name ?? invoice.customer_email} · balance due <span className="font-semibold text-slate-900">{formatCurrency(invoice.balance_due)}</span> of{' '}
          {formatCurrency(invoice.total_amount)}
        </p>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Amount" type="number" inputMode="decimal" min={0.01} step="0.01" max={invoice.balance_due} value={amount} onChange={(e) => setAmount(e.target.value)} aria-required="true" hint="US dollars" />
          <TextField label="Payment Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} aria-required="true" />
        </div>
        <TextAreaField label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} rows={2} maxLength={2000} hint="Optional: cheque number, transfer reference…" />
      </form>
    </Modal>
  );
};
