import {
  BILLING_MESSAGES,
  DUE_DAYS_MAX,
  DUE_DAYS_MIN,
  INVOICE_DEFAULTS,
  INVOICE_STATUS_LABELS,
  hasWholeCents,
  type InvoiceStatus,
} from '../../../domain/billing';
import type { CreateInvoiceBody } from '../../api/billing';

type Tone = 'slate' | 'blue' | 'green' | 'amber' | 'red' | 'purple';

export const INVOICE_STATUS_TONES: Record<InvoiceStatus, Tone> = {
  draft: 'slate',
  sent: 'blue',
  paid: 'green',
  overdue: 'red',
  cancelled: 'slate',
  refunded: 'purple',
};

export const invoiceStatusLabel = (status: InvoiceStatus): string => INVOICE_STATUS_LABELS[status] ?? status;

/** Today as the browser sees it, 'YYYY-MM-DD' (the payment date's default). */
export const localToday = (now: Date = new Date()): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

export interface CreateInvoiceValues {
  estimate_id: string;
  due_days: string;
  /** Typed as a percent (8.25), sent as a fraction (0.0825). */
  tax_percent: string;
  discount_amount: string;
  payment_terms: string;
  notes: string;
}
export type CreateInvoiceErrors = Partial<Record<keyof CreateInvoiceValues, string>>;

export const createInvoiceDefaults = (): CreateInvoiceValues => ({
  estimate_id: '',
  due_days: String(INVOICE_DEFAULTS.due_days),
  tax_percent: String(INVOICE_DEFAULTS.tax_rate),
  discount_amount: String(INVOICE_DEFAULTS.discount_amount),
  payment_terms: INVOICE_DEFAULTS.payment_terms,
  notes: '',
});

const numberOf = (text: string): number | null => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

/** Checks the form with the server's rules and builds the body; `subtotal` is the chosen order's amount owed. */
export const toCreateInvoiceBody = (
  values: CreateInvoiceValues,
  subtotal: number | null,
): { ok: true; estimateId: string; body: CreateInvoiceBody } | { ok: false; errors: CreateInvoiceErrors } => {
  const errors: CreateInvoiceErrors = {};
  if (!values.estimate_id) errors.estimate_id = 'Please choose an approved order';
  const dueDays = numberOf(values.due_days);
  if (dueDays === null || !Number.isInteger(dueDays) || dueDays < DUE_DAYS_MIN || dueDays > DUE_DAYS_MAX) errors.due_days = BILLING_MESSAGES.dueDays;
  const taxPercent = values.tax_percent.trim() === '' ? 0 : numberOf(values.tax_percent);
  if (taxPercent === null || taxPercent < 0 || taxPercent > 100) errors.tax_percent = BILLING_MESSAGES.taxRate;
  const discount = values.discount_amount.trim() === '' ? 0 : numberOf(values.discount_amount);
  if (discount === null || discount < 0) errors.discount_amount = BILLING_MESSAGES.discountNegative;
  else if (!hasWholeCents(discount)) errors.discount_amount = BILLING_MESSAGES.moneyDecimals;
  else if (subtotal !== null && discount > subtotal) errors.discount_amount = BILLING_MESSAGES.discountAboveSubtotal;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    estimateId: values.estimate_id,
    body: {
      due_days: dueDays!,
      tax_rate: Math.round(taxPercent! * 10_000) / 1_000_000,
      discount_amount: discount!,
      payment_terms: values.payment_terms.trim() || INVOICE_DEFAULTS.payment_terms,
      // A blank note is left out (the server reads a missing one as none).
      notes: values.notes.trim() || undefined,
    },
  };
};
