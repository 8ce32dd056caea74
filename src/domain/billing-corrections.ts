/**
 * Correcting invoices (decision 013): the lock on an invoiced order, voids, credit notes, refunds,
 * the advertiser's own invoices and receivables ageing. Rules and messages shared by server and
 * browser; amounts in integer cents unless a name says otherwise.
 */
import { z } from 'zod';
import { channelFilterSchema } from './channel-schemas';
import { hasWholeCents, invoiceBalanceCents, type BalanceFields, type InvoiceStatus } from './billing';
import { formatCurrency } from './format';
import { toDollars } from './money';

export const REASON_MAX = 500;

export const CORRECTION_MESSAGES = {
  orderInvoiced: 'This order has been invoiced: void or credit its invoice before changing it',
  voidReason: 'Give a reason for voiding the invoice',
  reasonTooLong: `The reason must be at most ${REASON_MAX} characters`,
  voidWithPayments: 'An invoice with payments cannot be voided; issue a credit note instead',
  voidWithCredits: 'An invoice with credit notes cannot be voided; issue a further credit note instead',
  voidPaid: 'A paid invoice cannot be voided; issue a credit note instead',
  voidCancelled: 'This invoice is already void',
  voidRefunded: 'A refunded invoice cannot be voided',
  voided: 'Invoice voided',
  creditReason: 'Give a reason for the credit note',
  creditAmountRequired: 'Credit amount is required',
  creditAmountNumber: 'Credit amount must be a number',
  creditAmountPositive: 'Credit amount must be greater than 0',
  creditDraft: 'A draft invoice cannot be credited; void it instead',
  creditCancelled: 'A void invoice cannot be credited',
  creditRefunded: 'A refunded invoice cannot be credited',
  fullyCredited: 'This invoice is already fully credited',
  creditNoteNotFound: 'Credit note not found',
  creditIssued: 'Credit note issued',
  directionInvalid: 'direction must be payment or refund',
  moneyDecimals: 'Amounts must have at most 2 decimal places',
} as const;

export const overCreditMessage = (creditableCents: number) =>
  `Credit amount cannot exceed the creditable amount of ${formatCurrency(toDollars(creditableCents))}`;
export const overRefundMessage = (refundDueCents: number) => `Refund amount cannot exceed the refund due of ${formatCurrency(toDollars(refundDueCents))}`;

/** What a credit note may still take off: the net (total less commission) less what is already credited. */
export const creditableCents = (invoice: Pick<BalanceFields, 'totalCents' | 'commissionCents' | 'creditedCents'>): number =>
  Math.max(0, invoice.totalCents - invoice.commissionCents - invoice.creditedCents);

/** What is owed back to the advertiser (0 unless payments and credits passed the net). */
export const refundDueCents = (invoice: BalanceFields): number => Math.max(0, -invoiceBalanceCents(invoice));

/** Why an invoice in this (shown) status cannot be voided, or null when it can (payments and credits are checked apart). */
export const voidRefusal = (status: InvoiceStatus): string | null => {
  if (status === 'draft' || status === 'sent' || status === 'overdue') return null;
  if (status === 'paid') return CORRECTION_MESSAGES.voidPaid;
  if (status === 'refunded') return CORRECTION_MESSAGES.voidRefunded;
  return CORRECTION_MESSAGES.voidCancelled;
};

/** Why an invoice in this (shown) status cannot be credited, or null: sent, overdue and paid ones can. */
export const creditRefusal = (status: InvoiceStatus): string | null => {
  if (status === 'sent' || status === 'overdue' || status === 'paid') return null;
  if (status === 'draft') return CORRECTION_MESSAGES.creditDraft;
  if (status === 'refunded') return CORRECTION_MESSAGES.creditRefunded;
  return CORRECTION_MESSAGES.creditCancelled;
};

/** The screen offers Void on draft, sent and overdue invoices with nothing paid or credited. */
export const canOfferVoid = (invoice: { status: InvoiceStatus; paid_amount: number; credited_amount: number }): boolean =>
  voidRefusal(invoice.status) === null && invoice.paid_amount === 0 && invoice.credited_amount === 0;
/** The screen offers Issue credit note on sent, overdue and paid invoices with something left to credit. */
export const canOfferCredit = (invoice: { status: InvoiceStatus; net_amount: number; credited_amount: number }): boolean =>
  creditRefusal(invoice.status) === null && invoice.credited_amount < invoice.net_amount;

// ── ageing ────────────────────────────────────────────────────────────────────

