import { useMutation, useQueryClient } from '@tanstack/react-query';
import { couponValidationKeys, useCouponValidation, validateCoupon, type CouponCheck } from '../../api/coupon-validation';
import { useDebouncedValue } from '../../ui/use-debounced-value';

export const EMPTY_COUPON_MESSAGE = 'Please enter a coupon code';

export type AppliedCoupon =
  | { state: 'none' }
  | { state: 'checking'; code: string }
  | { state: 'valid'; code: string; discount: number }
  | { state: 'invalid'; code: string; message: string };

const amountOf = (budget: number | null): number => (budget !== null && Number.isFinite(budget) && budget > 0 ? budget : 0);

/** A coupon the server already redeemed on this order at an earlier submission. */
export interface RedeemedCoupon {
  code: string;
  discount: number;
}

/**
 * The coupon applied to the order, re-checked against the budget and the selected dayparts as
 * they change (after a short pause in typing), and `apply` for a newly entered code. A code
 * already redeemed on this order may fail a fresh check (its use counts against the limits)
 * yet still holds for it: its recorded discount is shown instead.
 */
export const useAppliedCoupon = (code: string | null, budget: number | null, daypartIds: readonly string[], redeemed: RedeemedCoupon | null = null) => {
  const queryClient = useQueryClient();
  // Primitives only: a fresh object each render would never settle.
  const settledAmount = useDebouncedValue(amountOf(budget), 400);
  const settledIds = useDebouncedValue(daypartIds.join(','), 400);
  const check: CouponCheck | null = code ? { coupon_code: code, estimate_amount: settledAmount, daypart_ids: settledIds ? settledIds.split(',') : [] } : null;
  const validation = useCouponValidation(check);
  const applyCall = useMutation({ mutationFn: (next: CouponCheck) => validateCoupon(next) });

  let applied: AppliedCoupon = { state: 'none' };
  if (code) {
    const reply = validation.data;
    if (reply?.valid && reply.coupon) applied = { state: 'valid', code, discount: Math.min(reply.coupon.discount_amount, amountOf(budget)) };
    else if (reply && !reply.valid && redeemed?.code === code) applied = { state: 'valid', code, discount: Math.min(redeemed.discount, amountOf(budget)) };
    else if (reply && !reply.valid) applied = { state: 'invalid', code, message: reply.message };
    else if (validation.isError) applied = { state: 'invalid', code, message: validation.error.message };
    else applied = { state: 'checking', code };
  }

  /** Checks `rawCode` now; resolves with the uppercased code when it is valid, else with the reason. */
  const apply = async (rawCode: string): Promise<{ ok: true; code: string } | { ok: false; message: string }> => {
    const next = rawCode.trim().toUpperCase();
    if (!next) return { ok: false, message: EMPTY_COUPON_MESSAGE };
    const nextCheck: CouponCheck = { coupon_code: next, estimate_amount: amountOf(budget), daypart_ids: [...daypartIds] };
    try {
      const reply = await applyCall.mutateAsync(nextCheck);
      if (!reply.valid) return { ok: false, message: reply.message || 'Invalid coupon code' };
      queryClient.setQueryData(couponValidationKeys.check(nextCheck), reply);
      return { ok: true, code: next };
    } catch (error) {
      return { ok: false, message: error instanceof Error && error.message ? error.message : 'Failed to check the coupon' };
    }
  };

  return { applied, apply, applying: applyCall.isPending };
};
