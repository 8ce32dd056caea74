import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { hasWholeCents } from '../../../domain/billing';
import { CORRECTION_MESSAGES, REASON_MAX, overCreditMessage } from '../../../domain/billing-corrections';
import type { Invoice } from '../../../domain/billing-schemas';
import { formatCurrency } from '../../../domain/format';
import { toCents } from '../../../domain/money';
import { useIssueCreditNote } from '../../api/billing-corrections';
import { serverMessage } from '../../api/client';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { TextAreaField } from '../../ui/form-fields';

const CREDIT_FAILED = 'Failed to issue credit note';

export const CreditNoteModal = ({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) =>
  invoice ? <CreditNoteForm key={invoice.id} invoice={invoice} onClose={onClose} /> : null;

/** What the form refuses before asking the server (the same rules and messages). */
export const creditAmountError = (text: string, creditable: number): string | null => {
  if (text.trim() === '') return CORRECTION_MESSAGES.creditAmountRequired;
  const amount = Number(text);
  if (!Number.isFinite(amount)) return CORRECTION_MESSAGES.creditAmountNumber;
  if (amount <= 0) return CORRECTION_MESSAGES.creditAmountPositive;
  if (!hasWholeCents(amount)) return CORRECTION_MESSAGES.moneyDecimals;
  if (amount > creditable) return overCreditMessage(toCents(creditable));
  return null;
};

const CreditNoteForm = ({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) => {
  const formId = useId();
  const issuing = useIssueCreditNote();
  const creditable = Math.round((invoice.net_amount - invoice.credited_amount) * 100) / 100;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = creditAmountError(amount, creditable) ?? (reason.trim() ? null : CORRECTION_MESSAGES.creditReason);
    if (problem) return setError(problem);
    setError(null);
    issuing.mutate(
      { id: invoice.id, body: { amount: Number(amount), reason: reason.trim() } },
      {
        onSuccess: (result) => {
          toast.success(`Credit note ${result.credit_note.credit_number} issued successfully`);
          onClose();
        },
        onError: (failure) => {
          const message = serverMessage(failure, CREDIT_FAILED);
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
        if (!issuing.isPending) onClose();
      }}
      title={`Issue Credit Note · ${invoice.invoice_number}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={issuing.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={issuing.isPending}>
            Issue Credit Note
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <p>
          {invoice.customer_name ?? invoice.customer_email} · up to <span className="font-semibold text-slate-900">{formatCurrency(creditable)}</span> can be
          credited (net {formatCurrency(invoice.net_amount)}, already credited {formatCurrency(invoice.credited_amount)}). Credit beyond what is unpaid becomes
          a refund due.
        </p>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <TextField
          label="Credit amount"
          type="number"
          inputMode="decimal"
          min={0.01}
          step="0.01"
          max={creditable}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-required="true"
          hint="US dollars"
        />
        <TextAreaField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          rows={3}
          maxLength={REASON_MAX}
          aria-required="true"
          hint="Printed on the credit note."
        />
      </form>
    </Modal>
  );
};
