import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { termsAfterDueDays } from '../../../domain/billing';
import { formatCurrency } from '../../../domain/format';
import { STATUS_LABELS } from '../../../domain/orders';
import { useCreateInvoice, useInvoiceableOrders } from '../../api/billing';
import { serverMessage } from '../../api/client';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { SelectField, TextAreaField } from '../../ui/form-fields';
import { InvoicePreviewPanel } from './invoice-preview';
import { createInvoiceDefaults, toCreateInvoiceBody, type CreateInvoiceErrors, type CreateInvoiceValues } from './billing-display';

const CREATE_FAILED = 'Failed to create invoice';
const FIELD_ORDER: (keyof CreateInvoiceValues)[] = ['estimate_id', 'due_days', 'tax_percent', 'discount_amount', 'payment_terms', 'notes'];

export const CreateInvoiceModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => (open ? <CreateInvoiceForm onClose={onClose} /> : null);

const CreateInvoiceForm = ({ onClose }: { onClose: () => void }) => {
  const formId = useId();
  const estimates = useInvoiceableOrders();
  const create = useCreateInvoice();
  const [values, setValues] = useState<CreateInvoiceValues>(createInvoiceDefaults);
  const [errors, setErrors] = useState<CreateInvoiceErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const fieldId = (name: keyof CreateInvoiceValues) => `${formId}-${name}`;
  const chosen = estimates.data?.find((e) => e.id === values.estimate_id) ?? null;
  const draftBody = toCreateInvoiceBody(values, chosen?.total_amount ?? null);
  const previewRequest = draftBody.ok
    ? { estimateId: draftBody.estimateId, taxRate: Number(draftBody.body?.tax_rate ?? 0), discountAmount: Number(draftBody.body?.discount_amount ?? 0) }
    : null;

  const set = (name: keyof CreateInvoiceValues, value: string) => {
    // Terms that say the due days follow them (issue 29, item 22); written terms stay.
    setValues((previous) => ({
      ...previous,
      [name]: value,
      ...(name === 'due_days' && { payment_terms: termsAfterDueDays(previous.payment_terms, previous.due_days, value) }),
    }));
    if (errors[name]) setErrors((previous) => ({ ...previous, [name]: undefined }));
  };
  const field = (name: Exclude<keyof CreateInvoiceValues, 'estimate_id' | 'notes'>) => ({
    id: fieldId(name),
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const result = toCreateInvoiceBody(values, chosen?.total_amount ?? null);
    if (!result.ok) {
      setErrors(result.errors);
      const first = FIELD_ORDER.find((name) => result.errors[name]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    create.mutate(
      { estimateId: result.estimateId, body: result.body },
      {
        onSuccess: () => {
          toast.success('Invoice created successfully');
          onClose();
        },
        onError: (error) => {
          const message = serverMessage(error, CREATE_FAILED);
          setFormError(message);
          toast.error(message);
        },
      },
    );
  };

  const noOrders = estimates.isSuccess && estimates.data.length === 0;
  return (
    <Modal
      open
      onClose={() => {
        if (!create.isPending) onClose();
      }}
      title="Create Invoice"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={create.isPending} disabled={noOrders}>
            Create Invoice
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {formError && <ErrorAlert>{formError}</ErrorAlert>}
        <SelectField
          id={fieldId('estimate_id')}
          label="Approved Order"
          value={values.estimate_id}
          onChange={(event) => set('estimate_id', event.target.value)}
          error={errors.estimate_id}
          disabled={estimates.isPending || noOrders}
          aria-required="true"
          hint={
            estimates.isPending
              ? 'Loading the orders to invoice…'
              : estimates.isError
                ? 'The orders to invoice could not be loaded.'
                : noOrders
                  ? 'There are no orders to invoice: every approved order has an invoice.'
                  : chosen
                    ? `Amount owed: ${formatCurrency(chosen.total_amount)}`
                    : 'Approved, scheduled, active or completed orders with no invoice yet.'
          }
        >
          <option value="">Choose an order…</option>
          {estimates.data?.map((estimate) => (
            <option key={estimate.id} value={estimate.id}>
              {`${estimate.estimate_name || 'Untitled order'} · ${estimate.brand_name ?? 'No brand'} · ${STATUS_LABELS[estimate.status]} · ${formatCurrency(estimate.total_amount)}`}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Due in (days)" {...field('due_days')} type="number" inputMode="numeric" min={1} max={365} step={1} hint="1 to 365" />
          <TextField label="Tax Rate (%)" {...field('tax_percent')} type="number" inputMode="decimal" min={0} max={100} step="0.01" hint="0 to 100" />
          <TextField label="Discount" {...field('discount_amount')} type="number" inputMode="decimal" min={0} step="0.01" hint="US dollars" />
        </div>
        <InvoicePreviewPanel request={previewRequest} />
        <TextField label="Payment Terms" {...field('payment_terms')} maxLength={200} />
        <TextAreaField
          id={fieldId('notes')}
          label="Notes"
          value={values.notes}
          onChange={(event) => set('notes', event.target.value)}
          rows={3}
          maxLength={2000}
        />
      </form>
    </Modal>
  );
};
