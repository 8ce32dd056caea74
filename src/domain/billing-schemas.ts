/**
 * Billing payloads and replies. Money is US dollars (at most 2 decimals); the tax rate is a
 * fraction (0.0825 for 8.25%). Numbers may arrive as numeric strings from forms; '' means absent.
 */
import { agencyCodesReplyShape } from './agency-codes';
import { z } from 'zod';
import {
  BILLING_ANALYTICS_DAYS,
  BILLING_MESSAGES,
  INVOICE_KINDS,
  MAX_PAYMENT_REFERENCE,
  PAYMENT_DIRECTIONS,
  PAYMENT_METHODS,
  DUE_DAYS_MAX,
  DUE_DAYS_MIN,
  INVOICE_DEFAULTS,
  INVOICE_PAGE_SIZE,
  INVOICE_PAGE_SIZE_MAX,
  INVOICE_STATUSES,
  hasWholeCents,
} from './billing';
import { CORRECTION_MESSAGES, creditNoteSchema } from './billing-corrections';
import { storedInvoiceLineSchema } from './billing-delivery';
import { isIsoDate } from './dates';

export const MAX_INVOICE_MONEY = 10_000_000_000;
const MAX_TERMS = 200;
const MAX_NOTES = 2000;
const MAX_CUSTOM_MESSAGE = 5000;
const MAX_SEARCH = 200;

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const NUMERIC = /^\s*-?\d{1,20}(\.\d{1,20})?\s*$/;
const numeric = (v: unknown) => {
  const value = blankToUndefined(v);
  return typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value;
};
const numberField = (message: string) => z.preprocess(numeric, z.number({ error: message }).optional());

const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isIsoDate, `${label} must be a date (YYYY-MM-DD)`)
    .refine((d) => d >= '2000-01-01' && d <= '2999-12-31', `${label} is out of range`);

const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .optional(),
  );

const wholeCents = (n: number) => hasWholeCents(n);

// ── payloads ──────────────────────────────────────────────────────────────────

export const createInvoiceBodySchema = z
  .object(
    {
      due_days: numberField(BILLING_MESSAGES.dueDays)
        .pipe(z.number().int(BILLING_MESSAGES.dueDays).min(DUE_DAYS_MIN, BILLING_MESSAGES.dueDays).max(DUE_DAYS_MAX, BILLING_MESSAGES.dueDays).optional())
        .transform((n) => n ?? INVOICE_DEFAULTS.due_days),
      tax_rate: numberField(BILLING_MESSAGES.taxRate)
        .pipe(z.number().min(0, BILLING_MESSAGES.taxRate).max(1, BILLING_MESSAGES.taxRate).optional())
        .transform((n) => Math.round((n ?? INVOICE_DEFAULTS.tax_rate) * 1_000_000) / 1_000_000),
      discount_amount: numberField('Discount amount must be a number')
        .pipe(
          z
            .number()
            .min(0, BILLING_MESSAGES.discountNegative)
            .max(MAX_INVOICE_MONEY, BILLING_MESSAGES.discountAboveSubtotal)
            .refine(wholeCents, BILLING_MESSAGES.moneyDecimals)
            .optional(),
        )
        .transform((n) => n ?? INVOICE_DEFAULTS.discount_amount),
      payment_terms: optionalText('Payment terms', MAX_TERMS).transform((s) => s || INVOICE_DEFAULTS.payment_terms),
      notes: optionalText('Notes', MAX_NOTES).transform((s) => s || null),
    },
    { error: 'Request body must be a JSON object' },
  )
  .nullish()
  .transform(
    (body) =>
      body ?? {
        due_days: INVOICE_DEFAULTS.due_days,
        tax_rate: INVOICE_DEFAULTS.tax_rate,
        discount_amount: INVOICE_DEFAULTS.discount_amount,
        payment_terms: INVOICE_DEFAULTS.payment_terms,
        notes: null,
      },
  );
export type CreateInvoiceBody = z.output<typeof createInvoiceBodySchema>;

