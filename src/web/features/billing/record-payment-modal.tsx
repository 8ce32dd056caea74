import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  BILLING_MESSAGES,
  MAX_PAYMENT_REFERENCE,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  hasWholeCents,
  type PaymentDirection,
  type PaymentMethod,
} from '../../../domain/billing';
import { overRefundMessage } from '../../../domain/billing-corrections';
import { toCents } from '../../../domain/money';
import type { Invoice } from '../../../domain/billing-schemas';
import { formatCurrency } from '../../../domain/format';
import { useRecordPayment } from '../../api/billing';
import { serverMessage } from '../../api/client';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { SelectField, TextAreaField } from '../../ui/form-fields';
import { localToday } from './billing-display';

const PAY_FAILED = 'Failed to record payment';

export const RecordPaymentModal = ({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) =>
  invoice ? <RecordPaymentForm key={invoice.id} invoice={invoice} onClose={onClose} /> : null;

const amountError = (text: string, limit: number, direction: PaymentDirection): string | null => {
  const amount = Number(text);
  if (!Number.isFinite(amount) || amount <= 0) return BILLING_MESSAGES.paymentPositive;
  if (!hasWholeCents(amount)) return BILLING_MESSAGES.moneyDecimals;
  if (amount > limit)
    return direction === 'refund' ? overRefundMessage(toCents(limit)) : `Payment amount cannot exceed the balance due of ${formatCurrency(limit)}`;
  return null;
};

const RecordPaymentForm = ({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) => {
  const formId = useId();
  const pay = useRecordPayment();
  // A refund is offered when one is due (decision 013); it is the default once nothing is left to pay.
  const [direction, setDirection] = useState<PaymentDirection>(invoice.refund_due > 0 && invoice.balance_due === 0 ? 'refund' : 'payment');
  const limit = direction === 'refund' ? invoice.refund_due : invoice.balance_due;
  const [amount, setAmount] = useState(String(limit));
  const [date, setDate] = useState(localToday);
  const [notes, setNotes] = useState('');
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (amount.trim() === '' || date === '') return setError(BILLING_MESSAGES.paymentRequired);
    const problem = amountError(amount, limit, direction);
    if (problem) return setError(problem);
    setError(null);
    pay.mutate(
      {
        id: invoice.id,
        body: {
          amount: Number(amount),
          payment_date: date,
          notes: notes.trim() || undefined,
          direction,
          method: method || null,
          reference: reference.trim() || undefined,
        },
      },
      {
        onSuccess: () => {
          toast.success(direction === 'refund' ? 'Refund recorded successfully' : 'Payment recorded successfully');
          onClose();
        },
        onError: (failure) => {
          const message = serverMessage(failure, direction === 'refund' ? 'Failed to record refund' : PAY_FAILED);
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
            {direction === 'refund' ? 'Record Refund' : 'Record Payment'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <p>
          {invoice.customer_name ?? invoice.customer_email} · balance due{' '}
          <span className="font-semibold text-slate-900">{formatCurrency(invoice.balance_due)}</span> of {formatCurrency(invoice.total_amount)}
          {invoice.refund_due > 0 && (
            <>
              {' '}
              · refund due <span className="font-semibold text-purple-700">{formatCurrency(invoice.refund_due)}</span>
            </>
          )}
        </p>
        {invoice.status === 'draft' && direction === 'payment' && (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
            This invoice is still a draft: a part payment marks it sent (no e-mail goes out); paying it in full marks it paid.
          </p>
        )}
        {invoice.refund_due > 0 && (
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-1 text-sm font-medium text-slate-700">Record</legend>
            {(['payment', 'refund'] as const).map((d) => (
              <label key={d} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${formId}-direction`}
                  value={d}
                  checked={direction === d}
                  disabled={d === 'payment' && invoice.balance_due === 0}
                  onChange={() => {
                    setDirection(d);
                    setAmount(String(d === 'refund' ? invoice.refund_due : invoice.balance_due));
                  }}
                />
                {d === 'refund' ? 'A refund paid back to the advertiser' : 'A payment received'}
              </label>
            ))}
          </fieldset>
        )}
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Amount"
            type="number"
            inputMode="decimal"
            min={0.01}
            step="0.01"
            max={limit}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-required="true"
            hint="US dollars"
          />
          <TextField label="Payment Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} aria-required="true" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Method" value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod | '')} hint="Optional">
            <option value="">Not recorded</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Reference"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            maxLength={MAX_PAYMENT_REFERENCE}
            hint="Optional: cheque number, transfer id…"
          />
        </div>
        <TextAreaField label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} rows={2} maxLength={2000} hint="Optional" />
      </form>
    </Modal>
  );
};
