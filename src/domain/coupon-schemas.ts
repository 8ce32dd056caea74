/**
 * Coupon payloads and replies. Money is US dollars except Stripe-style `amount_off` (cents).
 * Empty strings for optional values mean null; numbers may arrive as numeric strings from forms.
 */
import { z } from 'zod';
import { DISCOUNT_TYPES } from './coupons';
import { isIsoDate } from './dates';
import { isWholeCents, wholeCentsMessage } from './money';
import { MAX_TEXT } from './validation';

export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;
export const MAX_COUPON_CODE = 50;
export const MAX_MONEY = 10_000_000;
const MAX_COUNT = 1_000_000;
const MAX_DAYPART_IDS = 200;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const NUMERIC = /^-?\d+(\.\d+)?$/;
const numeric = (v: unknown) => {
  const value = blankToNull(v);
  return typeof value === 'string' && NUMERIC.test(value.trim()) ? Number(value.trim()) : value;
};

/** An optional number (null or '' = none) with one message for every failure. */
const optionalNumber = (message: string, build: (n: z.ZodNumber) => z.ZodNumber) =>
  z.preprocess(
    numeric,
    build(z.number({ error: message }))
      .nullable()
      .optional(),
  );
const money = (label: string) => (n: z.ZodNumber) =>
  n.min(0.01, `${label} must be at least $0.01`).max(MAX_MONEY, `${label} is too large`).refine(isWholeCents, wholeCentsMessage(label));
const wholeAtLeastOne = (label: string) => (n: z.ZodNumber) =>
  n.int(`${label} must be a whole number of at least 1`).min(1, `${label} must be a whole number of at least 1`).max(MAX_COUNT, `${label} is too large`);

const optionalDate = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} must be a date (YYYY-MM-DD)` })
      .refine(isIsoDate, `${label} must be a date (YYYY-MM-DD)`)
      .nullable()
      .optional(),
  );

/** A list of dayparts; null or '' means none (the coupon applies to all dayparts). */
export const daypartIdsSchema = (message: string) =>
  z.preprocess(
    (v) => (blankToNull(v) === null ? [] : v),
    z
      .array(z.uuid({ error: message }), { error: message })
      .max(MAX_DAYPART_IDS, message)
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  );

export const couponCodeSchema = z
  .string({ error: 'Coupon code is required' })
  .trim()
  .min(1, 'Coupon code is required')
  .max(MAX_COUPON_CODE, `Coupon code must be at most ${MAX_COUPON_CODE} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'Coupon code may contain only letters, numbers, dashes and underscores')
  .transform((code) => code.toUpperCase());

const couponNameSchema = z
  .string({ error: 'Coupon name is required' })
  .trim()
  .min(1, 'Coupon name is required')
  .max(200, 'Coupon name must be at most 200 characters');

