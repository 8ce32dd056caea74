import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, couponUsages } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { couponBody, createCoupon, insertDaypart, insertEstimate, isoDate, uniqueCode } from '../support/coupon-fixtures';

let t: TestApp;
let admin: string;
let client: { token: string; user: { id: string } };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  client = await t.signUp({ firstName: 'Rita', lastName: 'Restricted' });
});
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';
const post = (payload: unknown) => t.inject({ method: 'POST', url: '/api/coupons', token: admin, payload: payload as object });
const put = (id: string, payload: unknown) => t.inject({ method: 'PUT', url: `/api/coupons/${id}`, token: admin, payload: payload as object });
const get = (id: string) => t.inject({ method: 'GET', url: `/api/coupons/${id}`, token: admin });

describe('creating coupons', () => {
  it('creates a percentage coupon with an upper-cased code and every field of the coupon object', async () => {
    const code = uniqueCode('spring').toLowerCase();
    const res = await post(couponBody({ code: `  ${code} `, usage_limit: 100, per_user_limit: 2, valid_until: isoDate(30) }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      code: code.toUpperCase(),
      name: 'Spring sale',
      description: 'Ten percent off, up to $100',
      discount_type: 'percentage_with_max',
      percentage_off: 10,
      max_discount_amount: 100,
      fixed_amount_off: null,
      minimum_spend_required: null,
      percent_off: null,
      amount_off: null,
      currency: 'usd',
      duration: 'once',
      duration_in_months: null,
      discount_amount: 10,
      usage_limit: 100,
      per_user_limit: 2,
      usage_count: 0,
      restricted_to_user_id: null,
      restricted_to_user_name: null,
      restricted_to_daypart_ids: [],
      restricted_dayparts: [],
      valid_from: isoDate(0),
      valid_until: isoDate(30),
      is_active: true,
      display_status: 'Active',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('creates a fixed-amount coupon and drops the other type’s terms', async () => {
    const res = await post(
      couponBody({
        discount_type: 'fixed_amount_with_min',
        fixed_amount_off: '25.50',
        minimum_spend_required: 200,
        percentage_off: 10,
        max_discount_amount: 100,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      discount_type: 'fixed_amount_with_min',
      fixed_amount_off: 25.5,
      minimum_spend_required: 200,
      percentage_off: null,
      max_discount_amount: null,
      discount_amount: 25.5,
    });
  });

  it('accepts Stripe-style coupons: percent_off, or amount_off in cents', async () => {
    const percent = await post({ code: uniqueCode('STRIPE'), name: 'Stripe percent', percent_off: 15, duration: 'repeating', duration_in_months: 3 });
    expect(percent.statusCode).toBe(201);
    expect(percent.json()).toMatchObject({
      discount_type: 'percentage_with_max',
      percentage_off: null,
      percent_off: 15,
      discount_amount: 15,
      duration: 'repeating',
      duration_in_months: 3,
    });
    const amount = await post({
      code: uniqueCode('STRIPE'),
      name: 'Stripe amount',
      amount_off: 500,
      currency: 'USD',
      duration: 'forever',
      duration_in_months: 6,
    });
    expect(amount.statusCode).toBe(201);
    expect(amount.json()).toMatchObject({ amount_off: 500, discount_amount: 5, currency: 'usd', duration: 'forever', duration_in_months: null });
  });

  it('treats empty strings as null and defaults valid_from to today', async () => {
    const res = await post(
      couponBody({
        description: '',
        usage_limit: '',
        per_user_limit: '',
        valid_from: '',
        valid_until: '',
        restricted_to_user_id: '',
        restricted_to_daypart_ids: '',
        discount_type: '',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      description: null,
      usage_limit: null,
      per_user_limit: null,
      valid_from: isoDate(0),
      valid_until: null,
      restricted_to_user_id: null,
      restricted_to_daypart_ids: [],
      discount_type: 'percentage_with_max',
    });
  });

  it('restricts to a user and to dayparts, and shows their names', async () => {
    const early = await insertDaypart(t.database.db, `Early ${uniqueCode('')}`);
    const late = await insertDaypart(t.database.db, `Late ${uniqueCode('')}`);
    const res = await post(couponBody({ restricted_to_user_id: client.user.id, restricted_to_daypart_ids: [early.id, late.id, early.id] }));
    expect(res.statusCode).toBe(201);
    const coupon = res.json();
    expect(coupon.restricted_to_user_name).toBe('Rita Restricted');
    expect(coupon.restricted_to_daypart_ids).toEqual([early.id, late.id]);
    expect(coupon.restricted_dayparts).toEqual([
      { id: early.id, name: early.name },
      { id: late.id, name: late.name },
    ]);
  });

  it.each([
    [{ code: undefined }, 'Coupon code is required'],
    [{ code: '   ' }, 'Coupon code is required'],
    [{ code: 'HAS SPACE' }, 'Coupon code may contain only letters, numbers, dashes and underscores'],
    [{ code: 'X'.repeat(51) }, 'Coupon code must be at most 50 characters'],
    [{ name: '' }, 'Coupon name is required'],
    [{ name: undefined }, 'Coupon name is required'],
    [{ discount_type: 'bogus' }, 'Discount type must be percentage_with_max or fixed_amount_with_min'],
    [{ percentage_off: 0 }, 'Percentage off must be between 1 and 100'],
    [{ percentage_off: 101 }, 'Percentage off must be between 1 and 100'],
    [{ percentage_off: null }, 'Percentage off is required for a percentage discount'],
    [{ max_discount_amount: 0 }, 'Maximum discount amount must be at least $0.01'],
    [{ discount_type: 'fixed_amount_with_min', fixed_amount_off: 0.001 }, 'Fixed amount off must be at least $0.01'],
    [{ discount_type: 'fixed_amount_with_min', fixed_amount_off: 10, minimum_spend_required: 0 }, 'Minimum spend must be at least $0.01'],
    [{ discount_type: 'fixed_amount_with_min' }, 'Fixed amount off is required for a fixed amount discount'],
    [{ usage_limit: 0 }, 'Usage limit must be a whole number of at least 1'],
    [{ usage_limit: 1.5 }, 'Usage limit must be a whole number of at least 1'],
    [{ per_user_limit: -1 }, 'Per-user limit must be a whole number of at least 1'],
    [{ valid_from: '2025-02-30' }, 'Valid from must be a date (YYYY-MM-DD)'],
    [{ valid_until: 'tomorrow' }, 'Valid until must be a date (YYYY-MM-DD)'],
    [{ valid_from: '2030-05-10', valid_until: '2030-05-09' }, 'Valid until cannot be before valid from'],
    [{ restricted_to_user_id: MISSING }, 'Selected user does not exist'],
    [{ restricted_to_user_id: "1' or '1'='1" }, 'Selected user does not exist'],
    [{ restricted_to_daypart_ids: [MISSING] }, 'One or more selected dayparts do not exist'],
    [{ restricted_to_daypart_ids: ['nope'] }, 'Restricted dayparts must be a list of daypart ids'],
    [{ is_active: 'yes' }, 'is_active must be true or false'],
    [{ percent_off: 10, amount_off: 100 }, 'A coupon takes either percent_off or amount_off, not both'],
    [{ amount_off: 1.5 }, 'Amount off must be a whole number of cents, at least 1'],
    [{ currency: 'eur' }, 'Currency must be usd'],
    [{ duration: 'repeating' }, 'Duration in months is required for repeating coupons'],
  ])('refuses %j with a clear message', async (overrides, message) => {
    const res = await post(couponBody(overrides));
    expect(res.statusCode).toBe(400);
    const { field, ...reply } = res.json();
    expect(reply).toEqual({ error: message });
    // A refusal about one field names a field of the case (decision 043); the coupon's rules across fields name none.
    if (field !== undefined) expect(Object.keys(overrides)).toContain(String(field).replace(/\[\d+\]$/, ''));
  });

  it('refuses a duplicate code, whatever its case', async () => {
    const code = uniqueCode('DUP');
    await createCoupon(t, { code });
    const res = await post(couponBody({ code: code.toLowerCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'A coupon with this code already exists' });
  });
});

describe('listing, reading, updating and deleting coupons', () => {
  it('lists coupons newest first as a plain array, with search and active_only', async () => {
    const tag = uniqueCode('TAG');
    const a = await createCoupon(t, { code: `${tag}A`, name: 'First' });
    const b = await createCoupon(t, { code: uniqueCode(), name: `Named ${tag.toLowerCase()}`, is_active: false });
    const c = await createCoupon(t, { code: uniqueCode(), name: 'Third', description: `About ${tag} 100%_off` });
    const all = await t.inject({ method: 'GET', url: `/api/coupons?search=${tag.toLowerCase()}`, token: admin });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((x: { id: string }) => x.id)).toEqual([c.id, b.id, a.id]);
    const active = await t.inject({ method: 'GET', url: `/api/coupons?search=${tag}&active_only=true`, token: admin });
    expect(active.json().map((x: { id: string }) => x.id)).toEqual([c.id, a.id]);
    // Active only is what the list calls Active: an expired or used-up coupon is left out too.
    const expired = await createCoupon(t, { code: `${tag}X`, valid_from: '2020-01-01', valid_until: '2020-12-31' });
    const usedUp = await createCoupon(t, { code: `${tag}U`, usage_limit: 1 });
    await t.database.db.update(coupons).set({ usageCount: 1 }).where(eq(coupons.id, usedUp.id));
    const shown = (await t.inject({ method: 'GET', url: `/api/coupons?search=${tag}`, token: admin })).json();
    expect(shown.find((x: { id: string }) => x.id === expired.id).display_status).toBe('Expired');
    const stillActive = await t.inject({ method: 'GET', url: `/api/coupons?search=${tag}&active_only=true`, token: admin });
    expect(stillActive.json().map((x: { id: string }) => x.id)).toEqual([c.id, a.id]);
    // LIKE wildcards are searched literally.
    const literal = await t.inject({ method: 'GET', url: `/api/coupons?search=${encodeURIComponent('100%_off')}`, token: admin });
    expect(literal.json().map((x: { id: string }) => x.id)).toEqual([c.id]);
    const none = await t.inject({ method: 'GET', url: `/api/coupons?search=${encodeURIComponent("' or 1=1 --")}`, token: admin });
    expect(none.json()).toEqual([]);
  });

  it('resolves restricted daypart names across a whole list', async () => {
    const parts = await Promise.all([1, 2, 3].map(() => insertDaypart(t.database.db)));
    const tag = uniqueCode('LIST');
    for (const p of parts) await createCoupon(t, { code: `${tag}${p.name.slice(-4)}`, restricted_to_daypart_ids: [p.id] });
    const list = (await t.inject({ method: 'GET', url: `/api/coupons?search=${tag}`, token: admin })).json();
    expect(list).toHaveLength(3);
    for (const coupon of list) {
      const part = parts.find((p) => p.id === coupon.restricted_to_daypart_ids[0])!;
      expect(coupon.restricted_dayparts).toEqual([{ id: part.id, name: part.name }]);
    }
  });

  it('reads one coupon, and answers 404 for unknown and malformed ids', async () => {
    const coupon = await createCoupon(t);
    expect((await get(coupon.id)).json()).toMatchObject({ id: coupon.id, code: coupon.code });
    for (const id of [MISSING, 'not-a-uuid', "1'%20or%20'1'='1"]) {
      const res = await get(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Coupon not found' });
    }
  });

  it('updates the given fields and checks the whole coupon afterwards', async () => {
    const coupon = await createCoupon(t, { valid_from: '2030-01-10' });
    const res = await put(coupon.id, { name: 'Renamed', percentage_off: 20, usage_limit: '', code: 'renamed' + uniqueCode('') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed',
      percentage_off: 20,
      discount_amount: 20,
      usage_limit: null,
      max_discount_amount: 100,
      valid_from: '2030-01-10',
    });
    expect(res.json().code).toMatch(/^RENAMED/);

    const before = await put(coupon.id, { valid_until: '2030-01-09' });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toEqual({ error: 'Valid until cannot be before valid from' });
    expect((await put(coupon.id, { valid_from: null })).json()).toEqual({ error: 'Valid from is required', field: 'valid_from' });
    expect((await put(coupon.id, { name: ' ' })).json()).toEqual({ error: 'Coupon name is required', field: 'name' });

    const switched = await put(coupon.id, { discount_type: 'fixed_amount_with_min', fixed_amount_off: 30, minimum_spend_required: 300 });
    expect(switched.json()).toMatchObject({
      discount_type: 'fixed_amount_with_min',
      percentage_off: null,
      max_discount_amount: null,
      fixed_amount_off: 30,
      discount_amount: 30,
    });
  });

  it('refuses an update to a taken code (409), an unknown coupon (404) and a usage limit below the uses so far', async () => {
    const one = await createCoupon(t);
    const two = await createCoupon(t);
    const taken = await put(two.id, { code: one.code.toLowerCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'A coupon with this code already exists' });
    const missing = await put(MISSING, { name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Coupon not found' });

    const used = await createCoupon(t, { usage_limit: 5 });
    for (let i = 0; i < 2; i += 1) {
      const estimate = await insertEstimate(t.database.db, client.user.id);
      const res = await t.inject({
        method: 'POST',
        url: `/api/coupons/${used.id}/use`,
        token: client.token,
        payload: { estimate_id: estimate.id, original_amount: 100 },
      });
      expect(res.statusCode).toBe(201);
    }
    const low = await put(used.id, { usage_limit: 1 });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual({ error: 'Usage limit cannot be below the number of times the coupon has been used (2)', field: 'usage_limit' });
    expect((await put(used.id, { usage_limit: 2 })).json()).toMatchObject({ usage_limit: 2, display_status: 'Limit Reached' });
  });

  it('deletes a coupon, with its usages', async () => {
    const coupon = await createCoupon(t);
    const estimate = await insertEstimate(t.database.db, client.user.id);
    await t.inject({ method: 'POST', url: `/api/coupons/${coupon.id}/use`, token: client.token, payload: { estimate_id: estimate.id, original_amount: 100 } });
    const res = await t.inject({ method: 'DELETE', url: `/api/coupons/${coupon.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Coupon deleted successfully' });
    expect(await t.database.db.select().from(couponUsages).where(eq(couponUsages.couponId, coupon.id))).toEqual([]);
    const again = await t.inject({ method: 'DELETE', url: `/api/coupons/${coupon.id}`, token: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Coupon not found' });
  });
});

describe('display status, in the specification’s order', () => {
  it('shows Inactive, Expired, Limit Reached and Active', async () => {
    const inactive = await createCoupon(t, { is_active: false, valid_from: isoDate(-10), valid_until: isoDate(-1) });
    const expired = await createCoupon(t, { valid_from: isoDate(-10), valid_until: isoDate(-1), usage_limit: 1 });
    const limited = await createCoupon(t, { usage_limit: 1 });
    const estimate = await insertEstimate(t.database.db, client.user.id);
    await t.inject({ method: 'POST', url: `/api/coupons/${limited.id}/use`, token: client.token, payload: { estimate_id: estimate.id, original_amount: 100 } });
    const active = await createCoupon(t, { valid_until: isoDate(0) });
    expect((await get(inactive.id)).json().display_status).toBe('Inactive');
    expect((await get(expired.id)).json().display_status).toBe('Expired');
    expect((await get(limited.id)).json().display_status).toBe('Limit Reached');
    expect((await get(active.id)).json().display_status).toBe('Active');
  });
});

describe('coupon permissions', () => {
  const routes = (id: string) =>
    [
      { method: 'GET', url: '/api/coupons' },
      { method: 'POST', url: '/api/coupons' },
      { method: 'GET', url: `/api/coupons/${id}` },
      { method: 'PUT', url: `/api/coupons/${id}` },
      { method: 'DELETE', url: `/api/coupons/${id}` },
      { method: 'GET', url: `/api/coupons/${id}/usage` },
    ] as const;

  it('answers 401 to anonymous callers on every coupon route, 403 to clients on admin routes', async () => {
    const coupon = await createCoupon(t);
    for (const route of [
      ...routes(coupon.id),
      { method: 'POST', url: '/api/coupons/validate' },
      { method: 'POST', url: `/api/coupons/${coupon.id}/use` },
    ] as const) {
      const anonymous = await t.inject({ ...route, payload: route.method === 'POST' || route.method === 'PUT' ? couponBody() : undefined });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'Authentication required' });
    }
    for (const route of routes(coupon.id)) {
      const res = await t.inject({ ...route, token: client.token, payload: route.method === 'POST' || route.method === 'PUT' ? couponBody() : undefined });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json()).toEqual({ error: 'Admin access required' });
    }
    expect((await get(coupon.id)).json().name).toBe('Spring sale');
  });
});

describe('hostile input', () => {
  it('answers 4xx with an error, never 500', async () => {
    const coupon = await createCoupon(t);
    const bodies: unknown[] = [
      couponBody({ name: 'x'.repeat(100_000) }),
      couponBody({ code: ['A'] }),
      couponBody({ percentage_off: '10; drop table coupons' }),
      couponBody({ usage_limit: { $gt: 0 } }),
      couponBody({ restricted_to_daypart_ids: Array.from({ length: 500 }, () => MISSING) }),
      couponBody({ max_discount_amount: 1e300 }),
      couponBody({ valid_from: '9999-99-99' }),
      [1, 2, 3],
      'just a string',
    ];
    for (const payload of bodies) {
      for (const res of [await post(payload), await put(coupon.id, payload)]) {
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json()).toMatchObject({ error: expect.any(String) });
      }
    }
    for (const url of [`/api/coupons?search=${'x'.repeat(5000)}`, '/api/coupons?active_only=maybe', "/api/coupons/'%20or%201=1/usage"]) {
      const res = await t.inject({ method: 'GET', url, token: admin });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ error: expect.any(String) });
    }
  });
});
