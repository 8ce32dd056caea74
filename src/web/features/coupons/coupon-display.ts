import type { Coupon } from '../../../domain/coupon-schemas';
import { formatCount, formatCurrency } from '../../../domain/format';

type Tone = 'slate' | 'blue' | 'green' | 'amber' | 'red' | 'purple';

/** '10% up to $250.00', '$100.00 off orders of $1,000.00+' (or the Stripe-style terms). */
export const discountSummary = (coupon: Coupon): string => {
  if (coupon.discount_type === 'percentage_with_max' && coupon.percentage_off != null) {
    const percent = `${Number(coupon.percentage_off.toFixed(2))}%`;
    return coupon.max_discount_amount != null ? `${percent} up to ${formatCurrency(coupon.max_discount_amount)}` : `${percent} off`;
  }
  if (coupon.discount_type === 'fixed_amount_with_min' && coupon.fixed_amount_off != null) {
    const amount = formatCurrency(coupon.fixed_amount_off);
    return coupon.minimum_spend_required != null ? `${amount} off orders of ${formatCurrency(coupon.minimum_spend_required)}+` : `${amount} off`;
  }
  if (coupon.percent_off != null) return `${Number(coupon.percent_off.toFixed(2))}% off`;
  if (coupon.amount_off != null) return `${formatCurrency(coupon.amount_off / 100)} off`;
  return '—';
};

/** 'used / limit', or 'used / ∞' when unlimited. */
export const usageSummary = (coupon: Pick<Coupon, 'usage_count' | 'usage_limit'>): string =>
  `${formatCount(coupon.usage_count)} / ${coupon.usage_limit == null ? '∞' : formatCount(coupon.usage_limit)}`;

export const DISPLAY_STATUS_TONES: Record<Coupon['display_status'], Tone> = {
  Active: 'green',
  Inactive: 'slate',
  Expired: 'red',
  'Limit Reached': 'amber',
};

/** Who and which dayparts the coupon is limited to; null when it is open to all. */
export const restrictionSummary = (coupon: Coupon): string | null => {
  const parts: string[] = [];
  if (coupon.restricted_to_user_id) parts.push(`Only ${coupon.restricted_to_user_name ?? 'one user'}`);
  if (coupon.restricted_dayparts.length > 0) parts.push(coupon.restricted_dayparts.map((d) => d.name).join(', '));
  return parts.length > 0 ? parts.join(' · ') : null;
};

export const deleteCouponConfirmation = (code: string): string => `Are you sure you want to delete coupon ${code}? This action cannot be undone.`;
