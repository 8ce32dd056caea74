import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, couponUsages, estimates as estimatesTable } from '../../src/server/db/schema';
import { applyOrderCoupon } from '../../src/server/modules/coupons/service';
import { createTestApp, type TestApp } from '../support/app';
import { adminId, createCoupon, insertDaypart, insertEstimate, isoDate, uniqueCode } from '../support/coupon-fixtures';

let t: TestApp;
let admin: string;
let client: { token: string; user: { id: string; email: string } };
let other: { token: string; user: { id: string } };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  client = await t.signUp({ firstName: 'Una', lastName: 'User' });
  other = await t.signUp();
});
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';
const validate = (payload: unknown, token = client.token) => t.inject({ method: 'POST', url: '/api/coupons/validate', token, payload: payload as object });
const use = (couponId: string, payload: Record<string, unknown>, token = client.token) =>
  t.inject({ method: 'POST', url: `/api/coupons/${couponId}/use`, token, payload });
const usageCount = async (id: string) => (await t.database.db.select({ n: coupons.usageCount }).from(coupons).where(eq(coupons.id, id)))[0]!.n;

describe('POST /coupons/validate', () => {
  it('asks for a code when it is missing or blank', async () => {
    for (const payload of [{ estimate_amount: 100 }, { coupon_code: '  ', estimate_amount: 100 }, { coupon_code: null, estimate_amount: 100 }, undefined]) {
      const res = await validate(payload);
      expect(res.statusCode).toBe(400);
      // An error reply that also reads as a validate reply.
      expect(res.json()).toEqual({ error: 'Please enter a coupon code', valid: false, coupon: null, message: 'Please enter a coupon code' });
    }
  });

  it('checks a code without an amount: its own rules, nothing computed', async () => {
    const coupon = await createCoupon(t, { percentage_off: 10, max_discount_amount: 100 });
    expect((await validate({ coupon_code: coupon.code.toLowerCase() })).json()).toMatchObject({
      valid: true,
      message: 'Coupon is valid',
      coupon: { code: coupon.code },
    });
    const expired = await createCoupon(t, { percentage_off: 10, valid_from: isoDate(-10), valid_until: isoDate(-1) });
    expect((await validate({ coupon_code: expired.code })).json()).toEqual({ valid: false, coupon: null, message: 'This coupon has expired' });
  });

  it('answers valid=false for an unknown code', async () => {
    const res = await validate({ coupon_code: 'NO-SUCH-CODE', estimate_amount: 100 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: false, coupon: null, message: 'Invalid coupon code' });
  });

  it('applies a percentage coupon, capped at its maximum, whatever the code’s case', async () => {
    const coupon = await createCoupon(t, { percentage_off: 10, max_discount_amount: 100 });
    const small = await validate({ coupon_code: ` ${coupon.code.toLowerCase()} `, estimate_amount: 499.99 });
    expect(small.statusCode).toBe(200);
    expect(small.json()).toMatchObject({
      valid: true,
      message: 'Coupon applied: $50.00 off',
      coupon: { id: coupon.id, code: coupon.code, discount_amount: 50, final_amount: 449.99 },
    });
    const big = await validate({ coupon_code: coupon.code, estimate_amount: '5000' });
    expect(big.json()).toMatchObject({ valid: true, message: 'Coupon applied: $100.00 off', coupon: { discount_amount: 100, final_amount: 4900 } });
  });

  it('applies a fixed coupon only from its minimum spend', async () => {
    const coupon = await createCoupon(t, { discount_type: 'fixed_amount_with_min', fixed_amount_off: 25, minimum_spend_required: 200 });
    expect((await validate({ coupon_code: coupon.code, estimate_amount: 199.99 })).json()).toEqual({
      valid: false,
      coupon: null,
      message: 'Minimum spend of $200.00 required for this coupon',
    });
    expect((await validate({ coupon_code: coupon.code, estimate_amount: 200 })).json()).toMatchObject({
      valid: true,
      message: 'Coupon applied: $25.00 off',
      coupon: { discount_amount: 25, final_amount: 175 },
    });
  });

  it('applies Stripe-style coupons: percent_off of the amount, amount_off in cents capped at the amount', async () => {
    const percent = await createCoupon(t, { percentage_off: null, max_discount_amount: null, percent_off: 12.5 });
    expect((await validate({ coupon_code: percent.code, estimate_amount: 1000 })).json()).toMatchObject({
      valid: true,
      coupon: { discount_amount: 125, final_amount: 875 },
    });
    const amount = await createCoupon(t, { percentage_off: null, max_discount_amount: null, amount_off: 5000 });
    expect((await validate({ coupon_code: amount.code, estimate_amount: 80 })).json()).toMatchObject({
      valid: true,
      message: 'Coupon applied: $50.00 off',
      coupon: { discount_amount: 50, final_amount: 30 },
    });
    expect((await validate({ coupon_code: amount.code, estimate_amount: 20 })).json()).toMatchObject({
      valid: true,
      coupon: { discount_amount: 20, final_amount: 0 },
    });
  });

  it('gives the refusal’s message for an ineligible coupon', async () => {
    const part = await insertDaypart(t.database.db);
    const otherPart = await insertDaypart(t.database.db);
    const cases: [Record<string, unknown>, string, Record<string, unknown>?][] = [
      [{ is_active: false }, 'This coupon is not active'],
      [{ valid_from: isoDate(3) }, 'This coupon is not valid yet'],
      [{ valid_from: isoDate(-9), valid_until: isoDate(-1) }, 'This coupon has expired'],
      [{ restricted_to_user_id: other.user.id }, 'This coupon is not available for your account'],
      [{ restricted_to_daypart_ids: [part.id] }, 'This coupon is not valid for the selected dayparts', { daypart_ids: [part.id, otherPart.id] }],
      [{ restricted_to_daypart_ids: [part.id] }, 'This coupon is not valid for the selected dayparts', {}],
    ];
    for (const [terms, message, extra] of cases) {
      const coupon = await createCoupon(t, terms);
      const res = await validate({ coupon_code: coupon.code, estimate_amount: 100, ...extra });
      expect(res.json(), message).toEqual({ valid: false, coupon: null, message });
    }
    const allowed = await createCoupon(t, { restricted_to_daypart_ids: [part.id, otherPart.id], restricted_to_user_id: client.user.id });
    expect((await validate({ coupon_code: allowed.code, estimate_amount: 100, daypart_ids: [otherPart.id] })).json()).toMatchObject({
      valid: true,
      coupon: { restricted_to_user_name: 'Una User' },
    });
  });

  it('counts the caller’s own uses against the per-user limit, and all uses against the usage limit', async () => {
    const perUser = await createCoupon(t, { per_user_limit: 1 });
    expect((await use(perUser.id, { estimate_id: (await insertEstimate(t.database.db, client.user.id)).id, original_amount: 100 })).statusCode).toBe(201);
    expect((await validate({ coupon_code: perUser.code, estimate_amount: 100 })).json()).toEqual({
      valid: false,
      coupon: null,
      message: 'You have already used this coupon the maximum number of times',
    });
    expect((await validate({ coupon_code: perUser.code, estimate_amount: 100 }, other.token)).json().valid).toBe(true);

    const limited = await createCoupon(t, { usage_limit: 1 });
    expect(
      (await use(limited.id, { estimate_id: (await insertEstimate(t.database.db, other.user.id)).id, original_amount: 100 }, other.token)).statusCode,
    ).toBe(201);
    expect((await validate({ coupon_code: limited.code, estimate_amount: 100 })).json()).toEqual({
      valid: false,
      coupon: null,
      message: 'This coupon has reached its usage limit',
    });
  });

  it('refuses malformed requests with an error', async () => {
    const cases: [unknown, string][] = [
      [{ coupon_code: 'ABC', estimate_amount: -1 }, 'Estimate amount cannot be negative'],
      [{ coupon_code: 'ABC', estimate_amount: 'lots' }, 'Estimate amount must be a number'],
      [{ coupon_code: 'ABC', estimate_amount: 10, daypart_ids: ["1' or '1'='1"] }, 'Daypart ids must be a list of daypart ids'],
      [{ coupon_code: 'x'.repeat(10_000), estimate_amount: 10 }, 'Invalid coupon code'],
      [{ coupon_code: 42, estimate_amount: 10 }, 'Please enter a coupon code'],
    ];
    for (const [payload, error] of cases) {
      const res = await validate(payload);
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toMatchObject({ error });
    }
  });
});

