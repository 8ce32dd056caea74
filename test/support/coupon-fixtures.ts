/**
 * Rows the coupon and card tests need from modules written elsewhere (brands, estimates, dayparts),
 * inserted directly, plus helpers for coupons through the API.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { OrderStatus } from '../../src/domain/orders';
import { brands, dayparts, estimateItems, estimates } from '../../src/server/db/schema';
import type { Db } from '../../src/server/platform/db';
import type { TestApp } from './app';
import { clockNow } from './clock';

const suffix = () => randomBytes(4).toString('hex');

export const insertBrand = async (db: Db, ownerId: string, commonName = `Brand ${suffix()}`) => {
  const [row] = await db
    .insert(brands)
    .values({ ownerId, commonName, legalName: `${commonName} LLC` })
    .returning();
  return row!;
};

export const insertDaypart = async (db: Db, name = `Daypart ${suffix()}`) => {
  const [row] = await db
    .insert(dayparts)
    .values({ name, startTime: '06:00', endTime: '09:00', daysOfWeek: ['Monday'], baseCpmCents: 1500 })
    .returning();
  return row!;
};

/**
 * An estimate row; submitted ('ordered') unless told otherwise, since only a submitted order's coupon
 * use counts toward the coupon's limits (a draft's use is recorded but not counted).
 */
export const insertEstimate = async (
  db: Db,
  ownerId: string,
  {
    brandId,
    name = `Estimate ${suffix()}`,
    daypartIds = [],
    status = 'ordered',
  }: { brandId?: string; name?: string; daypartIds?: string[]; status?: OrderStatus } = {},
) => {
  const [row] = await db.insert(estimates).values({ ownerId, brandId, estimateName: name, status }).returning();
  if (daypartIds.length) await db.insert(estimateItems).values(daypartIds.map((daypartId) => ({ estimateId: row!.id, daypartId, spotsPerOccurrence: 1 })));
  return row!;
};

export const uniqueCode = (prefix = 'SAVE') => `${prefix}${suffix().toUpperCase()}`;

export const couponBody = (overrides: Record<string, unknown> = {}) => ({
  code: uniqueCode(),
  name: 'Spring sale',
  description: 'Ten percent off, up to $100',
  discount_type: 'percentage_with_max',
  percentage_off: 10,
  max_discount_amount: 100,
  ...overrides,
});

/** Creates a coupon as the admin; answers the coupon object. */
export const createCoupon = async (t: TestApp, overrides: Record<string, unknown> = {}) => {
  const res = await t.inject({ method: 'POST', url: '/api/coupons', token: await t.adminToken(), payload: couponBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; code: string; usage_count: number } & Record<string, unknown>;
};

export const adminId = async (t: TestApp): Promise<string> =>
  (await t.inject({ method: 'GET', url: '/api/auth/me', token: await t.adminToken() })).json().user.id as string;

/** A client with a brand, ready to own estimates and cards. */
export const clientWithBrand = async (t: TestApp, brandName?: string) => {
  const { token, user } = await t.signUp();
  const brand = await insertBrand(t.database.db, user.id, brandName);
  return { token, user, brand };
};

export const isoDate = (offsetDays: number) => {
  const d = clockNow();
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
};
