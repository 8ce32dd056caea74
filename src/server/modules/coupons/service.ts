/**
 * Redeeming a coupon: the one place a use is counted. Always inside a transaction that holds the
 * coupon row's lock (SELECT … FOR UPDATE), so usage_limit and per_user_limit hold under concurrency.
 */
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { couponDiscount, couponRefusal, normalizeCouponCode } from '../../../domain/coupons';
import { toCents, toDollars } from '../../../domain/money';
import { couponUsages, coupons } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { couponEligibility, couponTerms, type CouponRow } from './terms';

export type CouponUsageRow = typeof couponUsages.$inferSelect;

export interface UseRequest {
  userId: string;
  estimateId: string;
  originalAmountCents: number;
  daypartIds: readonly string[];
  today: string;
}

/** Locks the coupon row for the rest of the transaction. */
export const lockCoupon = async (tx: Tx, where: { id: string } | { code: string }): Promise<CouponRow | undefined> => {
  const condition = 'id' in where ? eq(coupons.id, where.id) : eq(coupons.code, normalizeCouponCode(where.code));
  const [row] = await tx.select().from(coupons).where(condition).for('update');
  return row;
};

/** How many times this user has used this coupon. */
export const userUseCount = async (tx: Tx, couponId: string, userId: string): Promise<number> => {
  const [row] = await tx
    .select({ n: count() })
    .from(couponUsages)
    .where(and(eq(couponUsages.couponId, couponId), eq(couponUsages.userId, userId)));
  return Number(row?.n ?? 0);
};

/**
 * Records one use of a coupon whose row the caller has locked. Idempotent per estimate: a second
 * call for the same estimate returns the first usage and counts nothing. Throws 400 with
 * couponRefusal's message when the coupon cannot be used. The discount is computed here from the
 * coupon's terms, never taken from the client.
 */
export const recordCouponUse = async (tx: Tx, coupon: CouponRow, use: UseRequest): Promise<{ usage: CouponUsageRow; created: boolean }> => {
  const [existing] = await tx
    .select()
    .from(couponUsages)
    .where(and(eq(couponUsages.couponId, coupon.id), eq(couponUsages.estimateId, use.estimateId)))
    .limit(1);
  if (existing) return { usage: existing, created: false };

  const amount = toDollars(use.originalAmountCents);
  const refusal = couponRefusal(couponEligibility(coupon), {
    userId: use.userId,
    userUses: await userUseCount(tx, coupon.id, use.userId),
    amount,
    daypartIds: use.daypartIds,
    today: use.today,
  });
  if (refusal) throw badRequest(refusal);

  const discountCents = Math.min(toCents(couponDiscount(couponTerms(coupon), amount)), use.originalAmountCents);
  // Guarded increment: even without the lock, usage_count never passes usage_limit.
  const [counted] = await tx
    .update(coupons)
    .set({ usageCount: sql`${coupons.usageCount} + 1` })
    .where(and(eq(coupons.id, coupon.id), or(isNull(coupons.usageLimit), lt(coupons.usageCount, coupons.usageLimit))))
    .returning({ id: coupons.id });
  if (!counted) throw badRequest('This coupon has reached its usage limit');

  const [usage] = await tx
    .insert(couponUsages)
    .values({
      couponId: coupon.id,
      userId: use.userId,
      estimateId: use.estimateId,
      originalAmountCents: use.originalAmountCents,
      discountAmountCents: discountCents,
      finalAmountCents: use.originalAmountCents - discountCents,
      daypartIds: [...use.daypartIds],
    })
    .returning();
  return { usage: usage!, created: true };
};

/**
 * Applies a coupon code to an estimate inside the caller's transaction (used when an estimate is
 * created or updated with a coupon). Unknown code → 400 'Invalid coupon code'; ineligible → 400
 * with the refusal message.
 */
export const redeemCouponForEstimate = async ({
  tx,
  couponCode,
  userId,
  estimateId,
  originalAmountCents,
  daypartIds,
  today,
}: {
  tx: Tx;
  couponCode: string;
  userId: string;
  estimateId: string;
  originalAmountCents: number;
  daypartIds: string[];
  today: string;
}): Promise<{ couponId: string; discountCents: number }> => {
  const code = normalizeCouponCode(couponCode);
  const coupon = code ? await lockCoupon(tx, { code }) : undefined;
  if (!coupon) throw badRequest('Invalid coupon code');
  const { usage } = await recordCouponUse(tx, coupon, { userId, estimateId, originalAmountCents, daypartIds, today });
  return { couponId: coupon.id, discountCents: usage.discountAmountCents };
};