describe('POST /coupons/:id/use', () => {
  it('records a use with the discount computed by the server, once per estimate', async () => {
    const coupon = await createCoupon(t, { percentage_off: 10, max_discount_amount: 100 });
    const estimate = await insertEstimate(t.database.db, client.user.id);
    const first = await use(coupon.id, { estimate_id: estimate.id, original_amount: 500, final_amount: 1, discount_amount: 499, daypart_ids: [] });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      message: 'Coupon usage recorded',
      usage: {
        id: expect.any(String),
        coupon_id: coupon.id,
        user_id: client.user.id,
        estimate_id: estimate.id,
        original_amount: 500,
        discount_amount: 50,
        final_amount: 450,
        daypart_ids: [],
        used_at: expect.any(String),
      },
    });
    const second = await use(coupon.id, { estimate_id: estimate.id, original_amount: 9000 });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ message: 'Coupon usage already recorded for this estimate', usage: first.json().usage });
    expect(await usageCount(coupon.id)).toBe(1);
  });

  it('only lets a client use a coupon on their own estimate; an admin may use it on any, for its owner', async () => {
    const coupon = await createCoupon(t);
    const theirs = await insertEstimate(t.database.db, other.user.id);
    for (const estimate_id of [theirs.id, MISSING, "1' or '1'='1", 'x'.repeat(100)]) {
      const res = await use(coupon.id, { estimate_id, original_amount: 100 });
      expect(res.statusCode, estimate_id).toBe(404);
      expect(res.json()).toEqual({ error: 'Estimate not found' });
    }
    expect((await use(MISSING, { estimate_id: theirs.id, original_amount: 100 })).json()).toEqual({ error: 'Coupon not found' });
    expect((await use('nope', { estimate_id: theirs.id, original_amount: 100 })).statusCode).toBe(404);
    expect((await use(coupon.id, { original_amount: 100 })).json()).toEqual({ error: 'Estimate is required', field: 'estimate_id' });
    expect((await use(coupon.id, { estimate_id: theirs.id })).json()).toEqual({ error: 'Original amount must be a number', field: 'original_amount' });

    const byAdmin = await use(coupon.id, { estimate_id: theirs.id, original_amount: 100 }, admin);
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().usage.user_id).toBe(other.user.id);
    expect(await usageCount(coupon.id)).toBe(1);
  });

  it('refuses an ineligible use with the refusal’s message and counts nothing', async () => {
    const inactive = await createCoupon(t, { is_active: false });
    const estimate = await insertEstimate(t.database.db, client.user.id);
    const res = await use(inactive.id, { estimate_id: estimate.id, original_amount: 100 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'This coupon is not active' });
    const fixed = await createCoupon(t, { discount_type: 'fixed_amount_with_min', fixed_amount_off: 25, minimum_spend_required: 200 });
    expect((await use(fixed.id, { estimate_id: estimate.id, original_amount: 150 })).json()).toEqual({
      error: 'Minimum spend of $200.00 required for this coupon',
    });
    expect(await usageCount(fixed.id)).toBe(0);
  });

  it('checks daypart restrictions against the estimate’s own dayparts, not the client’s list', async () => {
    const allowed = await insertDaypart(t.database.db);
    const elsewhere = await insertDaypart(t.database.db);
    const coupon = await createCoupon(t, { restricted_to_daypart_ids: [allowed.id] });
    const wrong = await insertEstimate(t.database.db, client.user.id, { daypartIds: [elsewhere.id] });
    const res = await use(coupon.id, { estimate_id: wrong.id, original_amount: 100, daypart_ids: [allowed.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'This coupon is not valid for the selected dayparts' });
    const right = await insertEstimate(t.database.db, client.user.id, { daypartIds: [allowed.id] });
    const ok = await use(coupon.id, { estimate_id: right.id, original_amount: 100 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().usage.daypart_ids).toEqual([allowed.id]);
  });
});

