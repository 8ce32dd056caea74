import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import {
  MISSING_ID,
  addItem,
  clientWithBrand,
  createDaypart,
  createOrder,
  dateIn,
  daypartByName,
  getOrder,
  newClient,
  submittedOrder,
} from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
let earlyMorning: Awaited<ReturnType<typeof daypartByName>>;
let weekendEvening: Awaited<ReturnType<typeof daypartByName>>;
let midday: Awaited<ReturnType<typeof daypartByName>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  earlyMorning = await daypartByName(t.database.db, 'Early Morning');
  weekendEvening = await daypartByName(t.database.db, 'Weekend Evening');
  midday = await daypartByName(t.database.db, 'Midday');
});
afterAll(() => t.close());

const ITEM_FIELDS = [
  'id',
  'estimate_id',
  'daypart_id',
  'daypart_name',
  'daypart_description',
  'start_time',
  'end_time',
  'days_of_week',
  'base_cpm',
  'min_cpm',
  'multiplier',
  'spot_frequency',
  'expected_views',
  'is_prime_time',
  'spots_per_occurrence',
  'user_defined_cpm',
  'weekly_cost',
].sort();

const draftFor = async (body: Record<string, unknown> = {}) => {
  const c = await clientWithBrand(t);
  const order = await createOrder(t, c.token, { estimate_name: 'Items', brand_id: c.brand.id, start_date: dateIn(8), total_spend: 10000, ...body });
  return { c, order };
};
const post = (token: string, estimateId: string, payload: unknown) =>
  t.inject({ method: 'POST', url: `/api/estimate-items/${estimateId}`, token, payload: payload as object });
const bulk = (token: string, estimateId: string, payload: unknown) =>
  t.inject({ method: 'POST', url: `/api/estimate-items/${estimateId}/bulk`, token, payload: payload as object });
const put = (token: string, estimateId: string, itemId: string, payload: unknown) =>
  t.inject({ method: 'PUT', url: `/api/estimate-items/${estimateId}/${itemId}`, token, payload: payload as object });

describe('pricing of items and orders', () => {
  it('prices Early Morning, weekdays, CPM $15, 10 spots at $1,024.50 a week and 68,300 views', async () => {
    const { c, order } = await draftFor({ total_spend: 5000 });
    const item = await addItem(t, c.token, order.id, { daypart_id: earlyMorning.id, spots_per_occurrence: 10 });
    expect(Object.keys(item).sort()).toEqual(ITEM_FIELDS);
    expect(item).toEqual({
      id: expect.any(String),
      estimate_id: order.id,
      daypart_id: earlyMorning.id,
      daypart_name: 'Early Morning',
      daypart_description: 'Morning news and commute audience',
      start_time: '05:00',
      end_time: '09:00',
      days_of_week: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      base_cpm: 15,
      min_cpm: 5,
      multiplier: 1,
      spot_frequency: 30,
      expected_views: 68300,
      is_prime_time: false,
      spots_per_occurrence: 10,
      user_defined_cpm: null,
      weekly_cost: 1024.5,
    });
    // $5,000 ÷ $1,024.50 = 4.880 weeks → floor(34.16) = 34 days.
    expect(await getOrder(t, c.token, order.id)).toMatchObject({
      total_estimated_cost: 1024.5,
      weekly_reach: 68300,
      end_date: dateIn(8 + 34),
      total_amount: 5000,
    });
  });

  it('adds dayparts, custom CPMs and the weekend, and recomputes the order each time', async () => {
    const { c, order } = await draftFor();
    const em = await addItem(t, c.token, order.id, { daypart_id: earlyMorning.id, spots_per_occurrence: 10, user_defined_cpm: 20 });
    // 1366 × 10 × 5 ÷ 1000 × $20 = $1,366.00
    expect(em).toMatchObject({ weekly_cost: 1366, user_defined_cpm: 20, expected_views: 68300 });
    const we = await addItem(t, c.token, order.id, { daypart_id: weekendEvening.id, spots_per_occurrence: '5' });
    // 1366 × 5 × 2 ÷ 1000 × $40 = $546.40
    expect(we).toMatchObject({ weekly_cost: 546.4, expected_views: 13660, is_prime_time: true, days_of_week: ['Saturday', 'Sunday'] });
    // $10,000 ÷ $1,912.40 = 5.229 weeks → floor(36.60) = 36 days.
    const got = await getOrder(t, c.token, order.id);
    expect(got).toMatchObject({ total_estimated_cost: 1912.4, weekly_reach: 81960, end_date: dateIn(8 + 36) });
    expect(got.items.map((i: { daypart_name: string }) => i.daypart_name)).toEqual(['Early Morning', 'Weekend Evening']);
  });

  it('starts a selection at the daypart spot frequency and base CPM', async () => {
    const { c, order } = await draftFor();
    const item = await addItem(t, c.token, order.id, { daypart_id: midday.id });
    // 1366 × 30 × 5 ÷ 1000 × $20 = $4,098.00
    expect(item).toMatchObject({ spots_per_occurrence: 30, user_defined_cpm: null, weekly_cost: 4098, expected_views: 204900 });
    const cheap = await createDaypart(t.database.db, { baseCpmCents: 0, minCpmCents: 0, spotFrequency: 4, multiplier: 1.5, daysOfWeek: ['Monday'] });
    const fallback = await addItem(t, c.token, order.id, { daypart_id: cheap.id });
    // No base CPM: $5. 1366 × 1.5 × 4 × 1 ÷ 1000 × $5 = $40.98
    expect(fallback).toMatchObject({ spots_per_occurrence: 4, weekly_cost: 40.98, expected_views: 8196 });
  });
});