export const paymentBodySchema = z
  .object(
    {
      amount: numberField('Payment amount must be a number').pipe(
        z
          .number()
          .gt(0, BILLING_MESSAGES.paymentPositive)
          .max(MAX_INVOICE_MONEY, 'Payment amount is too large')
          .refine(wholeCents, BILLING_MESSAGES.moneyDecimals)
          .optional(),
      ),
      payment_date: z.preprocess(blankToUndefined, isoDate('Payment date').optional()),
      notes: optionalText('Notes', MAX_NOTES).transform((s) => s || null),
      /** payment (default): money received; refund: money paid back, at most the refund due (decision 013). */
      direction: z.preprocess(blankToUndefined, z.enum(PAYMENT_DIRECTIONS, { error: CORRECTION_MESSAGES.directionInvalid }).default('payment')),
      /** How the money moved and its reference (issue 29, item 22); both optional. */
      method: z
        .preprocess(blankToUndefined, z.enum(PAYMENT_METHODS, { error: `Payment method must be one of ${PAYMENT_METHODS.join(', ')}` }).nullish())
        .transform((v) => v ?? null),
      reference: optionalText('Reference', MAX_PAYMENT_REFERENCE).transform((s) => s || null),
    },
    { error: BILLING_MESSAGES.paymentRequired },
  )
  .refine((b) => b.amount !== undefined && b.payment_date !== undefined, BILLING_MESSAGES.paymentRequired)
  .transform((b) => ({ amount: b.amount!, payment_date: b.payment_date!, notes: b.notes, direction: b.direction, method: b.method, reference: b.reference }));

export const sendInvoiceBodySchema = z
  .object({ custom_message: optionalText('Custom message', MAX_CUSTOM_MESSAGE).transform((s) => s || null) }, { error: 'Request body must be a JSON object' })
  .nullish()
  .transform((body) => body ?? { custom_message: null });

const wholeNumber = (label: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    numeric,
    z
      .number({ error: `${label} must be a whole number between ${min} and ${max}` })
      .int(`${label} must be a whole number between ${min} and ${max}`)
      .min(min, `${label} must be a whole number between ${min} and ${max}`)
      .max(max, `${label} must be a whole number between ${min} and ${max}`)
      .default(fallback),
  );

