/**
 * Billing on delivery and agency commission (decision 014), shared by server and browser: the
 * payloads, the messages, the invoice lines made from aired spots and the commission's rounding.
 */
import { z } from 'zod';
import { BILLING_MESSAGES, BILLING_MODES, DEFAULT_AGENCY_COMMISSION_RATE, DUE_DAYS_MAX, DUE_DAYS_MIN, INVOICE_DEFAULTS, type BillingMode } from './billing';
import { broadcastMonthLabel, isBroadcastMonthKey } from './broadcast-calendar';
import { formatTimeRange } from './display-times';
import { countOf } from './format';

export const BILLING_MODE_LABELS: Record<BillingMode, string> = { up_front: 'up front', monthly: 'monthly on delivery' };

export const DELIVERY_MESSAGES = {
  billMonthly: 'This order is billed monthly on delivery: bill its broadcast months',
  nothingLeft: 'Every aired spot of this order is already billed',
  modeLocked: 'The billing mode cannot change while the order has a live invoice',
  billingMode: "Billing mode must be 'up_front' or 'monthly'",
  month: 'Month must be a broadcast month (YYYY-MM)',
  monthRange: 'Month must be between 2000-01 and 2999-12',
  isAgency: 'is_agency must be true or false',
  commissionRate: 'Commission rate must be a fraction from 0 up to (not including) 1: 0.15 for 15%',
  userNotFound: 'User not found',
} as const;

export const billingModeMessage = (mode: BillingMode) => `Billing mode set to ${BILLING_MODE_LABELS[mode]}`;
export const monthNotEndedMessage = (month: string, end: string) => `${broadcastMonthLabel(month)} has not ended yet: its last day is ${end}`;

/** "1 invoice created", "3 invoices created", "No aired spots to bill in November 2026". */
export const broadcastMonthResultMessage = (count: number, month: string): string =>
  count === 0 ? `No aired spots to bill in ${broadcastMonthLabel(month)}` : `${countOf(count, 'invoice')} created`;

export const agencyMessage = (rate: number | null) =>
  rate === null ? 'The account is no longer an agency' : `The account is an agency with a ${Number((rate * 100).toFixed(4))}% commission`;

// ── payloads ──────────────────────────────────────────────────────────────────

const object = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: 'Request body must be a JSON object' });
const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const NUMERIC = /^\s*\d{1,20}(\.\d{1,20})?\s*$/;
const numeric = (v: unknown) => {
  const value = blank(v);
  return typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value;
};

export const billingModeBodySchema = object({ billing_mode: z.enum(BILLING_MODES, { error: DELIVERY_MESSAGES.billingMode }) });

export const broadcastMonthBodySchema = object({
  month: z
    .string({ error: DELIVERY_MESSAGES.month })
    .trim()
    .refine(isBroadcastMonthKey, DELIVERY_MESSAGES.month)
    .refine((m) => m >= '2000-01' && m <= '2999-12', DELIVERY_MESSAGES.monthRange),
  due_days: z
    .preprocess(
      numeric,
      z
        .number({ error: BILLING_MESSAGES.dueDays })
        .int(BILLING_MESSAGES.dueDays)
        .min(DUE_DAYS_MIN, BILLING_MESSAGES.dueDays)
        .max(DUE_DAYS_MAX, BILLING_MESSAGES.dueDays)
        .optional(),
    )
    .transform((n) => n ?? INVOICE_DEFAULTS.due_days),
  tax_rate: z
    .preprocess(numeric, z.number({ error: BILLING_MESSAGES.taxRate }).min(0, BILLING_MESSAGES.taxRate).max(1, BILLING_MESSAGES.taxRate).optional())
    .transform((n) => Math.round((n ?? INVOICE_DEFAULTS.tax_rate) * 1_000_000) / 1_000_000),
  payment_terms: z
    .preprocess(blank, z.string({ error: 'Payment terms must be text' }).trim().max(200, 'Payment terms must be at most 200 characters').optional())
    .transform((s) => s || INVOICE_DEFAULTS.payment_terms),
});
export type BroadcastMonthBody = z.output<typeof broadcastMonthBodySchema>;