describe('POST /coupons/:id/use on an order with a budget', () => {
  it('computes the use on the order’s budget, not on the amount sent, and keeps one coupon per order', async () => {
    const coupon = await createCoupon(t, { percentage_off: 10, max_discount_amount: 1000 });
    const estimate = await insertEstimate(t.database.db, client.user.id);
    await t.database.db.update(estimatesTable).set({ totalSpendCents: 2000_00 }).where(eq(estimatesTable.id, estimate.id));
    const res = await use(coupon.id, { estimate_id: estimate.id, original_amount: 1_000_000 });
    expect(res.statusCode).toBe(201);
    expect(res.json().usage).toMatchObject({ original_amount: 2000, discount_amount: 200, final_amount: 1800 });
    const another = await createCoupon(t);
    const refused = await use(another.id, { estimate_id: estimate.id, original_amount: 2000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'This order already uses another coupon' });
    expect(await usageCount(another.id)).toBe(0);
  });
});

describe('limits under concurrency', () => {
  it('lets exactly usage_limit of many racing uses through', async () => {
    const coupon = await createCoupon(t, { usage_limit: 3 });
    const racers = await Promise.all(Array.from({ length: 8 }, () => t.signUp()));
    const estimates = await Promise.all(racers.map((r) => insertEstimate(t.database.db, r.user.id)));
    const results = await Promise.all(racers.map((r, i) => use(coupon.id, { estimate_id: estimates[i]!.id, original_amount: 100 }, r.token)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ error: 'This coupon has reached its usage limit' });
    }
    expect(await usageCount(coupon.id)).toBe(3);
    expect(await t.database.db.select().from(couponUsages).where(eq(couponUsages.couponId, coupon.id))).toHaveLength(3);
  });

  it('lets exactly per_user_limit of one user’s racing uses through', async () => {
    const coupon = await createCoupon(t, { per_user_limit: 2 });
    const racer = await t.signUp();
    const estimates = await Promise.all(Array.from({ length: 6 }, () => insertEstimate(t.database.db, racer.user.id)));
    const results = await Promise.all(estimates.map((e) => use(coupon.id, { estimate_id: e.id, original_amount: 100 }, racer.token)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    for (const r of results.filter((x) => x.statusCode !== 201))
      expect(r.json()).toEqual({ error: 'You have already used this coupon the maximum number of times' });
    expect(await usageCount(coupon.id)).toBe(2);
  });

  it('counts one estimate once even when its uses race', async () => {
    const coupon = await createCoupon(t);
    const estimate = await insertEstimate(t.database.db, client.user.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => use(coupon.id, { estimate_id: estimate.id, original_amount: 100 })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await usageCount(coupon.id)).toBe(1);
  });
});

describe('GET /coupons/:id/usage', () => {
  it('reports totals and the newest usages with who and which estimate', async () => {
    const coupon = await createCoupon(t, { percentage_off: 20, max_discount_amount: 1000 });
    const a = await insertEstimate(t.database.db, client.user.id, { name: 'Summer push' });
    const b = await insertEstimate(t.database.db, client.user.id, { name: 'Autumn push' });
    const c = await insertEstimate(t.database.db, other.user.id, { name: 'Other push' });
    await use(coupon.id, { estimate_id: a.id, original_amount: 100 });
    await use(coupon.id, { estimate_id: b.id, original_amount: 250.5 });
    await use(coupon.id, { estimate_id: c.id, original_amount: 1000 }, other.token);
    const res = await t.inject({ method: 'GET', url: `/api/coupons/${coupon.id}/usage`, token: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.stats).toEqual({ total_uses: 3, unique_users: 2, total_discount_given: 270.1, total_final_amount: 1080.4 });
    expect(body.recent_usages).toHaveLength(3);
    expect(body.recent_usages).toContainEqual({
      id: expect.any(String),
      user_name: 'Una User',
      user_email: client.user.email,
      estimate_name: 'Autumn push',
      original_amount: 250.5,
      discount_amount: 50.1,
      final_amount: 200.4,
      used_at: expect.any(String),
    });
    const times = body.recent_usages.map((u: { used_at: string }) => u.used_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers zeros for an unused coupon and 404 for an unknown one', async () => {
    const coupon = await createCoupon(t);
    expect((await t.inject({ method: 'GET', url: `/api/coupons/${coupon.id}/usage`, token: admin })).json()).toEqual({
      stats: { total_uses: 0, unique_users: 0, total_discount_given: 0, total_final_amount: 0 },
      recent_usages: [],
    });
    const missing = await t.inject({ method: 'GET', url: `/api/coupons/${MISSING}/usage`, token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Coupon not found' });
  });
});

describe('applyOrderCoupon (inside the submit’s transaction)', () => {
  it('counts an order once, recomputes its discount on the current amount, and refuses bad codes and ineligible coupons', async () => {
    const db = t.database.db;
    const part = await insertDaypart(db);
    const coupon = await createCoupon(t, { percentage_off: 10, max_discount_amount: 100, restricted_to_daypart_ids: [part.id] });
    const estimate = await insertEstimate(db, client.user.id);
    const args = {
      couponCode: coupon.code.toLowerCase(),
      userId: client.user.id,
      estimateId: estimate.id,
      originalAmountCents: 123_45,
      daypartIds: [part.id],
      today: isoDate(0),
    };
    expect(await db.transaction((tx) => applyOrderCoupon({ tx, ...args }))).toEqual({ couponId: coupon.id, discountCents: 12_35 });
    // Resubmitted with another budget: the same use, a new discount (10 % of $1,999, capped at $100).
    expect(await db.transaction((tx) => applyOrderCoupon({ tx, ...args, originalAmountCents: 1999_00 }))).toEqual({
      couponId: coupon.id,
      discountCents: 100_00,
    });
    expect(await db.transaction((tx) => applyOrderCoupon({ tx, ...args, originalAmountCents: 50_00 }))).toEqual({ couponId: coupon.id, discountCents: 5_00 });
    expect(await usageCount(coupon.id)).toBe(1);
    const [use] = await db.select().from(couponUsages).where(eq(couponUsages.couponId, coupon.id));
    expect(use).toMatchObject({ originalAmountCents: 50_00, discountAmountCents: 5_00, finalAmountCents: 45_00 });

    await expect(db.transaction((tx) => applyOrderCoupon({ tx, ...args, couponCode: uniqueCode('NOPE') }))).rejects.toMatchObject({
      statusCode: 400,
      message: 'Invalid coupon code',
    });
    const second = await insertEstimate(db, client.user.id);
    await expect(db.transaction((tx) => applyOrderCoupon({ tx, ...args, estimateId: second.id, daypartIds: [] }))).rejects.toMatchObject({
      statusCode: 400,
      message: 'This coupon is not valid for the selected dayparts',
    });
  });

  it('re-checks the coupon at a resubmit, as if this order had not used it', async () => {
    const db = t.database.db;
    const coupon = await createCoupon(t, { usage_limit: 1, per_user_limit: 1 });
    const estimate = await insertEstimate(db, client.user.id);
    const args = { couponCode: coupon.code, userId: client.user.id, estimateId: estimate.id, originalAmountCents: 100_00, daypartIds: [], today: isoDate(0) };
    await db.transaction((tx) => applyOrderCoupon({ tx, ...args }));
    // Its own use does not count against the limits…
    expect(await db.transaction((tx) => applyOrderCoupon({ tx, ...args }))).toEqual({ couponId: coupon.id, discountCents: 10_00 });
    // …but a coupon switched off since is refused.
    await db.update(coupons).set({ isActive: false }).where(eq(coupons.id, coupon.id));
    await expect(db.transaction((tx) => applyOrderCoupon({ tx, ...args }))).rejects.toMatchObject({ statusCode: 400, message: 'This coupon is not active' });
  });

  it('gives back the use of a coupon the order no longer carries', async () => {
    const db = t.database.db;
    const first = await createCoupon(t);
    const next = await createCoupon(t);
    const estimate = await insertEstimate(db, client.user.id);
    const args = { userId: client.user.id, estimateId: estimate.id, originalAmountCents: 100_00, daypartIds: [], today: isoDate(0) };
    await db.transaction((tx) => applyOrderCoupon({ tx, ...args, couponCode: first.code }));
    expect(await db.transaction((tx) => applyOrderCoupon({ tx, ...args, couponCode: next.code }))).toMatchObject({ couponId: next.id });
    expect([await usageCount(first.id), await usageCount(next.id)]).toEqual([0, 1]);
    expect(await db.transaction((tx) => applyOrderCoupon({ tx, ...args, couponCode: null }))).toEqual({ couponId: null, discountCents: 0 });
    expect(await usageCount(next.id)).toBe(0);
    expect(await db.select().from(couponUsages).where(eq(couponUsages.estimateId, estimate.id))).toEqual([]);
  });

  it('rolls back with the caller’s transaction', async () => {
    const db = t.database.db;
    const coupon = await createCoupon(t);
    const estimate = await insertEstimate(db, await adminId(t));
    await expect(
      db.transaction(async (tx) => {
        await applyOrderCoupon({
          tx,
          couponCode: coupon.code,
          userId: client.user.id,
          estimateId: estimate.id,
          originalAmountCents: 100_00,
          daypartIds: [],
          today: isoDate(0),
        });
        throw new Error('submit failed');
      }),
    ).rejects.toThrow('submit failed');
    expect(await usageCount(coupon.id)).toBe(0);
  });
});
