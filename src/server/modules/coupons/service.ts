/**
 * Redeeming a coupon: the one place a use is counted. Always inside a transaction that holds the
 * coupon row's lock (SELECT … FOR UPDATE), so usage_limit and per_user_limit hold under concurrency.
 * A use recorded on an order that is not submitted is kept with the order but not counted
 * (coupon_usages.counted): only submitted orders use up a coupon (issue 10, finding 7).
 */
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { couponDiscount, couponRefusal, normalizeCouponCode } from '../../../domain/coupons';
import { toCents, toDollars } from '../../../domain/money';
import { amountOwed } from '../../../domain/orders';
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
  /** Whether the use counts toward the coupon's limits now (its order is submitted). */
  counts: boolean;
}

/** Locks the coupon row for the rest of the transaction. */
export const lockCoupon = async (tx: Tx, where: { id: string } | { code: string }): Promise<CouponRow | undefined> => {
  const condition = 'id' in where ? eq(coupons.id, where.id) : eq(coupons.code, normalizeCouponCode(where.code));
  // NO KEY UPDATE: it excludes other users of the coupon, never an order's foreign-key check (KEY SHARE).
  const [row] = await tx.select().from(coupons).where(condition).for('no key update');
  return row;
};

/** How many times this user has used this coupon (counted uses: those of submitted orders). */
export const userUseCount = async (tx: Tx, couponId: string, userId: string): Promise<number> => {
  const [row] = await tx
    .select({ n: count() })
    .from(couponUsages)
    .where(and(eq(couponUsages.couponId, couponId), eq(couponUsages.userId, userId), eq(couponUsages.counted, true)));
  return Number(row?.n ?? 0);
};

/** Counts one use against usage_limit. Guarded: even without the lock, usage_count never passes it. */
const countUse = async (tx: Tx, couponId: string) => {
  const [counted] = await tx
    .update(coupons)
    .set({ usageCount: sql`${coupons.usageCount} + 1` })
    .where(and(eq(coupons.id, couponId), or(isNull(coupons.usageLimit), lt(coupons.usageCount, coupons.usageLimit))))
    .returning({ id: coupons.id });
  if (!counted) throw badRequest('This coupon has reached its usage limit');
};

/** Gives one counted use back to usage_limit. */
const uncountUse = (tx: Tx, couponId: string) =>
  tx
    .update(coupons)
    .set({ usageCount: sql`greatest(${coupons.usageCount} - 1, 0)` })
    .where(eq(coupons.id, couponId));

/** Throws 400 with couponRefusal's message when the coupon cannot be used on this amount. */
const assertUsable = async (tx: Tx, coupon: CouponRow, use: Omit<UseRequest, 'estimateId' | 'counts'>, ownUse?: CouponUsageRow) => {
  // An order's own counted use does not count against it (a resubmit is checked as if it were not).
  const own = ownUse?.counted ? 1 : 0;
  const refusal = couponRefusal(
    { ...couponEligibility(coupon), usageCount: Math.max(coupon.usageCount - own, 0) },
    {
      userId: use.userId,
      userUses: Math.max((await userUseCount(tx, coupon.id, use.userId)) - own, 0),
      amount: toDollars(use.originalAmountCents),
      daypartIds: use.daypartIds,
      today: use.today,
    },
  );
  if (refusal) throw badRequest(refusal);
};

const discountOf = (coupon: CouponRow, originalAmountCents: number) =>
  Math.min(toCents(couponDiscount(couponTerms(coupon), toDollars(originalAmountCents))), originalAmountCents);

/**
 * Records one use of a coupon whose row the caller has locked. Idempotent per estimate: a second
 * call for the same estimate returns the first usage and counts nothing more (a use kept uncounted by
 * a draft is counted once, when `counts` comes with the order submitted). Throws 400 with
 * couponRefusal's message when the coupon cannot be used. The discount is computed here from the
 * coupon's terms, never taken from the client.
 */
export const recordCouponUse = async (tx: Tx, coupon: CouponRow, use: UseRequest): Promise<{ usage: CouponUsageRow; created: boolean }> => {
  const [existing] = await tx
    .select()
    .from(couponUsages)
    .where(and(eq(couponUsages.couponId, coupon.id), eq(couponUsages.estimateId, use.estimateId)))
    .limit(1);
  if (existing && (existing.counted || !use.counts)) return { usage: existing, created: false };
  if (existing) {
    await assertUsable(tx, coupon, use);
    await countUse(tx, coupon.id);
    const [usage] = await tx.update(couponUsages).set({ counted: true }).where(eq(couponUsages.id, existing.id)).returning();
    return { usage: usage!, created: false };
  }

  await assertUsable(tx, coupon, use);
  if (use.counts) await countUse(tx, coupon.id);
  const discountCents = discountOf(coupon, use.originalAmountCents);
  const [usage] = await tx
    .insert(couponUsages)
    .values({
      couponId: coupon.id,
      userId: use.userId,
      estimateId: use.estimateId,
      originalAmountCents: use.originalAmountCents,
      discountAmountCents: discountCents,
      finalAmountCents: amountOwed(use.originalAmountCents, discountCents),
      daypartIds: [...use.daypartIds],
      counted: use.counts,
    })
    .returning();
  return { usage: usage!, created: true };
};

/** Takes back one recorded use (the order dropped or changed its coupon): the row goes, and the count drops if it counted. */
const releaseUse = async (tx: Tx, use: CouponUsageRow) => {
  await tx.delete(couponUsages).where(eq(couponUsages.id, use.id));
  if (use.counted) await uncountUse(tx, use.couponId);
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
  if (code && !coupon) throw badRequest('Invalid coupon code', 'coupon_code');
  const held = await releaseOrderCouponUses(tx, estimateId, coupon?.id ?? null);
  if (!coupon) return { couponId: null, discountCents: 0 };
  if (!held) {
    const { usage } = await recordCouponUse(tx, coupon, { userId, estimateId, originalAmountCents, daypartIds, today, counts: true });
    return { couponId: coupon.id, discountCents: usage.discountAmountCents };
  }
  // Already recorded for this order: checked as if it were not counted, then counted once.
  const use = { userId, originalAmountCents, daypartIds, today };
  await assertUsable(tx, coupon, use, held);
  if (!held.counted) await countUse(tx, coupon.id);
  const discountCents = discountOf(coupon, originalAmountCents);
  await tx
    .update(couponUsages)
    .set({
      userId,
      originalAmountCents,
      discountAmountCents: discountCents,
      finalAmountCents: amountOwed(originalAmountCents, discountCents),
      daypartIds,
      counted: true,
    })
    .where(eq(couponUsages.id, held.id));
  return { couponId: coupon.id, discountCents };
};

/**
 * Order Management moved an order between submitted and not submitted without Submit or Withdraw:
 * its coupon use starts or stops counting, so that only submitted orders use up a coupon. Counting is
 * refused (400) when the coupon's usage limit is reached.
 */
export const setOrderCouponUsesCounted = async (tx: Tx, estimateId: string, counted: boolean) => {
  const uses = await tx
    .select()
    .from(couponUsages)
    .where(and(eq(couponUsages.estimateId, estimateId), eq(couponUsages.counted, !counted)));
  for (const use of uses) {
    const coupon = await lockCoupon(tx, { id: use.couponId });
    if (!coupon) continue;
    await (counted ? countUse(tx, coupon.id) : uncountUse(tx, coupon.id));
    await tx.update(couponUsages).set({ counted }).where(eq(couponUsages.id, use.id));
  }
};
