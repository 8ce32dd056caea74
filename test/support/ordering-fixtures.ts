/**
 * Ordering fixtures: rows the ordering tests need but whose APIs belong to other modules
 * (brands, media, cards, coupons, extra dayparts) are inserted with Drizzle; orders and their
 * items go through the API.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { WEEKDAYS } from '../../src/domain/rate-card';
import { brands, coupons, dayparts, mediaAssets, paymentMethods } from '../../src/server/db/schema';
import type { Db } from '../../src/server/platform/db';
import type { TestApp } from './app';
import { clockNow, clockToday } from './clock';

export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** A calendar date `days` after today (UTC), as the order form uses. */
export const dateIn = (days: number) => addDays(clockToday(), days);

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}-${(sequence += 1)}`;

export const createBrand = async (db: Db, ownerId: string, overrides: Partial<typeof brands.$inferInsert> = {}) => {
  const name = unique('Brand');
  const [row] = await db
    .insert(brands)
    .values({ ownerId, commonName: name, legalName: `${name} LLC`, ...overrides })
    .returning();
  return row!;
};

export const createMediaAsset = async (db: Db, brandId: string, overrides: Partial<typeof mediaAssets.$inferInsert> = {}) => {
  const [row] = await db
    .insert(mediaAssets)
    // A spot whose video check has passed (processing complete), as the library holds after an upload.
    .values({
      brandId,
      filename: `${unique('spot').replace(/\s/g, '-')}.mp4`,
      mimeType: 'video/mp4',
      fileSize: 1_048_576,
      storageKey: `${randomUUID()}.original.mp4`,
      processingStage: 'complete',
      processingProgress: 100,
      ...overrides,
    })
    .returning();
  return row!;
};

export const createPaymentMethod = async (db: Db, ownerId: string, brandId: string, overrides: Partial<typeof paymentMethods.$inferInsert> = {}) => {
  const [row] = await db
    .insert(paymentMethods)
    .values({ ownerId, brandId, cardBrand: 'visa', last4: '4242', expMonth: 12, expYear: clockNow().getUTCFullYear() + 3, ...overrides })
    .returning();
  return row!;
};

/** A daypart of its own (so capacity tests do not share spots), priced like Early Morning: weekdays, $15 CPM, multiplier 1, 30 spots a day. */
export const createDaypart = async (db: Db, overrides: Partial<typeof dayparts.$inferInsert> = {}) => {
  const [row] = await db
    .insert(dayparts)
    .values({ name: unique('Test Slot'), startTime: '06:00', endTime: '07:00', daysOfWeek: [...WEEKDAYS], baseCpmCents: 1500, ...overrides })
    .returning();
  return row!;
};

export const daypartByName = async (db: Db, name: string) => {
  const [row] = await db.select().from(dayparts).where(eq(dayparts.name, name)).limit(1);
  if (!row) throw new Error(`no daypart ${name}`);
  return row;
};

export const createCoupon = async (db: Db, overrides: Partial<typeof coupons.$inferInsert> = {}) => {
  const [row] = await db
    .insert(coupons)
    .values({
      code: unique('SAVE').replace(/[\s-]/g, '').toUpperCase(),
      name: 'Test coupon',
      discountType: 'percentage_with_max',
      percentageOff: 10,
      maxDiscountAmountCents: 10_000,
      validFrom: dateIn(-1),
      ...overrides,
    })
    .returning();
  return row!;
};

export interface Client {
  token: string;
  id: string;
  email: string;
}

export const newClient = async (t: TestApp, overrides: Record<string, unknown> = {}): Promise<Client> => {
  const { token, user } = await t.signUp(overrides);
  return { token, id: user.id, email: user.email };
};

/** A client with a brand, one media asset of that brand and one card. */
export const clientWithBrand = async (t: TestApp, overrides: Record<string, unknown> = {}) => {
  const client = await newClient(t, overrides);
  const brand = await createBrand(t.database.db, client.id);
  const media = await createMediaAsset(t.database.db, brand.id);
  const card = await createPaymentMethod(t.database.db, client.id, brand.id);
  return { ...client, client, brand, media, card };
};

export const createOrder = async (t: TestApp, token: string, body: Record<string, unknown> = {}) => {
  const res = await t.inject({ method: 'POST', url: '/api/estimates', token, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

export const addItem = async (t: TestApp, token: string, estimateId: string, body: Record<string, unknown>) => {
  const res = await t.inject({ method: 'POST', url: `/api/estimate-items/${estimateId}`, token, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

export const putOrder = (t: TestApp, token: string, id: string, payload: Record<string, unknown>) =>
  t.inject({ method: 'PUT', url: `/api/estimates/${id}`, token, payload });

export const getOrder = async (t: TestApp, token: string, id: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/estimates/${id}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

export interface ReadyOrderOptions {
  daypartId?: string;
  spots?: number;
  cpm?: number;
  totalSpend?: number;
  startDate?: string;
  name?: string;
  /** The channel the order buys (decision 053); left out, the default channel. */
  channelId?: string;
}

/**
 * A draft that passes every submit check: name, brand, start date in 8 days, budget $5,000, media,
 * card and one item of 10 spots (on a fresh daypart priced like Early Morning unless told otherwise,
 * so that approvals in one test file never compete for spots). The owner is a new client unless given.
 */
export const readyOrder = async (t: TestApp, options: ReadyOrderOptions & { owner?: Awaited<ReturnType<typeof clientWithBrand>> } = {}) => {
  const owner = options.owner ?? (await clientWithBrand(t));
  const order = await createOrder(t, owner.token, {
    estimate_name: options.name ?? 'Spring launch',
    brand_id: owner.brand.id,
    start_date: options.startDate ?? dateIn(8),
    total_spend: options.totalSpend ?? 5000,
    ...(options.channelId !== undefined && { channel_id: options.channelId }),
  });
  const daypartId = options.daypartId ?? (await createDaypart(t.database.db)).id;
  await addItem(t, owner.token, order.id, {
    daypart_id: daypartId,
    spots_per_occurrence: options.spots ?? 10,
    ...(options.cpm !== undefined && { user_defined_cpm: options.cpm }),
  });
  const res = await putOrder(t, owner.token, order.id, { media_asset_id: owner.media.id, payment_method_id: owner.card.id });
  expect(res.statusCode, res.body).toBe(200);
  return { owner, order: res.json() };
};

/** A ready order, submitted by its owner. */
export const submittedOrder = async (t: TestApp, options: Parameters<typeof readyOrder>[1] = {}) => {
  const ready = await readyOrder(t, options);
  const res = await putOrder(t, ready.owner.token, ready.order.id, { status: 'ordered' });
  expect(res.statusCode, res.body).toBe(200);
  return { owner: ready.owner, order: res.json() };
};
