/**
 * Using coupons: validate a code against an amount, record a use on an estimate, report a coupon's uses.
 */
import { amountOwed } from '../../../domain/orders';
import { and, count, countDistinct, desc, eq, ne, sql } from 'drizzle-orm';
import type { CouponUsageReply, ValidateCouponReply } from '../../../domain/coupon-schemas';
import { couponDiscount, couponRefusal, normalizeCouponCode } from '../../../domain/coupons';
import { formatCurrency } from '../../../domain/format';
import { toCents, toDollars } from '../../../domain/money';
import { isSubmitted } from '../../../domain/orders';
import { isAdmin, type Role } from '../../../domain/roles';
import { fullName } from '../../../domain/users';
import { couponUsages, coupons } from '../../db/schema';
import { userSummaries } from '../users/public';
import { orderItemsView, ordersView } from '../orders/views';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { assertOrderNotInvoiced } from '../billing/order-lock';
import { COUPON_NOT_FOUND, getCoupon } from './admin';
import { toUsage } from './present';
import { lockCoupon, recordCouponUse, userUseCount } from './service';
import { couponEligibility, couponTerms } from './terms';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ESTIMATE_NOT_FOUND = 'Estimate not found';

export const validateCoupon = async ({
  db,
  userId,
  code,
  amount,
  daypartIds,
  today,
}: {
  db: Db;
  userId: string;
  code: string;
  amount: number | undefined;
  daypartIds: readonly string[];
  today: string;
}): Promise<ValidateCouponReply> => {
  const [row] = await db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normalizeCouponCode(code)))
    .limit(1);
  if (!row) return { valid: false, coupon: null, message: 'Invalid coupon code' };
  const eligibility = couponEligibility(row);
  const refusal = couponRefusal(amount === undefined ? { ...eligibility, minimumSpendRequired: null } : eligibility, {
    userId,
    userUses: await userUseCount(db, row.id, userId),
    amount: amount === undefined ? 0 : toDollars(toCents(amount)),
    daypartIds,
    today,
  });
  if (refusal) return { valid: false, coupon: null, message: refusal };
  // No amount: the coupon is usable; what it takes off is known once the order has a budget.
  if (amount === undefined) return { valid: true, coupon: { ...(await getCoupon({ db, id: row.id, today })), final_amount: 0 }, message: 'Coupon is valid' };
  const amountCents = toCents(amount);
  const discountCents = Math.min(toCents(couponDiscount(couponTerms(row), toDollars(amountCents))), amountCents);
  const coupon = await getCoupon({ db, id: row.id, today });
  return {
    valid: true,
    coupon: { ...coupon, discount_amount: toDollars(discountCents), final_amount: toDollars(amountOwed(amountCents, discountCents)) },
    message: `Coupon applied: ${formatCurrency(toDollars(discountCents))} off`,
  };
};

/**
 * POST /coupons/:id/use. The use is recorded for the estimate's owner (the advertiser who gets the
 * discount) and checked against the estimate's own dayparts, not the client's list. The amount is
 * the estimate's budget once it has one (the client's figure only before that); an estimate holds
 * one coupon at a time. The use counts toward the coupon's limits only when the order is submitted:
 * on a draft it is recorded and answered, and the submit's transaction counts it once (issue 10,
 * finding 7); a call after the submit finds the counted use and counts nothing more.
 */
export const useCoupon = async ({
  db,
  actor,
  couponId,
  estimateId,
  originalAmount,
  today,
}: {
  db: Db;
  actor: { id: string; role: Role };
  couponId: string;
  estimateId: string;
  originalAmount: number;
  today: string;
}) => {
  return db.transaction(async (tx) => {
    // The order first, then the coupon: the order an invoice locks, in the order Submit takes them.
    const [estimate] = UUID.test(estimateId)
      ? await tx
          .select({ id: ordersView.id, ownerId: ordersView.ownerId, status: ordersView.status, totalSpendCents: ordersView.totalSpendCents })
          .from(ordersView)
          .where(eq(ordersView.id, estimateId))
          .limit(1)
          .for('update')
      : [];
    const coupon = await lockCoupon(tx, { id: couponId });
    if (!coupon) throw notFound(COUPON_NOT_FOUND);
    if (!estimate || (!isAdmin(actor.role) && estimate.ownerId !== actor.id)) throw notFound(ESTIMATE_NOT_FOUND);
    await assertOrderNotInvoiced(tx, estimate.id);
    const [other] = await tx
      .select({ id: couponUsages.id })
      .from(couponUsages)
      .where(and(eq(couponUsages.estimateId, estimateId), ne(couponUsages.couponId, coupon.id)))
      .limit(1);
    if (other) throw conflict('This order already uses another coupon');
    const items = await tx.selectDistinct({ daypartId: orderItemsView.daypartId }).from(orderItemsView).where(eq(orderItemsView.estimateId, estimateId));
    const { usage, created } = await recordCouponUse(tx, coupon, {
      userId: estimate.ownerId,
      estimateId: estimateId.toLowerCase(),
      originalAmountCents: estimate.totalSpendCents > 0 ? estimate.totalSpendCents : toCents(originalAmount),
      daypartIds: items.map((i) => i.daypartId),
      today,
      // On an order not yet submitted the use is checked and kept, but not counted: Submit counts it.
      counts: isSubmitted(estimate.status),
    });
    return { usage: toUsage(usage), created };
  });
};

const RECENT_USAGES = 50;

export const couponUsageReport = async ({ db, couponId }: { db: Db; couponId: string }): Promise<CouponUsageReply> => {
  const [coupon] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, couponId)).limit(1);
  if (!coupon) throw notFound(COUPON_NOT_FOUND);
  const [stats] = await db
    .select({
      totalUses: count(),
      uniqueUsers: countDistinct(couponUsages.userId),
      discount: sql<string>`coalesce(sum(${couponUsages.discountAmountCents}), 0)`,
      final: sql<string>`coalesce(sum(${couponUsages.finalAmountCents}), 0)`,
    })
    .from(couponUsages)
    .where(and(eq(couponUsages.couponId, couponId), eq(couponUsages.counted, true)));
  const recent = await db
    .select({ usage: couponUsages, estimateName: ordersView.estimateName })
    .from(couponUsages)
    .leftJoin(ordersView, eq(ordersView.id, couponUsages.estimateId))
    .where(and(eq(couponUsages.couponId, couponId), eq(couponUsages.counted, true)))
    .orderBy(desc(couponUsages.usedAt), desc(couponUsages.id))
    .limit(RECENT_USAGES);
  const people = await userSummaries(
    db,
    recent.map((r) => r.usage.userId),
  );
  return {
    stats: {
      total_uses: Number(stats?.totalUses ?? 0),
      unique_users: Number(stats?.uniqueUsers ?? 0),
      total_discount_given: toDollars(Number(stats?.discount ?? 0)),
      total_final_amount: toDollars(Number(stats?.final ?? 0)),
    },
    recent_usages: recent.map((r) => {
      const user = people.get(r.usage.userId);
      return {
        id: r.usage.id,
        user_name: user ? (fullName(user.firstName, user.lastName) ?? user.email) : null,
        user_email: user?.email ?? null,
        estimate_name: r.estimateName,
        original_amount: toDollars(r.usage.originalAmountCents),
        discount_amount: toDollars(r.usage.discountAmountCents),
        final_amount: toDollars(r.usage.finalAmountCents),
        used_at: r.usage.usedAt.toISOString(),
      };
    }),
  };
};
