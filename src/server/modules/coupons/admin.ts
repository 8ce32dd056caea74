/**
 * Coupon administration: list, read, create, update, delete. Money arrives in dollars and is stored in cents.
 */
import { and, desc, eq, gte, ilike, isNull, lt, or, type SQL } from 'drizzle-orm';
import { couponRuleMessage, normalizeCouponInput, type Coupon, type CouponFields, type CouponInput } from '../../../domain/coupon-schemas';
import { toCents, toDollars } from '../../../domain/money';
import { coupons } from '../../db/schema';
import { daypartNames } from '../dayparts/public';
import { userSummary } from '../users/public';
import { containsPattern, isForeignKeyViolation, isUniqueViolation, type Db, type Tx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { loadCoupons } from './present';
import type { CouponRow } from './terms';

const CODE_TAKEN = 'A coupon with this code already exists';
export const COUPON_NOT_FOUND = 'Coupon not found';
const USER_MISSING = 'Selected user does not exist';
const DAYPARTS_MISSING = 'One or more selected dayparts do not exist';

const centsOrNull = (dollars: number | null) => (dollars == null ? null : toCents(dollars));
const dollarsOrNull = (cents: number | null) => (cents == null ? null : toDollars(cents));

const toColumns = (c: CouponInput) => ({
  code: c.code,
  name: c.name,
  description: c.description,
  discountType: c.discount_type,
  percentageOff: c.percentage_off,
  maxDiscountAmountCents: centsOrNull(c.max_discount_amount),
  fixedAmountOffCents: centsOrNull(c.fixed_amount_off),
  minimumSpendRequiredCents: centsOrNull(c.minimum_spend_required),
  usageLimit: c.usage_limit,
  perUserLimit: c.per_user_limit,
  validFrom: c.valid_from,
  validUntil: c.valid_until,
  restrictedToUserId: c.restricted_to_user_id,
  restrictedToDaypartIds: c.restricted_to_daypart_ids,
  isActive: c.is_active,
  percentOff: c.percent_off,
  amountOff: c.amount_off,
  currency: c.currency,
  duration: c.duration,
  durationInMonths: c.duration_in_months,
});

const fromRow = (r: CouponRow): CouponInput => ({
  code: r.code,
  name: r.name,
  description: r.description,
  discount_type: r.discountType,
  percentage_off: r.percentageOff,
  max_discount_amount: dollarsOrNull(r.maxDiscountAmountCents),
  fixed_amount_off: dollarsOrNull(r.fixedAmountOffCents),
  minimum_spend_required: dollarsOrNull(r.minimumSpendRequiredCents),
  usage_limit: r.usageLimit,
  per_user_limit: r.perUserLimit,
  valid_from: r.validFrom,
  valid_until: r.validUntil,
  restricted_to_user_id: r.restrictedToUserId,
  restricted_to_daypart_ids: r.restrictedToDaypartIds,
  is_active: r.isActive,
  percent_off: r.percentOff,
  amount_off: r.amountOff,
  currency: r.currency,
  duration: r.duration,
  duration_in_months: r.durationInMonths,
});

/** The given fields over `base`; null resets a field that has a default to that default. */
const merge = (base: CouponInput, fields: CouponFields): CouponInput => {
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as CouponFields;
  if (given.valid_from === null) throw badRequest('Valid from is required', 'valid_from');
  return normalizeCouponInput({
    ...base,
    ...given,
    discount_type: given.discount_type === undefined ? base.discount_type : (given.discount_type ?? 'percentage_with_max'),
    currency: given.currency === undefined ? base.currency : (given.currency ?? 'usd'),
    duration: given.duration === undefined ? base.duration : (given.duration ?? 'once'),
    valid_from: given.valid_from ?? base.valid_from,
  } as CouponInput);
};

const checkRules = async (db: Tx, c: CouponInput, fields: CouponFields) => {
  const message = couponRuleMessage(c);
  if (message) throw badRequest(message);
  if (fields.restricted_to_user_id) {
    if (!(await userSummary(db, fields.restricted_to_user_id))) throw badRequest(USER_MISSING, 'restricted_to_user_id');
  }
  const ids = fields.restricted_to_daypart_ids ?? [];
  if (ids.length > 0) {
    const found = await daypartNames(db, ids);
    if (found.size !== ids.length) throw badRequest(DAYPARTS_MISSING, 'restricted_to_daypart_ids');
  }
};

const translateWriteError = (error: unknown): never => {
  if (isUniqueViolation(error)) throw conflict(CODE_TAKEN);
  if (isForeignKeyViolation(error)) throw badRequest(USER_MISSING, 'restricted_to_user_id');
  throw error;
};

export const listCoupons = async ({ db, activeOnly, search, today }: { db: Db; activeOnly: boolean; search?: string; today: string }): Promise<Coupon[]> => {
  const conditions: SQL[] = [];
  // "Active only" means what the list shows as Active: not Inactive, Expired or Limit Reached.
  if (activeOnly) {
    conditions.push(
      eq(coupons.isActive, true),
      or(isNull(coupons.validUntil), gte(coupons.validUntil, today))!,
      or(isNull(coupons.usageLimit), lt(coupons.usageCount, coupons.usageLimit))!,
    );
  }
  const term = search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(or(ilike(coupons.code, pattern), ilike(coupons.name, pattern), ilike(coupons.description, pattern))!);
  }
  return loadCoupons(db, { where: conditions.length ? and(...conditions) : undefined, orderBy: [desc(coupons.createdAt), desc(coupons.id)], today });
};