export const AGEING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_BUCKET_LABELS: Record<AgeingBucket, string> = {
  current: 'Current',
  days_1_30: '1–30 days',
  days_31_60: '31–60 days',
  days_61_90: '61–90 days',
  days_over_90: '90+ days',
};

/** The last day past due of each bucket but the open-ended last one (0 or less: not yet due). */
export const AGEING_LAST_DAYS = [0, 30, 60, 90] as const;

/** The bucket of an open invoice `daysPastDue` days after its due date (0 or less: not yet due). */
export const ageingBucket = (daysPastDue: number): AgeingBucket => {
  const index = AGEING_LAST_DAYS.findIndex((last) => daysPastDue <= last);
  return AGEING_BUCKETS[index === -1 ? AGEING_LAST_DAYS.length : index]!;
};

// ── payloads ──────────────────────────────────────────────────────────────────

const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const NUMERIC = /^\s*-?\d{1,20}(\.\d{1,20})?\s*$/;

const reasonField = (required: string) =>
  z.preprocess(blank, z.string({ error: required }).trim().min(1, required).max(REASON_MAX, CORRECTION_MESSAGES.reasonTooLong));

export const voidInvoiceBodySchema = z.object({ reason: reasonField(CORRECTION_MESSAGES.voidReason) }, { error: CORRECTION_MESSAGES.voidReason });

export const MAX_CREDIT_MONEY = 10_000_000_000;
export const creditNoteBodySchema = z.object(
  {
    amount: z.preprocess(
      (v) => {
        const value = blank(v);
        return typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value;
      },
      z
        .number({ error: (issue) => (issue.input === undefined ? CORRECTION_MESSAGES.creditAmountRequired : CORRECTION_MESSAGES.creditAmountNumber) })
        .gt(0, CORRECTION_MESSAGES.creditAmountPositive)
        .max(MAX_CREDIT_MONEY, 'Credit amount is too large')
        .refine(hasWholeCents, CORRECTION_MESSAGES.moneyDecimals),
    ),
    reason: reasonField(CORRECTION_MESSAGES.creditReason),
  },
  { error: CORRECTION_MESSAGES.creditAmountRequired },
);

// ── replies ───────────────────────────────────────────────────────────────────

export const creditNoteSchema = z.object({
  id: z.uuid(),
  credit_number: z.string(),
  invoice_id: z.uuid(),
  invoice_number: z.string(),
  amount: z.number(),
  reason: z.string(),
  issue_date: z.string(),
  created_at: z.string(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

const bucketAmounts = Object.fromEntries(AGEING_BUCKETS.map((b) => [b, z.number()])) as Record<AgeingBucket, z.ZodNumber>;
export const ageingRowSchema = z.object({
  customer_id: z.uuid(),
  customer_name: z.string(),
  customer_email: z.string(),
  ...bucketAmounts,
  total: z.number(),
  invoices: z.number().int(),
});
export type AgeingRow = z.infer<typeof ageingRowSchema>;
export const ageingReplySchema = z.object({
  as_of: z.string(),
  rows: z.array(ageingRowSchema),
  totals: z.object({ ...bucketAmounts, total: z.number(), invoices: z.number().int() }),
  /** Only when a page was asked for: `rows` is then rows offset … offset + limit − 1 of the list (totals stay everyone's). */
  pagination: z.object({ offset: z.number().int(), limit: z.number().int(), total: z.number().int() }).optional(),
});
const wholeNumber = (name: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*-?\d{1,20}(\.\d{1,20})?\s*$/.test(value) ? Number(value) : value),
    z.number({ error: `${name} must be a whole number` }).int(`${name} must be a whole number`),
  );
export const AGEING_PAGE_SIZE = 100;
/** Ageing by pages (issue 28): advertisers in the list's order, `limit` of them from `offset`. */
export const ageingQuerySchema = z.object({
  limit: wholeNumber('limit').pipe(z.number().min(1, 'limit must be at least 1').max(1000, 'limit must be at most 1000')).optional(),
  offset: wholeNumber('offset').pipe(z.number().min(0, 'offset cannot be negative').max(1_000_000_000, 'offset is too large')).optional(),
  /** One channel's orders' invoices (decision 053); left out, every channel's (a limited admin's: theirs). */
  channel_id: channelFilterSchema.shape.channel_id,
});
export type AgeingReply = z.infer<typeof ageingReplySchema>;

export const AGEING_CSV_COLUMNS = ['customer_name', 'customer_email', ...AGEING_BUCKETS, 'total', 'invoices'] as const;