export const agencyBodySchema = object({
  is_agency: z.boolean({ error: DELIVERY_MESSAGES.isAgency }),
  commission_rate: z.preprocess(
    numeric,
    z.number({ error: DELIVERY_MESSAGES.commissionRate }).min(0, DELIVERY_MESSAGES.commissionRate).lt(1, DELIVERY_MESSAGES.commissionRate).optional(),
  ),
}).transform(({ is_agency, commission_rate }) => ({
  rate: is_agency ? Math.round((commission_rate ?? DEFAULT_AGENCY_COMMISSION_RATE) * 1_000_000) / 1_000_000 : null,
}));

// ── replies ───────────────────────────────────────────────────────────────────

/** A line of an invoice as stored: quantity × unit price = amount; an invoice's lines add up to its subtotal. */
export const storedInvoiceLineSchema = z.object({
  position: z.number().int(),
  description: z.string(),
  daypart_id: z.uuid().nullable(),
  quantity: z.number().int(),
  unit_price: z.number(),
  amount: z.number(),
});
export type StoredInvoiceLine = z.infer<typeof storedInvoiceLineSchema>;

// ── amounts ───────────────────────────────────────────────────────────────────

/** An agency's commission on the gross total: total × rate, half a cent up (exact, in BigInt). */
export const commissionCents = (totalCents: number, rate: number): number => {
  const millionths = BigInt(Math.round(rate * 1_000_000));
  return Number((BigInt(totalCents) * millionths + 500_000n) / 1_000_000n);
};

export interface BillableSpot {
  daypartId: string;
  daypartName: string;
  /** The daypart's hours: the line names them, and the lines follow the day. */
  startTime: string;
  endTime: string;
  costCents: number;
}

export interface DeliveryLine {
  position: number;
  description: string;
  daypartId: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

/**
 * One line per daypart (and per cost of a spot, should an order hold two): spots × cost per spot.
 * The lines add up to the subtotal by construction: each amount is an exact product.
 */
export const deliveryLines = (spots: readonly BillableSpot[], period: string): DeliveryLine[] => {
  const groups = new Map<string, { spot: BillableSpot; quantity: number }>();
  for (const spot of spots) {
    const key = `${spot.daypartId}:${spot.costCents}`;
    const group = groups.get(key) ?? { spot, quantity: 0 };
    group.quantity += 1;
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort(
      (a, b) => a.spot.startTime.localeCompare(b.spot.startTime) || a.spot.daypartName.localeCompare(b.spot.daypartName) || a.spot.costCents - b.spot.costCents,
    )
    .map(({ spot, quantity }, i) => ({
      position: i + 1,
      description: `${spot.daypartName} · ${formatTimeRange(spot.startTime, spot.endTime)}: ${countOf(quantity, 'spot')} aired ${period}`,
      daypartId: spot.daypartId,
      quantity,
      unitCents: spot.costCents,
      amountCents: quantity * spot.costCents,
    }));
};

/**
 * The coupon's share of an invoice billed on delivery (decision 051): the order's coupon spread over
 * what aired in proportion to the gross billed, `billed × coupon ÷ order gross` rounded half up,
 * never more than what earlier invoices of the order left of the coupon, nor than the gross billed.
 * An order that airs in full is discounted by its whole coupon, as it is when billed up front.
 */
export const couponShareCents = ({
  billedCents,
  orderGrossCents,
  couponCents,
  takenCents,
}: {
  billedCents: number;
  orderGrossCents: number;
  couponCents: number;
  /** What the order's live invoices already took of the coupon. */
  takenCents: number;
}): number => {
  if (couponCents <= 0 || orderGrossCents <= 0 || billedCents <= 0) return 0;
  const share = Number((BigInt(billedCents) * BigInt(couponCents) * 2n + BigInt(orderGrossCents)) / (2n * BigInt(orderGrossCents)));
  return Math.max(0, Math.min(share, couponCents - takenCents, billedCents));
};