export const getCoupon = async ({ db, id, today }: { db: Tx; id: string; today: string }): Promise<Coupon> => {
  const [coupon] = await loadCoupons(db, { where: eq(coupons.id, id), orderBy: [], today });
  if (!coupon) throw notFound(COUPON_NOT_FOUND);
  return coupon;
};

export const createCoupon = async ({
  db,
  actorId,
  fields,
  today,
}: {
  db: Db;
  actorId: string;
  fields: CouponFields & { code: string; name: string };
  today: string;
}) => {
  const defaults: CouponInput = {
    code: fields.code,
    name: fields.name,
    description: null,
    discount_type: 'percentage_with_max',
    percentage_off: null,
    max_discount_amount: null,
    fixed_amount_off: null,
    minimum_spend_required: null,
    usage_limit: null,
    per_user_limit: null,
    valid_from: today,
    valid_until: null,
    restricted_to_user_id: null,
    restricted_to_daypart_ids: [],
    is_active: true,
    percent_off: null,
    amount_off: null,
    currency: 'usd',
    duration: 'once',
    duration_in_months: null,
  };
  const coupon = merge(defaults, { ...fields, valid_from: fields.valid_from ?? today });
  await checkRules(db, coupon, fields);
  // In a transaction so that the audit trail records who created it (decision 012).
  const id = await db
    .transaction((tx) =>
      tx
        .insert(coupons)
        .values({ ...toColumns(coupon), createdBy: actorId })
        .returning({ id: coupons.id }),
    )
    .then(([row]) => row!.id, translateWriteError);
  return getCoupon({ db, id, today });
};

export const updateCoupon = async ({ db, id, fields, today }: { db: Db; id: string; fields: CouponFields; today: string }) =>
  db
    .transaction(async (tx) => {
      // Locked so that a use racing this edit cannot slip past a lowered usage limit.
      const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('no key update');
      if (!row) throw notFound(COUPON_NOT_FOUND);
      const coupon = merge(fromRow(row), fields);
      await checkRules(tx, coupon, fields);
      if (coupon.usage_limit != null && coupon.usage_limit < row.usageCount) {
        throw badRequest(`Usage limit cannot be below the number of times the coupon has been used (${row.usageCount})`, 'usage_limit');
      }
      await tx.update(coupons).set(toColumns(coupon)).where(eq(coupons.id, id));
      return getCoupon({ db: tx, id, today });
    })
    .catch(translateWriteError);

export const deleteCoupon = async ({ db, id }: { db: Db; id: string }) => {
  const [row] = await db.transaction((tx) => tx.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id }));
  if (!row) throw notFound(COUPON_NOT_FOUND);
};
