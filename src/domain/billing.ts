/**
 * Invoice rules shared by server and browser: statuses, amounts in integer cents, the shown status
 * (overdue is computed on read), what may be done to an invoice in each status, and the messages.
 */
import { formatCurrency } from './format';
import { isWholeCents, toDollars } from './money';
import { SOLD_STATUSES, STATUS_LABELS, type OrderStatus } from './orders';

/** Every invoice status. `overdue` is never stored: a sent, unpaid invoice past its due date reads as overdue. */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue', 'cancelled', 'refunded'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** The statuses a row holds in the database. */
export const STORED_INVOICE_STATUSES = ['draft', 'sent', 'paid', 'cancelled', 'refunded'] as const;
export type StoredInvoiceStatus = (typeof STORED_INVOICE_STATUSES)[number];
/** How an order is billed, the station's choice per order. */
export const BILLING_MODES = ['up_front', 'monthly'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];
/** up_front: the whole order at once; broadcast_month: what aired in one broadcast month; final: the rest of a completed order billed monthly. */
export const INVOICE_KINDS = ['up_front', 'broadcast_month', 'final'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
/** A payment is money received; a refund is money paid back to the advertiser (record-only). */
export const PAYMENT_DIRECTIONS = ['payment', 'refund'] as const;
/** How a payment (or refund) moved (issue 29, item 22). */
export const PAYMENT_METHODS = ['check', 'ach', 'wire', 'card', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  check: 'Cheque',
  ach: 'ACH transfer',
  wire: 'Wire transfer',
  card: 'Card',
  cash: 'Cash',
  other: 'Other',
};
export const MAX_PAYMENT_REFERENCE = 100;
export type PaymentDirection = (typeof PAYMENT_DIRECTIONS)[number];
/** An agency's default commission (a fraction of the gross). */
export const DEFAULT_AGENCY_COMMISSION_RATE = 0.15;

/**
 * What an invoice still asks, in cents: the net due (total less an agency's commission) less credit
 * notes and payments, plus refunds already paid back. Negative: a refund is due to the advertiser.
 */
export interface BalanceFields {
  totalCents: number;
  commissionCents: number;
  creditedCents: number;
  paidCents: number;
  refundedCents: number;
}
export const invoiceBalanceCents = (invoice: BalanceFields): number =>
  invoice.totalCents - invoice.commissionCents - invoice.creditedCents - invoice.paidCents + invoice.refundedCents;

/**
 * What the advertiser still owes on an invoice: nothing on a void one (issue 29, item 2: a voided
 * invoice is never shown with a balance), else its balance, never below 0.
 */
export const invoiceBalanceDueCents = (invoice: BalanceFields & { status: StoredInvoiceStatus | InvoiceStatus }): number =>
  invoice.status === 'cancelled' ? 0 : Math.max(0, invoiceBalanceCents(invoice));

/** The Invoices tab's status filter: every status except refunded. */
export const INVOICE_FILTER_STATUSES = ['draft', 'sent', 'paid', 'overdue', 'cancelled'] as const satisfies readonly InvoiceStatus[];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  paid: 'Paid',
  overdue: 'Overdue',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** Orders that passed approval may be invoiced. */
export const INVOICEABLE_ORDER_STATUSES = SOLD_STATUSES;

/**
 * Whether Create Invoice can bill an order now (issue 29, item 4): an approved, scheduled, active or
 * completed order billed up front with no live (not void) invoice, or a completed order billed
 * monthly with no live final invoice. The server's refusals (preview.ts) say the same.
 */
export const canCreateInvoiceFor = (
  order: { status: OrderStatus; billingMode: BillingMode },
  live: { anyInvoice: boolean; finalInvoice: boolean },
): boolean => {
  if (!(INVOICEABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status)) return false;
  if (order.billingMode === 'monthly') return order.status === 'completed' && !live.finalInvoice;
  return !live.anyInvoice;
};

export const INVOICE_DEFAULTS = { due_days: 30, tax_rate: 0, discount_amount: 0, payment_terms: 'Net 30 days' } as const;

/** The payment terms that say the due days: "Net 30 days" (issue 29, item 22). */
export const paymentTermsFor = (dueDays: number): string => `Net ${dueDays} day${dueDays === 1 ? '' : 's'}`;

/**
 * The terms once the due days change: terms that said the old due days (as the default does) follow
 * the new ones; terms the admin wrote themselves stay as written.
 */
export const termsAfterDueDays = (terms: string, previousDays: string, nextDays: string): string => {
  const previous = Number(previousDays);
  const next = Number(nextDays);
  const derived = Number.isInteger(previous) && previous > 0 && terms.trim() === paymentTermsFor(previous);
  return derived && Number.isInteger(next) && next > 0 ? paymentTermsFor(next) : terms;
};
export const DUE_DAYS_MIN = 1;
export const DUE_DAYS_MAX = 365;
export const INVOICE_PAGE_SIZE = 20;
export const INVOICE_PAGE_SIZE_MAX = 100;
export const BILLING_ANALYTICS_DAYS = 30;
export const TOP_CUSTOMERS = 8;

export const BILLING_MESSAGES = {
  invoiceNotFound: 'Invoice not found',
  estimateNotFound: 'Estimate not found',
  alreadyInvoiced: 'An invoice already exists for this estimate',
  dueDays: `Due days must be a whole number between ${DUE_DAYS_MIN} and ${DUE_DAYS_MAX}`,
  taxRate: 'Tax rate must be between 0% and 100%',
  discountNegative: 'Discount amount cannot be negative',
  discountAboveSubtotal: 'Discount amount cannot exceed the invoice subtotal',
  paymentRequired: 'Amount and payment date are required',
  paymentPositive: 'Payment amount must be greater than 0',
  alreadyPaid: 'This invoice is already paid',
  moneyDecimals: 'Amounts must have at most 2 decimal places',
} as const;

export const notInvoiceableMessage = (status: OrderStatus) => `Only approved orders can be invoiced; this order is ${STATUS_LABELS[status]}`;
export const cannotSendMessage = (status: InvoiceStatus) =>
  status === 'paid' ? BILLING_MESSAGES.alreadyPaid : `A ${INVOICE_STATUS_LABELS[status].toLowerCase()} invoice cannot be sent`;
export const cannotPayMessage = (status: InvoiceStatus) =>
  status === 'paid' ? BILLING_MESSAGES.alreadyPaid : `Cannot record a payment on a ${INVOICE_STATUS_LABELS[status].toLowerCase()} invoice`;
export const overBalanceMessage = (balanceCents: number) => `Payment amount cannot exceed the balance due of ${formatCurrency(toDollars(balanceCents))}`;

export interface InvoiceAmounts {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

/** A tax rate (fraction) in millionths, the precision it is stored with. */
export const taxRateMillionths = (rate: number): number => Math.round(rate * 1_000_000);

/**
 * Tax applies to the subtotal after the discount; half a cent rounds up. Exact integer arithmetic:
 * cents × millionths can pass 2^53, so it is done in BigInt.
 */
export const invoiceAmounts = ({
  subtotalCents,
  discountCents,
  taxRate,
}: {
  subtotalCents: number;
  discountCents: number;
  taxRate: number;
}): InvoiceAmounts => {
  const taxable = Math.max(0, subtotalCents - discountCents);
  const taxCents = Number((BigInt(taxable) * BigInt(taxRateMillionths(taxRate)) + 500_000n) / 1_000_000n);
  return { subtotalCents, discountCents, taxCents, totalCents: taxable + taxCents };
};

/** The status an invoice shows: a sent invoice with a balance past its due date is overdue. */
export const shownInvoiceStatus = (invoice: BalanceFields & { status: StoredInvoiceStatus; dueDate: string }, today: string): InvoiceStatus =>
  invoice.status === 'sent' && invoiceBalanceCents(invoice) > 0 && invoice.dueDate < today ? 'overdue' : invoice.status;

/** The status in words: an open (sent or overdue) invoice with part of it paid reads "Partially paid". */
export const invoiceStatusLabel = (invoice: BalanceFields & { status: StoredInvoiceStatus; dueDate: string }, today: string): string => {
  const shown = shownInvoiceStatus(invoice, today);
  if ((shown === 'sent' || shown === 'overdue') && invoice.paidCents > 0 && invoiceBalanceCents(invoice) > 0)
    return shown === 'overdue' ? 'Partially paid (overdue)' : 'Partially paid';
  return INVOICE_STATUS_LABELS[shown];
};

/**
 * Send and Record Payment are offered for every invoice that is not paid, and not void or refunded
 * either: the server refuses those (issue 29, item 2; decision 033).
 */
export const canOfferInvoiceActions = (status: InvoiceStatus): boolean => status !== 'paid' && status !== 'cancelled' && status !== 'refunded';
export const canSendInvoice = (status: InvoiceStatus): boolean => status === 'draft' || status === 'sent' || status === 'overdue';
export const canRecordPayment = (status: InvoiceStatus): boolean => status === 'draft' || status === 'sent' || status === 'overdue';

/** True when a dollar amount has at most two decimals (allowing for binary floating point). */
export const hasWholeCents = isWholeCents;
