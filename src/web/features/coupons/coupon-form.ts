/** The coupon form's values (as typed) and their translation to the API body, checked with the server's rules. */
import { stationToday } from '../../shared/station-time';
import { couponCreateSchema, couponRuleMessage, type Coupon } from '../../../domain/coupon-schemas';
import type { CouponBody } from '../../api/coupons';
import type { DiscountType } from '../../../domain/coupons';
import { fieldErrors } from '../../shared/field-errors';

export interface CouponFormValues {
  code: string;
  name: string;
  description: string;
  discount_type: DiscountType;
  percentage_off: string;
  max_discount_amount: string;
  fixed_amount_off: string;
  minimum_spend_required: string;
  usage_limit: string;
  per_user_limit: string;
  valid_from: string;
  valid_until: string;
  restricted_to_user_id: string;
  restricted_to_daypart_ids: string[];
  is_active: boolean;
}

export type CouponFormField = keyof CouponFormValues;
export type CouponFormErrors = Partial<Record<CouponFormField, string>>;

/** The fields in the order they appear, so the first error can take the focus. */
export const COUPON_FORM_ORDER: readonly CouponFormField[] = [
  'code',
  'name',
  'description',
  'discount_type',
  'percentage_off',
  'max_discount_amount',
  'fixed_amount_off',
  'minimum_spend_required',
  'usage_limit',
  'per_user_limit',
  'valid_from',
  'valid_until',
  'restricted_to_user_id',
  'restricted_to_daypart_ids',
  'is_active',
];

const text = (value: number | string | null | undefined): string => (value == null ? '' : String(value));

export const couponFormValues = (coupon: Coupon | null): CouponFormValues =>
  coupon
    ? {
        code: coupon.code,
        name: coupon.name,
        description: text(coupon.description),
        discount_type: coupon.discount_type,
        percentage_off: text(coupon.percentage_off),
        max_discount_amount: text(coupon.max_discount_amount),
        fixed_amount_off: text(coupon.fixed_amount_off),
        minimum_spend_required: text(coupon.minimum_spend_required),
        usage_limit: text(coupon.usage_limit),
        per_user_limit: text(coupon.per_user_limit),
        valid_from: coupon.valid_from.slice(0, 10),
        valid_until: coupon.valid_until ? coupon.valid_until.slice(0, 10) : '',
        restricted_to_user_id: coupon.restricted_to_user_id ?? '',
        restricted_to_daypart_ids: [...coupon.restricted_to_daypart_ids],
        is_active: coupon.is_active,
      }
    : {
        code: '',
        name: '',
        description: '',
        discount_type: 'percentage_with_max',
        percentage_off: '',
        max_discount_amount: '',
        fixed_amount_off: '',
        minimum_spend_required: '',
        usage_limit: '',
        per_user_limit: '',
        valid_from: stationToday(),
        valid_until: '',
        restricted_to_user_id: '',
        restricted_to_daypart_ids: [],
        is_active: true,
      };

const blank = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** Which field a cross-field rule of couponRuleMessage belongs to. */
const RULE_FIELDS: Record<string, CouponFormField> = {
  'Percentage off is required for a percentage discount': 'percentage_off',
  'Fixed amount off is required for a fixed amount discount': 'fixed_amount_off',
  'Valid until cannot be before valid from': 'valid_until',
};

export type CouponFormResult = { ok: true; body: CouponBody } | { ok: false; errors: CouponFormErrors };

/**
 * The body to send (every field; empty optional values as null; the other discount type's terms
 * cleared), or the errors to show under the fields, using the same schema and rules as the server.
 */
export const toCouponBody = (values: CouponFormValues, existing: Coupon | null = null): CouponFormResult => {
  const percentage = values.discount_type === 'percentage_with_max';
  const raw = {
    code: values.code,
    name: values.name,
    description: blank(values.description),
    discount_type: values.discount_type,
    percentage_off: percentage ? blank(values.percentage_off) : null,
    max_discount_amount: percentage ? blank(values.max_discount_amount) : null,
    fixed_amount_off: percentage ? null : blank(values.fixed_amount_off),
    minimum_spend_required: percentage ? null : blank(values.minimum_spend_required),
    usage_limit: blank(values.usage_limit),
    per_user_limit: blank(values.per_user_limit),
    valid_from: blank(values.valid_from),
    valid_until: blank(values.valid_until),
    restricted_to_user_id: blank(values.restricted_to_user_id),
    restricted_to_daypart_ids: values.restricted_to_daypart_ids,
    is_active: values.is_active,
  };
  const parsed = couponCreateSchema.safeParse(raw);
  const errors: CouponFormErrors = parsed.success ? {} : (fieldErrors(parsed.error) as CouponFormErrors);
  if (raw.valid_from === null && !errors.valid_from) errors.valid_from = 'Valid from is required';
  if (parsed.success && raw.valid_from !== null) {
    const data = parsed.data;
    const rule = couponRuleMessage({
      code: data.code,
      name: data.name,
      description: data.description ?? null,
      discount_type: data.discount_type ?? 'percentage_with_max',
      percentage_off: data.percentage_off ?? null,
      max_discount_amount: data.max_discount_amount ?? null,
      fixed_amount_off: data.fixed_amount_off ?? null,
      minimum_spend_required: data.minimum_spend_required ?? null,
      usage_limit: data.usage_limit ?? null,
      per_user_limit: data.per_user_limit ?? null,
      valid_from: data.valid_from ?? raw.valid_from,
      valid_until: data.valid_until ?? null,
      restricted_to_user_id: data.restricted_to_user_id ?? null,
      restricted_to_daypart_ids: data.restricted_to_daypart_ids ?? [],
      is_active: data.is_active ?? true,
      // Stripe-style terms are not on the form: an edit keeps the coupon's own.
      percent_off: existing?.percent_off ?? null,
      amount_off: existing?.amount_off ?? null,
      currency: existing?.currency ?? 'usd',
      duration: existing?.duration ?? 'once',
      duration_in_months: existing?.duration_in_months ?? null,
    });
    if (rule) errors[RULE_FIELDS[rule] ?? 'code'] = rule;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
};
