/**
 * Coupon arithmetic and eligibility. Amounts are dollars except Stripe-style `amount_off`,
 * which is cents as Stripe defines it.
 */
import { formatCurrency } from './format';
import { roundDollars } from './money';

export const DISCOUNT_TYPES = ['percentage_with_max', 'fixed_amount_with_min'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export interface CouponTerms {
  discountType: DiscountType | null;
  percentageOff: number | null;
  maxDiscountAmount: number | null;
  fixedAmountOff: number | null;
  minimumSpendRequired: number | null;
  /** Stripe style: percent of the amount. */
  percentOff?: number | null;
  /** Stripe style: cents off, capped at the amount. */
  amountOff?: number | null;
}

/** The discount in dollars (rounded to cents), never more than the amount. */
export const couponDiscount = (coupon: CouponTerms, amount: number): number => {
  if (!(amount > 0)) return 0;
  let discount = 0;
  if (coupon.discountType === 'percentage_with_max' && coupon.percentageOff) {
    discount = (amount * coupon.percentageOff) / 100;
    if (coupon.maxDiscountAmount != null && coupon.maxDiscountAmount > 0) discount = Math.min(discount, coupon.maxDiscountAmount);
  } else if (coupon.discountType === 'fixed_amount_with_min' && coupon.fixedAmountOff) {
    discount = amount >= (coupon.minimumSpendRequired ?? 0) ? coupon.fixedAmountOff : 0;
  } else if (coupon.percentOff) {
    discount = (amount * coupon.percentOff) / 100;
  } else if (coupon.amountOff) {
    discount = coupon.amountOff / 100;
  }
  return roundDollars(Math.min(Math.max(discount, 0), amount));
};

export interface CouponState {
  isActive: boolean;
  validFrom: string | null;
  validUntil: string | null;
  usageLimit: number | null;
  usageCount: number;
}

export type CouponDisplayStatus = 'Inactive' | 'Expired' | 'Limit Reached' | 'Active';

/** Evaluated in the specification's order: Inactive, Expired, Limit Reached, otherwise Active. */
export const couponDisplayStatus = (c: CouponState, today: string): CouponDisplayStatus => {
  if (!c.isActive) return 'Inactive';
  if (c.validUntil && c.validUntil < today) return 'Expired';
  if (c.usageLimit != null && c.usageCount >= c.usageLimit) return 'Limit Reached';
  return 'Active';
};

export interface CouponEligibility extends CouponState, CouponTerms {
  perUserLimit: number | null;
  restrictedToUserId: string | null;
  restrictedToDaypartIds: readonly string[];
}

/** Why a coupon cannot be used on this order; null when it can. */
export const couponRefusal = (
  c: CouponEligibility,
  use: { userId: string; userUses: number; amount: number; daypartIds: readonly string[]; today: string },
): string | null => {
  if (!c.isActive) return 'This coupon is not active';
  if (c.validFrom && c.validFrom > use.today) return 'This coupon is not valid yet';
  if (c.validUntil && c.validUntil < use.today) return 'This coupon has expired';
  if (c.usageLimit != null && c.usageCount >= c.usageLimit) return 'This coupon has reached its usage limit';
  if (c.perUserLimit != null && use.userUses >= c.perUserLimit) return 'You have already used this coupon the maximum number of times';
  if (c.restrictedToUserId && c.restrictedToUserId !== use.userId) return 'This coupon is not available for your account';
  if (c.restrictedToDaypartIds.length > 0) {
    const allowed = new Set(c.restrictedToDaypartIds);
    if (use.daypartIds.length === 0 || !use.daypartIds.every((id) => allowed.has(id))) return 'This coupon is not valid for the selected dayparts';
  }
  if (c.discountType === 'fixed_amount_with_min' && c.minimumSpendRequired != null && use.amount < c.minimumSpendRequired) {
    return `Minimum spend of ${formatCurrency(c.minimumSpendRequired)} required for this coupon`;
  }
  return null;
};

export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();