/** Every coupon field, each optional: PUT sends any subset, POST adds code and name as required. */
export const couponFieldsSchema = z.object(
  {
    code: couponCodeSchema.optional(),
    name: couponNameSchema.optional(),
    description: z.preprocess(
      blankToNull,
      z.string({ error: 'Description must be text' }).trim().max(1000, 'Description must be at most 1000 characters').nullable().optional(),
    ),
    discount_type: z.preprocess(
      blankToNull,
      z.enum(DISCOUNT_TYPES, { error: 'Discount type must be percentage_with_max or fixed_amount_with_min' }).nullable().optional(),
    ),
    percentage_off: optionalNumber('Percentage off must be between 1 and 100', (n) =>
      n.min(1, 'Percentage off must be between 1 and 100').max(100, 'Percentage off must be between 1 and 100'),
    ),
    max_discount_amount: optionalNumber('Maximum discount amount must be at least $0.01', money('Maximum discount amount')),
    fixed_amount_off: optionalNumber('Fixed amount off must be at least $0.01', money('Fixed amount off')),
    minimum_spend_required: optionalNumber('Minimum spend must be at least $0.01', money('Minimum spend')),
    usage_limit: optionalNumber('Usage limit must be a whole number of at least 1', wholeAtLeastOne('Usage limit')),
    per_user_limit: optionalNumber('Per-user limit must be a whole number of at least 1', wholeAtLeastOne('Per-user limit')),
    valid_from: optionalDate('Valid from'),
    valid_until: optionalDate('Valid until'),
    restricted_to_user_id: z.preprocess(blankToNull, z.uuid({ error: 'Selected user does not exist' }).nullable().optional()),
    restricted_to_daypart_ids: daypartIdsSchema('Restricted dayparts must be a list of daypart ids').optional(),
    is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
    percent_off: optionalNumber('Percent off must be greater than 0 and at most 100', (n) =>
      n.gt(0, 'Percent off must be greater than 0 and at most 100').max(100, 'Percent off must be greater than 0 and at most 100'),
    ),
    amount_off: optionalNumber('Amount off must be a whole number of cents, at least 1', (n) =>
      n
        .int('Amount off must be a whole number of cents, at least 1')
        .min(1, 'Amount off must be a whole number of cents, at least 1')
        .max(MAX_MONEY * 100, 'Amount off is too large'),
    ),
    currency: z.preprocess(
      blankToNull,
      z
        .string({ error: 'Currency must be usd' })
        .trim()
        .toLowerCase()
        .pipe(z.literal('usd', { error: 'Currency must be usd' }))
        .nullable()
        .optional(),
    ),
    duration: z.preprocess(blankToNull, z.enum(COUPON_DURATIONS, { error: 'Duration must be once, repeating or forever' }).nullable().optional()),
    duration_in_months: optionalNumber('Duration in months must be a whole number of at least 1', wholeAtLeastOne('Duration in months')),
  },
  { error: 'Request body must be a JSON object' },
);
export type CouponFields = z.infer<typeof couponFieldsSchema>;

export const couponCreateSchema = couponFieldsSchema.extend({ code: couponCodeSchema, name: couponNameSchema });
export const couponUpdateSchema = couponFieldsSchema;

/** A whole coupon as stored (after defaults or after merging an update), in API units. */
export interface CouponInput {
  code: string;
  name: string;
  description: string | null;
  discount_type: (typeof DISCOUNT_TYPES)[number];
  percentage_off: number | null;
  max_discount_amount: number | null;
  fixed_amount_off: number | null;
  minimum_spend_required: number | null;
  usage_limit: number | null;
  per_user_limit: number | null;
  valid_from: string;
  valid_until: string | null;
  restricted_to_user_id: string | null;
  restricted_to_daypart_ids: string[];
  is_active: boolean;
  percent_off: number | null;
  amount_off: number | null;
  currency: string;
  duration: (typeof COUPON_DURATIONS)[number];
  duration_in_months: number | null;
}

/** The rules that span fields; the first failing message, or null. */
export const couponRuleMessage = (c: CouponInput): string | null => {
  const stripe = c.percent_off != null || c.amount_off != null;
  if (c.discount_type === 'percentage_with_max' && c.percentage_off == null && !stripe) return 'Percentage off is required for a percentage discount';
  if (c.discount_type === 'fixed_amount_with_min' && c.fixed_amount_off == null && !stripe) return 'Fixed amount off is required for a fixed amount discount';
  if (c.valid_until && c.valid_until < c.valid_from) return 'Valid until cannot be before valid from';
  if (c.percent_off != null && c.amount_off != null) return 'A coupon takes either percent_off or amount_off, not both';
  if (c.duration === 'repeating' && c.duration_in_months == null) return 'Duration in months is required for repeating coupons';
  return null;
};

/** Keeps only the chosen type's fields, so a coupon never carries the other type's terms. */
export const normalizeCouponInput = (c: CouponInput): CouponInput => ({
  ...c,
  ...(c.discount_type === 'percentage_with_max'
    ? { fixed_amount_off: null, minimum_spend_required: null }
    : { percentage_off: null, max_discount_amount: null }),
  duration_in_months: c.duration === 'repeating' ? c.duration_in_months : null,
});

const amountSchema = (label: string) =>
  z.preprocess(
    numeric,
    z
      .number({ error: `${label} must be a number` })
      .min(0, `${label} cannot be negative`)
      .max(MAX_MONEY * 100, `${label} is too large`),
  );

export const COUPON_CODE_REQUIRED = 'Please enter a coupon code';

