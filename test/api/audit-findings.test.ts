/** Findings of the outside audit (issue 10), each reproduced as it was observed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markInvoiceSent } from '../../src/server/modules/billing/service';
import { createTestApp, type TestApp } from '../support/app';
import { invoicedOrder } from '../support/billing-fixtures';
import { eq } from 'drizzle-orm';
import { couponUsages, mediaAssets } from '../../src/server/db/schema';
import { createCoupon } from '../support/coupon-fixtures';
import { MISSING_ID, clientWithBrand, createMediaAsset, putOrder, readyOrder, submittedOrder } from '../support/ordering-fixtures';
import { TEST_STATION_ZONE, clockToday } from '../support/clock';

let t: TestApp;
let admin: string;
let client: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  client = (await t.signUp()).token;
});
afterAll(async () => t?.close());

const NUL = 'a\u0000b';

describe('the NUL character', () => {
  it('is refused in bodies, searches and sign-in with 400 naming the field', async () => {
    const { invoice } = await invoicedOrder(t);
    const calls = [
      { method: 'POST', url: '/api/brands', token: client, payload: { common_name: NUL, legal_name: 'l' }, field: 'common_name' },
      { method: 'GET', url: '/api/estimates?search=%00', token: client, field: 'search' },
      { method: 'GET', url: '/api/billing?search=%00', token: admin, field: 'search' },
      { method: 'GET', url: '/api/coupons?search=%00', token: admin, field: 'search' },
      { method: 'POST', url: '/api/auth/login', payload: { email: '\u0000', password: 'x' }, field: 'email' },
      { method: 'POST', url: '/api/auth/register', payload: { email: 'x@example.com', password: 'Client-Passw0rd', firstName: NUL }, field: 'firstName' },
      {
        method: 'POST',
        url: '/api/dayparts',
        token: admin,
        payload: { name: NUL, start_time: '06:00', end_time: '07:00', days_of_week: ['Monday'], base_cpm: 10 },
        field: 'name',
      },
      {
        method: 'POST',
        url: '/api/coupons/validate',
        token: client,
        payload: { coupon_code: NUL, estimate_amount: 100, daypart_ids: [] },
        field: 'coupon_code',
      },
      { method: 'POST', url: '/api/estimates', token: client, payload: { estimate_name: NUL }, field: 'estimate_name' },
      {
        method: 'PUT',
        url: `/api/reconciliation/reconcile/${MISSING_ID}`,
        token: admin,
        payload: { actual_spend: 1, actual_impressions: 1, notes: NUL },
        field: 'notes',
      },
      {
        method: 'POST',
        url: `/api/billing/${invoice.id}/payments`,
        token: admin,
        payload: { amount: 1, payment_date: '2026-01-01', notes: NUL },
        field: 'notes',
      },
      { method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: { custom_message: 'Hello\u0000' }, field: 'custom_message' },
      {
        method: 'POST',
        url: '/api/brands',
        token: client,
        payload: { tags: [{ [NUL]: 1 }], common_name: 'ok', legal_name: 'ok' },
        field: 'tags.0.ab',
        named: 'tags[0].ab',
      },
    ] as const;
    for (const call of calls) {
      const res = await t.inject({
        method: call.method,
        url: call.url,
        token: 'token' in call ? call.token : undefined,
        payload: 'payload' in call ? call.payload : undefined,
      });
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ error: `${call.field} must not contain the NUL character (\\u0000)`, field: 'named' in call ? call.named : call.field });
    }
    const brands = (await t.inject({ method: 'GET', url: '/api/brands', token: client })).json();
    expect(brands).toEqual([]);
    const detail = (await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}`, token: admin })).json();
    expect(detail.status).toBe('draft');
  });

  it('keeps ordinary text, tabs and newlines', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/brands', token: client, payload: { common_name: 'Tab\there', legal_name: 'Line\nbreak' } });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('money to whole cents (finding 2)', () => {
  it('refuses a payment of 1e-9 dollars with 400, not a failed database check', async () => {
    const { invoice } = await invoicedOrder(t);
    await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} });
    const res = await t.inject({
      method: 'POST',
      url: `/api/billing/${invoice.id}/payments`,
      token: admin,
      payload: { amount: 1e-9, payment_date: '2026-01-01' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBeTruthy();
  });
});

describe('media approval waits for the video check (finding 8)', () => {
  it('answers 409 while the check has not passed, and approves once it has', async () => {
    const { brand } = await clientWithBrand(t);
    const unchecked = await createMediaAsset(t.database.db, brand.id, { filename: 'fake.mp4', processingStage: 'uploaded', processingProgress: 0 });
    const early = await t.inject({ method: 'PUT', url: `/api/media/${unchecked.id}`, token: admin, payload: { status: 'approved' } });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: 'This media cannot be approved until its video check has passed' });
    expect((await t.inject({ method: 'GET', url: `/api/media/${unchecked.id}`, token: admin })).json().status).toBe('pending');
    const checked = await createMediaAsset(t.database.db, brand.id, { processingStage: 'complete' });
    expect((await t.inject({ method: 'PUT', url: `/api/media/${checked.id}`, token: admin, payload: { status: 'approved' } })).statusCode).toBe(200);
    expect((await t.inject({ method: 'PUT', url: `/api/media/${unchecked.id}`, token: admin, payload: { status: 'rejected' } })).statusCode).toBe(200);
  });
});

describe('an order is not approved while its media is not approved (finding 8)', () => {
  const mediaOf = async (id: string) => (await t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, id)))[0]!;
  const approve = (id: string) => t.inject({ method: 'PATCH', url: `/api/estimates/${id}/approve`, token: admin, payload: { notes: null } });

  it('refuses with 409 while the spot is unchecked or rejected, and changes nothing', async () => {
    const { owner, order } = await submittedOrder(t);
    await t.database.db.update(mediaAssets).set({ processingStage: 'probing' }).where(eq(mediaAssets.id, owner.media.id));
    const unchecked = await approve(order.id);
    expect(unchecked.statusCode).toBe(409);
    expect(unchecked.json()).toEqual({ error: "The order's media is still being checked: approve the order once its video check has passed" });
    await t.database.db.update(mediaAssets).set({ processingStage: 'complete', status: 'rejected' }).where(eq(mediaAssets.id, owner.media.id));
    const rejected = await t.inject({ method: 'PUT', url: `/api/estimates/${order.id}`, token: admin, payload: { status: 'scheduled' } });
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json()).toEqual({ error: "The order's media was rejected: the advertiser must choose another spot before the order can be approved" });
    const read = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}`, token: admin });
    expect(read.json().status).toBe('ordered');
  });

  it('holds the order back by the media route’s rule: a spot still making its renditions is unchecked, one in error is never approvable', async () => {
    const { owner, order } = await submittedOrder(t);
    for (const stage of ['thumbnail', 'preview']) {
      await t.database.db.update(mediaAssets).set({ processingStage: stage }).where(eq(mediaAssets.id, owner.media.id));
      const res = await approve(order.id);
      expect(res.statusCode, stage).toBe(409);
      expect(res.json()).toEqual({ error: "The order's media is still being checked: approve the order once its video check has passed" });
    }
    await t.database.db.update(mediaAssets).set({ processingStage: 'error' }).where(eq(mediaAssets.id, owner.media.id));
    const failed = await t.inject({ method: 'PUT', url: `/api/estimates/${order.id}`, token: admin, payload: { status: 'active' } });
    expect(failed.statusCode).toBe(409);
    expect(failed.json()).toEqual({
      error: "The order's media failed its video check: the advertiser must choose another spot before the order can be approved",
    });
    // The media route refuses the same spot.
    expect((await t.inject({ method: 'PUT', url: `/api/media/${owner.media.id}`, token: admin, payload: { status: 'approved' } })).statusCode).toBe(409);
    expect((await mediaOf(owner.media.id)).status).toBe('pending');
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${order.id}`, token: admin })).json().status).toBe('ordered');
  });

  it('refuses to swap an unchecked, failed or rejected spot into a booked order, and approves a checked one', async () => {
    const { owner, order } = await submittedOrder(t);
    const scheduled = await t.inject({ method: 'PUT', url: `/api/estimates/${order.id}`, token: admin, payload: { status: 'scheduled' } });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const swap = (mediaId: string) => t.inject({ method: 'PUT', url: `/api/estimates/${order.id}`, token: admin, payload: { media_asset_id: mediaId } });
    const cases = [
      [{ processingStage: 'probing' }, "The order's media is still being checked: approve the order once its video check has passed"],
      [{ processingStage: 'preview' }, "The order's media is still being checked: approve the order once its video check has passed"],
      [{ processingStage: 'error' }, "The order's media failed its video check: the advertiser must choose another spot before the order can be approved"],
      [{ status: 'rejected' as const }, "The order's media was rejected: the advertiser must choose another spot before the order can be approved"],
    ] as const;
    for (const [overrides, error] of cases) {
      const spot = await createMediaAsset(t.database.db, owner.brand.id, overrides);
      const res = await swap(spot.id);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(409);
      expect(res.json()).toEqual({ error });
    }
    const read = (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}`, token: admin })).json();
    expect(read).toMatchObject({ status: 'scheduled', media_asset_id: owner.media.id });

    const checked = await createMediaAsset(t.database.db, owner.brand.id);
    const ok = await swap(checked.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().media_asset_id).toBe(checked.id);
    expect((await mediaOf(checked.id)).status).toBe('approved');
  });

  it('approves a checked pending spot together with the order', async () => {
    const { owner, order } = await submittedOrder(t);
    expect((await mediaOf(owner.media.id)).status).toBe('pending');
    const res = await approve(order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('approved');
    expect((await mediaOf(owner.media.id)).status).toBe('approved');
  });
});

describe('only submitted orders use up a coupon (finding 7)', () => {
  const use = (couponId: string, estimateId: string, token: string) =>
    t.inject({
      method: 'POST',
      url: `/api/coupons/${couponId}/use`,
      token,
      payload: { estimate_id: estimateId, original_amount: 1000, final_amount: 900, discount_amount: 100, daypart_ids: [] },
    });
  const newDraft = async (token: string) => {
    const res = await t.inject({ method: 'POST', url: '/api/estimates', token, payload: { estimate_name: 'Empty draft' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const usageCount = async (couponId: string) =>
    (await t.inject({ method: 'GET', url: `/api/coupons/${couponId}`, token: admin })).json().usage_count as number;
  const usesOf = (couponId: string) => t.database.db.select().from(couponUsages).where(eq(couponUsages.couponId, couponId));
  const submitWith = async (code: string) => {
    const ready = await readyOrder(t);
    expect((await putOrder(t, ready.owner.token, ready.order.id, { coupon_code: code })).statusCode).toBe(200);
    return { ...ready, submit: () => putOrder(t, ready.owner.token, ready.order.id, { status: 'ordered' }) };
  };

  it('does not count uses on drafts: ten empty drafts leave a limit of 1 for someone who orders', async () => {
    const coupon = await createCoupon(t, { usage_limit: 1, per_user_limit: 1 });
    const attacker = await t.signUp();
    for (let i = 0; i < 10; i += 1) {
      const res = await use(coupon.id, await newDraft(attacker.token), attacker.token);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe('Coupon usage recorded');
    }
    expect(await usageCount(coupon.id)).toBe(0);
    expect((await t.inject({ method: 'GET', url: `/api/coupons/${coupon.id}/usage`, token: admin })).json().stats.total_uses).toBe(0);

    const buyer = await submitWith(coupon.code);
    const submitted = await buyer.submit();
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().status).toBe('ordered');
    expect(await usageCount(coupon.id)).toBe(1);
    // The limit is now reached: another order's submit is refused, a draft's use still answered.
    const late = await submitWith(coupon.code);
    const refused = await late.submit();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'This coupon has reached its usage limit' });
    expect(await usageCount(coupon.id)).toBe(1);
  });

  it('counts a draft’s use once at submit, and a use after the submit counts nothing more', async () => {
    const coupon = await createCoupon(t, { usage_limit: 5 });
    const buyer = await submitWith(coupon.code);
    expect((await use(coupon.id, buyer.order.id, buyer.owner.token)).statusCode).toBe(201);
    expect(await usageCount(coupon.id)).toBe(0);
    expect((await buyer.submit()).statusCode).toBe(200);
    expect(await usageCount(coupon.id)).toBe(1);
    const after = await use(coupon.id, buyer.order.id, buyer.owner.token);
    expect(after.statusCode).toBe(200);
    expect(after.json().message).toBe('Coupon usage already recorded for this estimate');
    expect(await usageCount(coupon.id)).toBe(1);
    expect(await usesOf(coupon.id)).toHaveLength(1);
  });

  it('gives the use back when the order is rejected, withdrawn or deleted as a draft', async () => {
    const coupon = await createCoupon(t);
    const rejected = await submitWith(coupon.code);
    expect((await rejected.submit()).statusCode).toBe(200);
    expect(await usageCount(coupon.id)).toBe(1);
    const reject = await t.inject({ method: 'PATCH', url: `/api/estimates/${rejected.order.id}/reject`, token: admin, payload: { notes: 'No' } });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(await usageCount(coupon.id)).toBe(0);

    const withdrawn = await submitWith(coupon.code);
    expect((await withdrawn.submit()).statusCode).toBe(200);
    expect(await usageCount(coupon.id)).toBe(1);
    const back = await t.inject({ method: 'POST', url: `/api/estimates/${withdrawn.order.id}/withdraw`, token: withdrawn.owner.token });
    expect(back.statusCode, back.body).toBe(200);
    expect(await usageCount(coupon.id)).toBe(0);

    const draft = await newDraft(client);
    expect((await use(coupon.id, draft, client)).statusCode).toBe(201);
    expect((await t.inject({ method: 'DELETE', url: `/api/estimates/${draft}`, token: client })).statusCode).toBe(200);
    expect(await usageCount(coupon.id)).toBe(0);
    expect(await usesOf(coupon.id)).toHaveLength(0);
  });

  it('counts the use when Order Management moves a draft to a submitted status, and stops counting it when set back to draft', async () => {
    const coupon = await createCoupon(t);
    const draft = await newDraft(client);
    expect((await use(coupon.id, draft, client)).statusCode).toBe(201);
    const set = (status: string) => t.inject({ method: 'PUT', url: `/api/estimates/${draft}`, token: admin, payload: { status } });
    expect((await set('ordered')).statusCode).toBe(200);
    expect(await usageCount(coupon.id)).toBe(1);
    expect((await set('draft')).statusCode).toBe(200);
    expect(await usageCount(coupon.id)).toBe(0);
    expect(await usesOf(coupon.id)).toHaveLength(1);
  });
});

describe('sign-in limits cannot lock others out (finding 3)', () => {
  it('keeps the correct password of other accounts working after 100 failures with unknown e-mails from one address', async () => {
    const other = await t.signUp();
    for (let i = 0; i < 100; i += 1) {
      const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `nobody${i}@example.com`, password: 'wrong-password' } });
      expect(res.statusCode).toBe(401);
    }
    expect((await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: other.user.email, password: other.password } })).statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@spotbook.test', password: 'Admin-Passw0rd' } })).statusCode).toBe(
      200,
    );
  });

  it('still locks one account after 10 failures from one address', async () => {
    const victim = await t.signUp();
    for (let i = 0; i < 10; i += 1)
      await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: victim.user.email, password: 'wrong-password' } });
    expect((await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: victim.user.email, password: victim.password } })).statusCode).toBe(429);
  });
});

describe('sending an invoice queues its e-mail in the same transaction (finding 5)', () => {
  it('changes nothing when the message cannot be stored', async () => {
    const { invoice } = await invoicedOrder(t);
    // PostgreSQL refuses the NUL byte: a real failure of the outbox insert.
    const unstorable = { to: 'billing\u0000@example.com', subject: 'Invoice', text: 'Please pay' };
    await expect(
      markInvoiceSent({
        db: t.database.db,
        id: invoice.id,
        today: clockToday(),
        timeZone: TEST_STATION_ZONE,
        mailer: t.app.ctx.mailer,
        compose: () => unstorable,
      }),
    ).rejects.toThrow();
    expect((await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}`, token: admin })).json().status).toBe('draft');
  });

  it('stores the message with the status change when it can', async () => {
    const { invoice, owner } = await invoicedOrder(t);
    const res = await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: { custom_message: 'Thank you' } });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.mailTo(owner.email);
    expect(mail.some((m) => m.subject.includes(invoice.invoice_number))).toBe(true);
  });
});

describe('sign-in under a flood (finding 11)', () => {
  it('answers every request: those past the hashing queue get 503 with Retry-After at once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `flood${i}@example.com`, password: 'wrong-password' } }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
    const busy = replies.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.headers['retry-after']).toBe('2');
    expect(busy[0]!.json()).toEqual({ error: 'The server is busy signing people in. Please try again in a moment.' });
  });
});
