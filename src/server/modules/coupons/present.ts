/**
 * Coupon rows as the API shows them. Lists load the restricted user by join and every restricted
 * daypart's name in one further query, whatever the list's length.
 */
import type { SQL } from 'drizzle-orm';
import type { Coupon } from '../../../domain/coupon-schemas';
import { couponDisplayStatus } from '../../../domain/coupons';
import { toDollars } from '../../../domain/money';
import { fullName } from '../../../domain/users';
import { coupons, type couponUsages } from '../../db/schema';
import { daypartNames } from '../dayparts/public';
import { userSummaries } from '../users/public';
import type { Tx } from '../../platform/db';
import type { CouponRow } from './terms';

type UsageRow = typeof couponUsages.$inferSelect;

const dollarsOrNull = (cents: number | null): number | null => (cents == null ? null : toDollars(cents));

/** The headline value the list shows: the percentage or the dollar amount off. */
const headline = (row: CouponRow): number => {
  if (row.discountType === 'percentage_with_max' && row.percentageOff != null) return row.percentageOff;
  if (row.discountType === 'fixed_amount_with_min' && row.fixedAmountOffCents != null) return toDollars(row.fixedAmountOffCents);
  if (row.percentOff != null) return row.percentOff;
  if (row.amountOff != null) return toDollars(row.amountOff);
  return 0;
};

export const toCoupon = (row: CouponRow, userName: string | null, daypartNames: ReadonlyMap<string, string>, today: string): Coupon => ({
  id: row.id,
  code: row.code,
  name: row.name,
  description: row.description,
  discount_type: row.discountType,
  percentage_off: row.percentageOff,
  max_discount_amount: dollarsOrNull(row.maxDiscountAmountCents),
  fixed_amount_off: dollarsOrNull(row.fixedAmountOffCents),
  minimum_spend_required: dollarsOrNull(row.minimumSpendRequiredCents),
  percent_off: row.percentOff,
  amount_off: row.amountOff,
  currency: row.currency,
  duration: row.duration,
  duration_in_months: row.durationInMonths,
  discount_amount: headline(row),
  usage_limit: row.usageLimit,
  per_user_limit: row.perUserLimit,
  usage_count: row.usageCount,
  restricted_to_user_id: row.restrictedToUserId,
  restricted_to_user_name: userName,
  restricted_to_daypart_ids: row.restrictedToDaypartIds,
  restricted_dayparts: row.restrictedToDaypartIds.filter((id) => daypartNames.has(id)).map((id) => ({ id, name: daypartNames.get(id)! })),
  valid_from: row.validFrom,
  valid_until: row.validUntil,
  is_active: row.isActive,
  display_status: couponDisplayStatus(row, today),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Coupons matching `where`, presented, in the given order: three queries in all. */
export const loadCoupons = async (db: Tx, { where, orderBy, today }: { where?: SQL; orderBy: SQL[]; today: string }): Promise<Coupon[]> => {
  const rows = await db
    .select()
    .from(coupons)
    .where(where)
    .orderBy(...orderBy);
  const [names, people] = await Promise.all([
    daypartNames(
      db,
      rows.flatMap((r) => r.restrictedToDaypartIds),
    ),
    userSummaries(
      db,
      rows.map((r) => r.restrictedToUserId),
    ),
  ]);
  return rows.map((r) => {
    const user = r.restrictedToUserId ? people.get(r.restrictedToUserId) : undefined;
    return toCoupon(r, user ? (fullName(user.firstName, user.lastName) ?? user.email) : null, names, today);
  });
};

export const toUsage = (row: UsageRow) => ({
  id: row.id,
  coupon_id: row.couponId,
  user_id: row.userId,
  estimate_id: row.estimateId,
  original_amount: toDollars(row.originalAmountCents),
  discount_amount: toDollars(row.discountAmountCents),
  final_amount: toDollars(row.finalAmountCents),
  daypart_ids: row.daypartIds,
  used_at: row.usedAt.toISOString(),
});
