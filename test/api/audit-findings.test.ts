/** Findings of the outside audit (issue 10), each reproduced as it was observed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/domain/dates';
import { markInvoiceSent } from '../../src/server/modules/billing/service';
import { createTestApp, type TestApp } from '../support/app';
import { invoicedOrder } from '../support/billing-fixtures';
import { eq } from 'drizzle-orm';
import { COUPON_DRAFT_HOLD_MINUTES, COUPON_HELD_BY_OTHER_DRAFTS } from '../../src/domain/coupons';
import { couponUsages, mediaAssets } from '../../src/server/db/schema';
import { releaseStaleDraftHolds } from '../../src/server/modules/coupons/service';
import { createCoupon } from '../support/coupon-fixtures';
import { MISSING_ID, clientWithBrand, createMediaAsset, submittedOrder } from '../support/ordering-fixtures';

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
      { method: 'POST', url: '/api/dayparts', token: admin, payload: { name: NUL, start_time: '06:00', end_time: '07:00', days_of_week: ['Monday'], base_cpm: 10 }, field: 'name' },
      { method: 'POST', url: '/api/coupons/validate', token: client, payload: { coupon_code: NUL, estimate_amount: 100, daypart_ids: [] }, field: 'coupon_code' },
      { method: 'POST', url: '/api/estimates', token: client, payload: { estimate_name: NUL }, field: 'estimate_name' },
      { method: 'PUT', url: `/api/reconciliation/reconcile/${MISSING_ID}`, token: admin, payload: { actual_spend: 1, actual_impressions: 1, notes: NUL }, field: 'notes' },
      { method: 'POST', url: `/api/billing/${invoice.id}/payments`, token: admin, payload: { amount: 1, payment_date: '2026-01-01', notes: NUL }, field: 'notes' },
      { method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: { custom_message: 'Hello\u0000' }, field: 'custom_message' },
      { method: 'POST', url: '/api/brands', token: client, payload: { tags: [{ [NUL]: 1 }], common_name: 'ok', legal_name: 'ok' }, field: 'tags.0.ab' },
    ] as const;
    for (const call of calls) {
      const res = await t.inject({ method: call.method, url: call.url, token: 'token' in call ? call.token : undefined, payload: 'payload' in call ? call.payload : undefined });
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ error: `${call.field} must not contain the NUL character (\\u0000)` });
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
    const res = await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/payments`, token: admin, payload: { amount: 1e-9, payment_date: '2026-01-01' } });
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

  it('approves a checked pending spot together with the order', async () => {
    const { owner, order } = await submittedOrder(t);
    expect((await mediaOf(owner.media.id)).status).toBe('pending');
    const res = await approve(order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('approved');
    expect((await mediaOf(owner.media.id)).status).toBe('approved');
  });
});

describe('drafts cannot use up a coupon (finding 7)', () => {
  const use = (couponId: string, estimateId: string, token: string) =>
    t.inject({ method: 'POST', url: `/api/coupons/${couponId}/use`, token, payload: { estimate_id: estimateId, original_amount: 1000, final_amount: 900, discount_amount: 100, daypart_ids: [] } });
  const newDraft = async (token: string) => {
    const res = await t.inject({ method: 'POST', url: '/api/estimates', token, payload: { estimate_name: 'Empty draft' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const usageCount = async (couponId: string) => (await t.inject({ method: 'GET', url: `/api/coupons/${couponId}`, token: admin })).json().usage_count as number;

  it('lets one advertiser hold a coupon on a few drafts only, and gives the holds back when they are not submitted', async () => {
    const coupon = await createCoupon(t, { usage_limit: 10 });
    const attacker = await t.signUp();
    const drafts = [];
    for (let i = 0; i < 5; i += 1) drafts.push(await newDraft(attacker.token));
    const replies = [];
    for (const id of drafts) replies.push(await use(coupon.id, id, attacker.token));
    expect(replies.slice(0, 3).map((r) => r.statusCode)).toEqual([201, 201, 201]);
    for (const r of replies.slice(3)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ error: COUPON_HELD_BY_OTHER_DRAFTS });
    }
    expect(await usageCount(coupon.id)).toBe(3);

    // Not submitted in time: the station clock gives the holds back.
    expect(await releaseStaleDraftHolds(t.database.db, new Date(Date.now() + (COUPON_DRAFT_HOLD_MINUTES - 1) * 60_000))).toBe(0);
    await releaseStaleDraftHolds(t.database.db, new Date(Date.now() + (COUPON_DRAFT_HOLD_MINUTES + 1) * 60_000));
    expect(await usageCount(coupon.id)).toBe(0);
    expect(await t.database.db.select().from(couponUsages).where(eq(couponUsages.couponId, coupon.id))).toHaveLength(0);
  });

  it('keeps the use of a submitted order', async () => {
    const coupon = await createCoupon(t);
    const { owner, order } = await submittedOrder(t);
    expect((await use(coupon.id, order.id, owner.token)).statusCode).toBe(201);
    await releaseStaleDraftHolds(t.database.db, new Date(Date.now() + (COUPON_DRAFT_HOLD_MINUTES + 1) * 60_000));
    expect(await usageCount(coupon.id)).toBe(1);
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
    expect((await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@spotbook.test', password: 'Admin-Passw0rd' } })).statusCode).toBe(200);
  });

  it('still locks one account after 10 failures from one address', async () => {
    const victim = await t.signUp();
    for (let i = 0; i < 10; i += 1) await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: victim.user.email, password: 'wrong-password' } });
    expect((await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: victim.user.email, password: victim.password } })).statusCode).toBe(429);
  });
});

describe('sending an invoice queues its e-mail in the same transaction (finding 5)', () => {
  it('changes nothing when the message cannot be stored', async () => {
    const { invoice } = await invoicedOrder(t);
    // PostgreSQL refuses the NUL byte: a real failure of the outbox insert.
    const unstorable = { to: 'billing\u0000@example.com', subject: 'Invoice', text: 'Please pay' };
    await expect(markInvoiceSent({ db: t.database.db, id: invoice.id, today: todayIso(), mailer: t.app.ctx.mailer, compose: () => unstorable })).rejects.toThrow();
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
      Array.from({ length: 150 }, (_, i) => t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `flood${i}@example.com`, password: 'wrong-password' } })),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
    const busy = replies.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.headers['retry-after']).toBe('2');
    expect(busy[0]!.json()).toEqual({ error: 'The server is busy signing people in. Please try again in a moment.' });
  });
});
