/**
 * Redeeming a coupon: the one place a use is counted. Always inside a transaction that holds the
 * coupon row's lock (SELECT … FOR UPDATE), so usage_limit and per_user_limit hold under concurrency.
 */
import { and, count, eq, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { COUPON_DRAFT_HOLDS, COUPON_DRAFT_HOLD_MINUTES, COUPON_HELD_BY_OTHER_DRAFTS, couponDiscount, couponRefusal, normalizeCouponCode } from '../../../domain/coupons';
import { toCents, toDollars } from '../../../domain/money';
import { couponUsages, coupons, estimates } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
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

/** Takes back one recorded use (the order dropped or changed its coupon): the row goes, the count drops. */
const releaseUse = async (tx: Tx, use: CouponUsageRow) => {
  await tx.delete(couponUsages).where(eq(couponUsages.id, use.id));
  await tx
    .update(coupons)
    .set({ usageCount: sql`greatest(${coupons.usageCount} - 1, 0)` })
    .where(eq(coupons.id, use.couponId));
};

/** Releases the uses an order holds of coupons other than `keepCouponId` (all of them when it is null). */
export const releaseOrderCouponUses = async (tx: Tx, estimateId: string, keepCouponId: string | null = null) => {
  const uses = await tx.select().from(couponUsages).where(eq(couponUsages.estimateId, estimateId));
  for (const use of uses) if (use.couponId !== keepCouponId) await releaseUse(tx, use);
  return uses.find((use) => use.couponId === keepCouponId);
};

/**
 * Applies an order's coupon code at submit, inside the submit's transaction. The coupon is checked
 * again and its discount computed on the order's current budget and dayparts at every submit (a
 * resubmitted order is not held to an earlier, larger budget, nor to an amount an API client once
 * sent to /use). An order holds one use: the use of a coupon it no longer carries is released, its
 * own use is updated, not counted again. Unknown code → 400 'Invalid coupon code'; ineligible → 400
 * with the refusal message.
 */
export const applyOrderCoupon = async ({
  tx,
  couponCode,
  userId,
  estimateId,
  originalAmountCents,
  daypartIds,
  today,
}: {
  tx: Tx;
  couponCode: string | null;
  userId: string;
  estimateId: string;
  originalAmountCents: number;
  daypartIds: string[];
  today: string;
}): Promise<{ couponId: string | null; discountCents: number }> => {
  const code = couponCode ? normalizeCouponCode(couponCode) : '';
  const coupon = code ? await lockCoupon(tx, { code }) : undefined;
  if (code && !coupon) throw badRequest('Invalid coupon code');
  const held = await releaseOrderCouponUses(tx, estimateId, coupon?.id ?? null);
  if (!coupon) return { couponId: null, discountCents: 0 };
  if (!held) {
    const { usage } = await recordCouponUse(tx, coupon, { userId, estimateId, originalAmountCents, daypartIds, today });
    return { couponId: coupon.id, discountCents: usage.discountAmountCents };
  }
  // Already counted for this order: checked as if it were not.
  const amount = toDollars(originalAmountCents);
  const refusal = couponRefusal(
    { ...couponEligibility(coupon), usageCount: Math.max(coupon.usageCount - 1, 0) },
    { userId, userUses: Math.max((await userUseCount(tx, coupon.id, userId)) - 1, 0), amount, daypartIds, today },
  );
  if (refusal) throw badRequest(refusal);
  const discountCents = Math.min(toCents(couponDiscount(couponTerms(coupon), amount)), originalAmountCents);
  await tx
    .update(couponUsages)
    .set({ userId, originalAmountCents, discountAmountCents: discountCents, finalAmountCents: originalAmountCents - discountCents, daypartIds })
    .where(eq(couponUsages.id, held.id));
  return { couponId: coupon.id, discountCents };
};

/**
 * A draft may hold a coupon (POST /coupons/:id/use before Submit), but an advertiser holds it on at
 * most COUPON_DRAFT_HOLDS drafts: otherwise empty drafts could use up a coupon's limit without
 * ordering (409). Call with the coupon row locked.
 */
export const assertDraftHoldAllowed = async (tx: Tx, couponId: string, userId: string, estimateId: string) => {
  const [row] = await tx
    .select({ n: count() })
    .from(couponUsages)
    .innerJoin(estimates, eq(estimates.id, couponUsages.estimateId))
    .where(and(eq(couponUsages.couponId, couponId), eq(couponUsages.userId, userId), eq(estimates.status, 'draft'), ne(couponUsages.estimateId, estimateId)));
  if (Number(row?.n ?? 0) >= COUPON_DRAFT_HOLDS) throw conflict(COUPON_HELD_BY_OTHER_DRAFTS);
};

/** The station clock: uses held by drafts not submitted within COUPON_DRAFT_HOLD_MINUTES go back to their coupons. */
export const releaseStaleDraftHolds = async (db: Db, now: Date): Promise<number> =>
  db.transaction(async (tx) => {
    const cutoff = new Date(now.getTime() - COUPON_DRAFT_HOLD_MINUTES * 60_000);
    const stale = await tx
      .select({ usage: couponUsages })
      .from(couponUsages)
      .innerJoin(estimates, eq(estimates.id, couponUsages.estimateId))
      .where(and(eq(estimates.status, 'draft'), lte(couponUsages.usedAt, cutoff)))
      .orderBy(couponUsages.couponId, couponUsages.id)
      .for('update', { of: [estimates] });
    for (const { usage } of stale) await releaseUse(tx, usage);
    return stale.length;
  });
