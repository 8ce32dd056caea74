/** POST /api/estimates/:id/withdraw: the owner takes a submitted, not yet reviewed order back to draft (decision 018). */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, couponUsages, notifications } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { MISSING_ID, createCoupon, getOrder, newClient, putOrder, readyOrder, submittedOrder } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const withdraw = (id: string, token: string) => t.inject({ method: 'POST', url: `/api/estimates/${id}/withdraw`, token });
const usageCount = async (id: string) => (await t.database.db.select({ n: coupons.usageCount }).from(coupons).where(eq(coupons.id, id)))[0]!.n;

describe('POST /api/estimates/:id/withdraw', () => {
  it('takes a submitted order back to draft, gives its coupon use back, and it can be submitted again', async () => {
    const coupon = await createCoupon(t.database.db, { percentageOff: 10, maxDiscountAmountCents: 10_000 });
    const { owner, order } = await readyOrder(t, { totalSpend: 5000, name: 'Withdrawn launch' });
    await putOrder(t, owner.token, order.id, { coupon_code: coupon.code });
    const submitted = await putOrder(t, owner.token, order.id, { status: 'ordered' });
    expect(submitted.json()).toMatchObject({ status: 'ordered', discount_amount: 100, total_amount: 4900 });
    expect(await usageCount(coupon.id)).toBe(1);

    const res = await withdraw(order.id, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    // The code stays on the order (redeemed again at the next submit); its discount and use are given back.
    expect(res.json()).toMatchObject({ id: order.id, status: 'draft', coupon_code: coupon.code, discount_amount: 0, total_amount: 5000, total_spend: 5000 });
    expect(await usageCount(coupon.id)).toBe(0);
    expect(
      await t.database.db
        .select()
        .from(couponUsages)
        .where(and(eq(couponUsages.couponId, coupon.id), eq(couponUsages.estimateId, order.id))),
    ).toHaveLength(0);

    // A draft again: the owner edits it and submits it once more, redeeming the coupon once.
    expect((await putOrder(t, owner.token, order.id, { estimate_name: 'Withdrawn launch, v2' })).statusCode).toBe(200);
    const again = await putOrder(t, owner.token, order.id, { status: 'ordered' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'ordered', estimate_name: 'Withdrawn launch, v2', discount_amount: 100, total_amount: 4900 });
    expect(await usageCount(coupon.id)).toBe(1);
  });

  it('tells the owner and the traffic desk, and writes the change to the audit trail', async () => {
    const { owner, order } = await submittedOrder(t, { name: 'Told order' });
    expect((await withdraw(order.id, owner.token)).statusCode).toBe(200);

    const ownerNotes = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(ownerNotes.map((n) => n.message)).toContain('Your order "Told order" is now Draft');
    const inbox = (await t.inject({ method: 'GET', url: '/api/notifications', token: admin })).json() as {
      notifications: { message: string; type: string; status: string }[];
    };
    expect(inbox.notifications).toContainEqual(
      expect.objectContaining({ type: 'estimate_status_change', status: 'draft', message: 'Order "Told order" was withdrawn to draft by its owner' }),
    );

    const audit = (await t.inject({ method: 'GET', url: `/api/audit?entity=order&entity_id=${order.id}`, token: admin })).json() as {
      events: { action: string; actor_email: string; before: { status?: string } | null; after: { status?: string } | null }[];
    };
    expect(audit.events).toContainEqual(
      expect.objectContaining({
        action: 'status_change',
        actor_email: owner.email,
        before: expect.objectContaining({ status: 'ordered' }),
        after: expect.objectContaining({ status: 'draft' }),
      }),
    );
  });

  it('is refused with 409 once the order is reviewed or while it is not submitted', async () => {
    const { owner, order } = await submittedOrder(t);
    expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/modify`, token: admin })).statusCode).toBe(200);
    for (const status of ['modified', 'approved']) {
      if (status === 'approved') expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin })).statusCode).toBe(200);
      const res = await withdraw(order.id, owner.token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'Only a submitted order awaiting review can be withdrawn' });
      expect((await getOrder(t, owner.token, order.id)).status).toBe(status);
    }
    const draft = await readyOrder(t);
    const res = await withdraw(draft.order.id, draft.owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Only a submitted order awaiting review can be withdrawn' });
  });

  it("is the owner's: another client gets 404, an admin 403 on someone else's order, anonymous 401", async () => {
    const { owner, order } = await submittedOrder(t);
    const stranger = await newClient(t);
    const hidden = await withdraw(order.id, stranger.token);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: 'Estimate not found' });
    const byAdmin = await withdraw(order.id, admin);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toEqual({ error: "Only the order's owner can withdraw it" });
    expect((await t.inject({ method: 'POST', url: `/api/estimates/${order.id}/withdraw` })).statusCode).toBe(401);
    expect((await getOrder(t, owner.token, order.id)).status).toBe('ordered');
    for (const id of [MISSING_ID, 'nope']) {
      const missing = await withdraw(id, owner.token);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Estimate not found' });
    }
  });
});
