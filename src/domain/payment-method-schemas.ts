/**
 * Saved cards. Only the card network, the last four digits and the expiry are ever accepted or
 * stored: a payload that carries a full card number or a security code is refused outright.
 */
import { z } from 'zod';

export const FULL_CARD_NUMBER_REFUSED = 'Full card numbers must not be sent; send only brand, last4 and expiry';
export const CARD_EXPIRED = 'Card has expired';

/** Field names that only ever hold a full card number or a security code. */
const CARD_FIELDS = new Set([
  'number',
  'cardnumber',
  'ccnumber',
  'cardno',
  'pan',
  'primaryaccountnumber',
  'accountnumber',
  'cvc',
  'cvv',
  'cvc2',
  'cvv2',
  'securitycode',
]);
const LONG_DIGIT_RUN = /\d(?:[ -]?\d){11,}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when a payload (at any depth) has a card-number-like field, or a value that is a run of 12+ digits. */
export const carriesFullCardNumber = (value: unknown, depth = 0): boolean => {
  if (depth > 32) return false;
  if (typeof value === 'string') return !UUID.test(value.trim()) && LONG_DIGIT_RUN.test(value);
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) >= 1e11;
  if (Array.isArray(value)) return value.some((v) => carriesFullCardNumber(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, v]) => CARD_FIELDS.has(key.toLowerCase().replace(/[^a-z0-9]/g, '')) || carriesFullCardNumber(v, depth + 1));
  }
  return false;
};

/** A card is good through the last day of its expiry month (UTC). */
export const isCardExpired = (expMonth: number, expYear: number, now: Date = new Date()): boolean => {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
};

const toNumber = (v: unknown) => (typeof v === 'string' && /^\d{1,6}$/.test(v.trim()) ? Number(v.trim()) : v);
const MONTH = 'Expiry month must be between 1 and 12';
const YEAR = 'Expiry year must be 4 digits';
const expMonth = z.preprocess(toNumber, z.number({ error: MONTH }).int(MONTH).min(1, MONTH).max(12, MONTH));
const expYear = z.preprocess(toNumber, z.number({ error: YEAR }).int(YEAR).min(1000, YEAR).max(9999, YEAR));
const isDefault = z.boolean({ error: 'is_default must be true or false' });

export const paymentMethodCreateSchema = z.object(
  {
    brand_id: z.string({ error: 'Brand is required' }).trim().min(1, 'Brand is required').max(100, 'Brand not found'),
    brand: z
      .string({ error: 'Card brand is required' })
      .trim()
      .min(1, 'Card brand is required')
      .max(30, 'Card brand must be at most 30 characters')
      .regex(/^[A-Za-z][A-Za-z .&-]*$/, 'Card brand must be a card network name such as Visa'),
    last4: z
      .string({ error: 'Last 4 digits must be exactly 4 digits' })
      .trim()
      .regex(/^\d{4}$/, 'Last 4 digits must be exactly 4 digits'),
    exp_month: expMonth,
    exp_year: expYear,
    is_default: isDefault.optional(),
  },
  { error: 'Request body must be a JSON object' },
);
export type PaymentMethodCreate = z.infer<typeof paymentMethodCreateSchema>;

export const paymentMethodUpdateSchema = z.object(
  { is_default: isDefault.optional(), exp_month: expMonth.optional(), exp_year: expYear.optional() },
  { error: 'Request body must be a JSON object' },
);
export type PaymentMethodUpdate = z.infer<typeof paymentMethodUpdateSchema>;

export const paymentMethodListQuerySchema = z.object({ brand_id: z.string().max(100).optional() });

export const paymentMethodSchema = z.object({
  id: z.uuid(),
  /** The card network, e.g. Visa. */
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  is_default: z.boolean(),
  brand_id: z.uuid(),
  /** The advertiser brand's common name. */
  brand_name: z.string(),
  created_at: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