export const invoiceListQuerySchema = z.object({
  page: wholeNumber('page', 1, 1_000_000, 1),
  limit: wholeNumber('limit', 1, INVOICE_PAGE_SIZE_MAX, INVOICE_PAGE_SIZE),
  status: z.preprocess(blankToUndefined, z.enum(INVOICE_STATUSES, { error: `status must be one of ${INVOICE_STATUSES.join(', ')}` }).optional()),
  customer_id: z.preprocess(blankToUndefined, z.uuid({ error: 'customer_id must be a valid id' }).optional()),
  brand_id: z.preprocess(blankToUndefined, z.uuid({ error: 'brand_id must be a valid id' }).optional()),
  /** The invoices of one channel's orders (decision 053); default: every channel (a limited admin: theirs). */
  channel_id: z.preprocess(blankToUndefined, z.uuid({ error: 'Channel not found' }).optional()),
  date_from: z.preprocess(blankToUndefined, isoDate('date_from').optional()),
  date_to: z.preprocess(blankToUndefined, isoDate('date_to').optional()),
  search: z.preprocess(
    blankToUndefined,
    z.string({ error: 'search must be text' }).trim().max(MAX_SEARCH, `search must be at most ${MAX_SEARCH} characters`).optional(),
  ),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

export const billingAnalyticsQuerySchema = z.object({
  timeframe: wholeNumber('timeframe', 1, 365, BILLING_ANALYTICS_DAYS),
  /** One channel's orders' invoices (decision 053); left out, every channel's (a limited admin's: theirs). */
  channel_id: z.uuid({ error: 'Channel not found' }).optional(),
});

// ── replies ───────────────────────────────────────────────────────────────────

export const invoiceSchema = z.object({
  id: z.uuid(),
  invoice_number: z.string(),
  estimate_id: z.uuid(),
  estimate_name: z.string().nullable(),
  customer_id: z.uuid(),
  /** The advertiser: its company, else the person, else the e-mail, as ageing and statements name it (`advertiserName`, decision 061). */
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  /** The person of the advertiser's account ("Attn:" on the invoice; the e-mail's greeting); null without a name. */
  customer_contact: z.string().nullable(),
  brand_id: z.uuid().nullable(),
  brand_name: z.string().nullable(),
  /** The order's amount owed when the invoice was made. */
  subtotal: z.number(),
  discount_amount: z.number(),
  /** A fraction: 0.0825 is 8.25%. */
  tax_rate: z.number(),
  tax_amount: z.number(),
  /** The gross: lines less discount plus tax. */
  total_amount: z.number(),
  /** An agency's commission (0 for a direct advertiser), and what the advertiser owes: total less commission. */
  commission_rate: z.number(),
  commission_amount: z.number(),
  net_amount: z.number(),
  credited_amount: z.number(),
  /** Money received; refunds paid back are in refunded_amount. */
  paid_amount: z.number(),
  refunded_amount: z.number(),
  /** What is still owed (never below 0); refund_due is what is owed back to the advertiser. */
  balance_due: z.number(),
  refund_due: z.number(),
  /** Shown status: a sent invoice with a balance past its due date is `overdue`. */
  status: z.enum(INVOICE_STATUSES),
  /** The status in words, with "Partially paid" for an open invoice with part of it paid. */
  status_label: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** The broadcast month billed (kind broadcast_month), otherwise null. */
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  void_reason: z.string().nullable(),
  voided_at: z.string().nullable(),
  issue_date: z.string(),
  due_date: z.string(),
  payment_terms: z.string(),
  notes: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoicePaymentSchema = z.object({
  id: z.uuid(),
  invoice_id: z.uuid(),
  amount: z.number(),
  /** payment: received; refund: paid back to the advertiser. */
  direction: z.enum(PAYMENT_DIRECTIONS),
  payment_date: z.string(),
  notes: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  reference: z.string().nullable(),
  created_by: z.uuid().nullable(),
  created_at: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/** One line of the invoice: a time slot of the order. */
export const invoiceLineSchema = z.object({
  daypart_name: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  days_of_week: z.array(z.string()),
  spots_per_occurrence: z.number().int(),
  cpm: z.number(),
  weekly_cost: z.number(),
});

export const invoiceDetailSchema = invoiceSchema.extend({
  order_start_date: z.string().nullable(),
  order_end_date: z.string().nullable(),
  /** The order's gross before its coupon (its budget), and the coupon's code (decision 020). */
  order_gross: z.number(),
  coupon_code: z.string().nullable(),
  /** The agency's codes on the order (issue 27), printed on the invoice and its credit notes. */
  ...agencyCodesReplyShape,
  /** The order's commercial (issue 27): its Ad-ID (or ISCI) and title, printed on the invoice. */
  commercial_ad_id: z.string().nullable(),
  commercial_title: z.string().nullable(),
  /** Whom the invoice is addressed to: the brand's legal name and postal address (decision 020). */
  brand_legal_name: z.string().nullable(),
  brand_address: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  /** The invoice's own lines as stored (quantity × unit price = amount; they add up to the subtotal). */
  invoice_lines: z.array(storedInvoiceLineSchema),
  /**
   * A delivery (month or final) invoice's spots, one by one as on the affidavit (issue 29, item 6):
   * the day, scheduled and actual station times, daypart, house code, length and cost. Empty for up-front invoices.
   */
  billed_spots: z.array(
    z.object({
      air_date: z.string(),
      scheduled_time: z.string(),
      actual_time: z.string().nullable(),
      daypart_name: z.string(),
      house_code: z.string(),
      duration_seconds: z.number().int(),
      makegood: z.boolean(),
      cost: z.number(),
    }),
  ),
  payments: z.array(invoicePaymentSchema),
  /** Credit notes against the invoice, oldest first (decision 013). */
  credit_notes: z.array(creditNoteSchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceListReplySchema = z.object({
  invoices: z.array(invoiceSchema),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
});
export type InvoiceListReply = z.infer<typeof invoiceListReplySchema>;

export const billingAnalyticsSchema = z.object({
  overview: z.object({
    total_billed: z.number(),
    total_invoices: z.number().int(),
    total_collected: z.number(),
    paid_invoices: z.number().int(),
    total_outstanding: z.number(),
    sent_invoices: z.number().int(),
    avg_invoice_amount: z.number(),
  }),
  payment_trends: z.array(z.object({ date: z.string(), daily_payments: z.number() })),
  top_customers: z.array(z.object({ customer_id: z.uuid(), customer_name: z.string(), total_billed: z.number(), total_paid: z.number() })),
});
export type BillingAnalytics = z.infer<typeof billingAnalyticsSchema>;