describe('POST /api/estimate-items/:estimateId', () => {
  it('enforces the spot and CPM limits with the spec messages', async () => {
    const { c, order } = await draftFor();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ spots_per_occurrence: 31 }, 400, 'Maximum 30 spots available for Early Morning'],
      [{ spots_per_occurrence: 0 }, 400, 'Minimum 1 spot required for Early Morning'],
      [{ spots_per_occurrence: 1e20 }, 400, 'Maximum 30 spots available for Early Morning'],
      [{ spots_per_occurrence: 'ten' }, 400, 'Spots per day must be a whole number'],
      [{ user_defined_cpm: 4.99 }, 400, 'Minimum CPM for Early Morning is $5.00'],
      [{ user_defined_cpm: 1e308 }, 400, 'CPM is too large'],
      [{ user_defined_cpm: true }, 400, 'CPM must be a number'],
    ];
    for (const [body, status, error] of cases) {
      const res = await post(c.token, order.id, { daypart_id: earlyMorning.id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      // Each case is about its one field, which the refusal names (decision 043).
      expect(res.json()).toEqual({ error, field: Object.keys(body)[0] });
    }
    const pricey = await createDaypart(t.database.db, { name: `Pricey ${randomUUID().slice(0, 8)}`, baseCpmCents: 1250, minCpmCents: 0 });
    expect((await post(c.token, order.id, { daypart_id: pricey.id, user_defined_cpm: 12 })).json()).toEqual({
      error: `Minimum CPM for ${pricey.name} is $12.50`,
      field: 'user_defined_cpm',
    });
    expect((await getOrder(t, c.token, order.id)).items).toEqual([]);
  });

  it('answers 404 for unknown dayparts and 409 for a daypart that is already in the order', async () => {
    const { c, order } = await draftFor();
    const unknown = await post(c.token, order.id, { daypart_id: MISSING_ID });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Daypart not found' });
    const malformed = await post(c.token, order.id, { daypart_id: "1' OR '1'='1" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'Daypart not found', field: 'daypart_id' });
    await addItem(t, c.token, order.id, { daypart_id: earlyMorning.id });
    const twice = await post(c.token, order.id, { daypart_id: earlyMorning.id, spots_per_occurrence: 3 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'This daypart is already in the order' });
  });

  it('is refused on orders the caller cannot see (404) or edit (403); admins edit submitted orders', async () => {
    const { owner, order } = await submittedOrder(t);
    const stranger = await newClient(t);
    const foreign = await post(stranger.token, order.id, { daypart_id: midday.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Estimate not found' });
    const locked = await post(owner.token, order.id, { daypart_id: midday.id });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({ error: 'You cannot edit this order in its current status' });
    const byAdmin = await post(admin, order.id, { daypart_id: midday.id, spots_per_occurrence: 1 });
    expect(byAdmin.statusCode).toBe(201);
    expect((await getOrder(t, owner.token, order.id)).total_estimated_cost).toBe(1161.1);
  });
});

describe('POST /api/estimate-items/:estimateId/bulk', () => {
  it('replaces the selection, accepting daypart_id or id, and answers the items', async () => {
    const { c, order } = await draftFor();
    await addItem(t, c.token, order.id, { daypart_id: midday.id });
    const res = await bulk(c.token, order.id, {
      selectedDayparts: [
        { daypart_id: earlyMorning.id, spots_per_occurrence: 10, user_defined_cpm: 20 },
        { ...weekendEvening, id: weekendEvening.id, spots_per_occurrence: 5, name: 'ignored' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json();
    expect(items.map((i: { daypart_id: string; weekly_cost: number }) => [i.daypart_id, i.weekly_cost])).toEqual([
      [earlyMorning.id, 1366],
      [weekendEvening.id, 546.4],
    ]);
    expect(await getOrder(t, c.token, order.id)).toMatchObject({ total_estimated_cost: 1912.4, weekly_reach: 81960, end_date: dateIn(8 + 36) });

    const cleared = await bulk(c.token, order.id, { selectedDayparts: [] });
    expect(cleared.json()).toEqual([]);
    expect(await getOrder(t, c.token, order.id)).toMatchObject({ total_estimated_cost: 0, weekly_reach: 0, end_date: null });
  });

  it('changes nothing when any entry is refused', async () => {
    const { c, order } = await draftFor();
    await addItem(t, c.token, order.id, { daypart_id: midday.id, spots_per_occurrence: 2 });
    const before = await getOrder(t, c.token, order.id);
    const cases: [unknown, number, string, string?][] = [
      [[{ daypart_id: earlyMorning.id }, { daypart_id: MISSING_ID }], 404, 'Daypart not found'],
      [[{ daypart_id: earlyMorning.id }, { id: earlyMorning.id }], 409, 'This daypart is already in the order'],
      [
        [{ daypart_id: earlyMorning.id }, { daypart_id: weekendEvening.id, spots_per_occurrence: 99 }],
        400,
        'Maximum 30 spots available for Weekend Evening',
        'selectedDayparts[1].spots_per_occurrence',
      ],
      [[{ daypart_id: earlyMorning.id, user_defined_cpm: 1 }], 400, 'Minimum CPM for Early Morning is $5.00', 'selectedDayparts[0].user_defined_cpm'],
      [[{ spots_per_occurrence: 3 }], 400, 'Daypart not found', 'selectedDayparts[0].daypart_id'],
      [[7], 400, 'Each selected daypart must be an object', 'selectedDayparts[0]'],
      ['everything', 400, 'selectedDayparts must be a list of dayparts', 'selectedDayparts'],
    ];
    for (const [selectedDayparts, status, error, field] of cases) {
      const res = await bulk(c.token, order.id, { selectedDayparts });
      expect(res.statusCode, JSON.stringify(selectedDayparts)).toBe(status);
      expect(res.json()).toEqual(field ? { error, field } : { error });
    }
    const tooMany = await bulk(c.token, order.id, { selectedDayparts: Array.from({ length: 101 }, () => ({ daypart_id: midday.id })) });
    expect(tooMany.json()).toEqual({ error: 'At most 100 dayparts can be selected', field: 'selectedDayparts' });
    expect(await getOrder(t, c.token, order.id)).toEqual(before);
  });
});

describe('PUT and DELETE /api/estimate-items/:estimateId/:itemId', () => {
  it('updates spots and CPM within the limits, null clearing the custom CPM', async () => {
    const { c, order } = await draftFor({ total_spend: 5000 });
    const item = await addItem(t, c.token, order.id, { daypart_id: earlyMorning.id, spots_per_occurrence: 10, user_defined_cpm: 30 });
    expect(item.weekly_cost).toBe(2049);
    const more = await put(c.token, order.id, item.id, { spots_per_occurrence: 20 });
    expect(more.statusCode).toBe(200);
    expect(more.json()).toMatchObject({ id: item.id, spots_per_occurrence: 20, user_defined_cpm: 30, weekly_cost: 4098 });
    const base = await put(c.token, order.id, item.id, { user_defined_cpm: null });
    expect(base.json()).toMatchObject({ spots_per_occurrence: 20, user_defined_cpm: null, weekly_cost: 2049 });
    // $5,000 ÷ $2,049 = 2.44 weeks → 17 days.
    expect(await getOrder(t, c.token, order.id)).toMatchObject({ total_estimated_cost: 2049, weekly_reach: 136600, end_date: dateIn(8 + 17) });

    expect((await put(c.token, order.id, item.id, { spots_per_occurrence: 31 })).json()).toEqual({
      error: 'Maximum 30 spots available for Early Morning',
      field: 'spots_per_occurrence',
    });
    expect((await put(c.token, order.id, item.id, { user_defined_cpm: 2 })).json()).toEqual({
      error: 'Minimum CPM for Early Morning is $5.00',
      field: 'user_defined_cpm',
    });
    expect((await put(c.token, order.id, item.id, {})).json()).toMatchObject({ spots_per_occurrence: 20 });
  });

  it("deletes an item and recomputes the order; another order's item is not found", async () => {
    const { c, order } = await draftFor();
    const item = await addItem(t, c.token, order.id, { daypart_id: earlyMorning.id, spots_per_occurrence: 10 });
    const other = await draftFor();
    for (const [method, payload] of [
      ['PUT', { spots_per_occurrence: 2 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.inject({ method, url: `/api/estimate-items/${other.order.id}/${item.id}`, token: other.c.token, ...(payload && { payload }) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Item not found' });
    }
    const res = await t.inject({ method: 'DELETE', url: `/api/estimate-items/${order.id}/${item.id}`, token: c.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Item deleted successfully' });
    expect(await getOrder(t, c.token, order.id)).toMatchObject({ items: [], total_estimated_cost: 0, weekly_reach: 0, end_date: null });
    const again = await t.inject({ method: 'DELETE', url: `/api/estimate-items/${order.id}/${item.id}`, token: c.token });
    expect(again.statusCode).toBe(404);
  });
});

describe('GET /api/estimate-items/:estimateId', () => {
  it("lists an order's items for its owner and admins; 404 for others", async () => {
    const { c, order } = await draftFor();
    await addItem(t, c.token, order.id, { daypart_id: weekendEvening.id, spots_per_occurrence: 2 });
    await addItem(t, c.token, order.id, { daypart_id: earlyMorning.id, spots_per_occurrence: 3 });
    for (const token of [c.token, admin]) {
      const res = await t.inject({ method: 'GET', url: `/api/estimate-items/${order.id}`, token });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((i: { daypart_name: string }) => i.daypart_name)).toEqual(['Early Morning', 'Weekend Evening']);
    }
    const stranger = await newClient(t);
    for (const id of [order.id, MISSING_ID, 'x']) {
      const res = await t.inject({ method: 'GET', url: `/api/estimate-items/${id}`, token: stranger.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Estimate not found' });
    }
  });
});
