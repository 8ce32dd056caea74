/**
 * Maps a stored coupon row (money in cents) to the domain's terms and eligibility (money in dollars).
 */
import type { CouponEligibility, CouponTerms } from '../../../domain/coupons';
import { toDollars } from '../../../domain/money';
import type { coupons } from '../../db/schema';

export type CouponRow = typeof coupons.$inferSelect;

const dollarsOrNull = (cents: number | null): number | null => (cents == null ? null : toDollars(cents));

export const couponTerms = (row: CouponRow): CouponTerms => ({
  discountType: row.discountType,
  percentageOff: row.percentageOff,
  maxDiscountAmount: dollarsOrNull(row.maxDiscountAmountCents),
  fixedAmountOff: dollarsOrNull(row.fixedAmountOffCents),
  minimumSpendRequired: dollarsOrNull(row.minimumSpendRequiredCents),
  percentOff: row.percentOff,
  amountOff: row.amountOff,
});

export const couponEligibility = (row: CouponRow): CouponEligibility => ({
  ...couponTerms(row),
  isActive: row.isActive,
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  usageLimit: row.usageLimit,
  usageCount: row.usageCount,
  perUserLimit: row.perUserLimit,
  restrictedToUserId: row.restrictedToUserId,
  restrictedToDaypartIds: row.restrictedToDaypartIds,
});