export const validateCouponBodySchema = z.preprocess(
  (v) => v ?? {},
  z.object(
    {
      // Blank is answered by the route with COUPON_CODE_REQUIRED (400, in both the error and the validate shape).
      coupon_code: z.preprocess((v) => v ?? '', z.string({ error: COUPON_CODE_REQUIRED }).trim().max(MAX_TEXT, 'Invalid coupon code')),
      /** Without an amount the coupon's own rules are checked and nothing is computed. */
      estimate_amount: amountSchema('Estimate amount').optional(),
      daypart_ids: daypartIdsSchema('Daypart ids must be a list of daypart ids').optional(),
    },
    { error: 'Request body must be a JSON object' },
  ),
);

export const useCouponBodySchema = z.object(
  {
    estimate_id: z.string({ error: 'Estimate is required' }).trim().min(1, 'Estimate is required').max(100, 'Estimate not found'),
    original_amount: amountSchema('Original amount'),
    // Accepted for compatibility and ignored: the server computes the discount itself.
    final_amount: z.preprocess(numeric, z.number({ error: 'Final amount must be a number' }).nullable().optional()),
    discount_amount: z.preprocess(numeric, z.number({ error: 'Discount amount must be a number' }).nullable().optional()),
    daypart_ids: daypartIdsSchema('Daypart ids must be a list of daypart ids').optional(),
  },
  { error: 'Request body must be a JSON object' },
);

export const couponListQuerySchema = z.object({
  active_only: z.enum(['true', 'false', '1', '0', ''], { error: 'active_only must be true or false' }).optional(),
  search: z.string().max(MAX_TEXT, 'Search is too long').optional(),
});

export const couponSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  discount_type: z.enum(DISCOUNT_TYPES),
  percentage_off: z.number().nullable(),
  max_discount_amount: z.number().nullable(),
  fixed_amount_off: z.number().nullable(),
  minimum_spend_required: z.number().nullable(),
  percent_off: z.number().nullable(),
  amount_off: z.number().nullable(),
  currency: z.string(),
  duration: z.enum(COUPON_DURATIONS),
  duration_in_months: z.number().nullable(),
  discount_amount: z.number(),
  usage_limit: z.number().nullable(),
  per_user_limit: z.number().nullable(),
  usage_count: z.number(),
  restricted_to_user_id: z.uuid().nullable(),
  restricted_to_user_name: z.string().nullable(),
  restricted_to_daypart_ids: z.array(z.string()),
  restricted_dayparts: z.array(z.object({ id: z.string(), name: z.string() })),
  valid_from: z.string(),
  valid_until: z.string().nullable(),
  is_active: z.boolean(),
  display_status: z.enum(['Inactive', 'Expired', 'Limit Reached', 'Active']),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const validateCouponReplySchema = z.object({
  valid: z.boolean(),
  coupon: couponSchema.extend({ final_amount: z.number() }).nullable(),
  message: z.string(),
});
export type ValidateCouponReply = z.infer<typeof validateCouponReplySchema>;
/** A blank code: an error reply that also reads as a validate reply. */
export const validateCouponRefusedSchema = z.object({
  error: z.string(),
  /** The input refused (decision 043): `coupon_code`. */
  field: z.string().optional(),
  valid: z.literal(false).optional(),
  coupon: z.null().optional(),
  message: z.string().optional(),
});

export const couponUsageSchema = z.object({
  id: z.uuid(),
  coupon_id: z.uuid(),
  user_id: z.uuid(),
  estimate_id: z.uuid().nullable(),
  original_amount: z.number(),
  discount_amount: z.number(),
  final_amount: z.number(),
  daypart_ids: z.array(z.string()),
  used_at: z.string(),
});
export const useCouponReplySchema = z.object({ message: z.string(), usage: couponUsageSchema });

export const couponUsageReplySchema = z.object({
  stats: z.object({ total_uses: z.number(), unique_users: z.number(), total_discount_given: z.number(), total_final_amount: z.number() }),
  recent_usages: z.array(
    z.object({
      id: z.uuid(),
      user_name: z.string().nullable(),
      user_email: z.string().nullable(),
      estimate_name: z.string().nullable(),
      original_amount: z.number(),
      discount_amount: z.number(),
      final_amount: z.number(),
      used_at: z.string(),
    }),
  ),
});
export type CouponUsageReply = z.infer<typeof couponUsageReplySchema>;
