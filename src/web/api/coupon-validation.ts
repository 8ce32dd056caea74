import { useQuery } from '@tanstack/react-query';
import { api } from './typed';

export interface CouponCheck {
  coupon_code: string;
  /** The amount the coupon would apply to: the order's total budget, dollars. */
  estimate_amount: number;
  daypart_ids: readonly string[];
}

export const couponValidationKeys = {
  all: ['coupon-validation'] as const,
  check: (check: CouponCheck) => ['coupon-validation', check.coupon_code, check.estimate_amount, [...check.daypart_ids].sort()] as const,
};

/** Checks a code against an amount and dayparts; nothing is redeemed. A blank code answers 400 'Please enter a coupon code'. */
export const validateCoupon = (check: CouponCheck, signal?: AbortSignal) =>
  api.post('/api/coupons/validate', {
    body: { coupon_code: check.coupon_code.trim().toUpperCase(), estimate_amount: check.estimate_amount, daypart_ids: [...check.daypart_ids] },
    signal,
  });

/** The discount a code gives on the current budget and selection; re-checked as they change. Null = no check. */
export const useCouponValidation = (check: CouponCheck | null) =>
  useQuery({
    queryKey: check ? couponValidationKeys.check(check) : [...couponValidationKeys.all, 'none'],
    queryFn: ({ signal }) => validateCoupon(check!, signal),
    enabled: check !== null,
    staleTime: 60_000,
    // While the budget or selection changes, keep showing the same code's last answer.
    placeholderData: (previous, previousQuery) => (check && previousQuery?.queryKey[1] === check.coupon_code ? previous : undefined),
  });
