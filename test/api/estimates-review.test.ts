import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ADMIN_SETTABLE_STATUSES } from '../../src/domain/orders';
import { createTestApp, type TestApp } from '../support/app';
import { MISSING_ID, createDaypart, createOrder, dateIn, getOrder, newClient, putOrder, submittedOrder } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const review = (id: string, action: string, payload?: Record<string, unknown>, token = admin) =>
  t.inject({ method: 'PATCH', url: `/api/estimates/${id}/${action}`, token, ...(payload && { payload }) });

describe('PATCH /api/estimates/:id/approve | reject | modify', () => {
  it('approves, rejects or sends back an ordered order, keeping the note', async () => {
    for (const [action, status] of [
      ['approve', 'approved'],
      ['reject', 'rejected'],
      ['modify', 'modified'],
    ] as const) {
      const { owner, order } = await submittedOrder(t);
      const res = await review(order.id, action, { notes: `${action} note` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: order.id, status, notes: `${action} note` });
      expect((await getOrder(t, owner.token, order.id)).status).toBe(status);
    }
  });

  it('works without a body and keeps the existing note', async () => {
    const { order } = await submittedOrder(t);
    await putOrder(t, admin, order.id, { notes: 'keep me' });
    const res = await review(order.id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', notes: 'keep me' });
  });

  it('follows the review transitions, 409 otherwise', async () => {
    const { order } = await submittedOrder(t);
    expect((await review(order.id, 'modify')).statusCode).toBe(200);
    const again = await review(order.id, 'modify');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Cannot change an order from Changes Requested to Changes Requested' });
    expect((await review(order.id, 'approve')).json().status).toBe('approved');
    const late = await review(order.id, 'reject');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'Cannot change an order from Approved to Rejected' });

    const c = await newClient(t);
    const draft = await createOrder(t, c.token);
    const early = await review(draft.id, 'approve');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: 'Cannot change an order from Draft to Approved' });
  });

  it('is for admins only and answers 404 for unknown orders', async () => {
    const { owner, order } = await submittedOrder(t);
    const res = await review(order.id, 'approve', undefined, owner.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Admin access required' });
    for (const id of [MISSING_ID, 'nope']) {
      const missing = await review(id, 'reject');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Estimate not found' });
    }
    const badNotes = await review(order.id, 'reject', { notes: 42 });
    expect(badNotes.statusCode).toBe(400);
    expect(badNotes.json()).toEqual({ error: 'Notes must be text', field: 'notes' });
    expect((await review(order.id, 'reject', { notes: 'x'.repeat(2001) })).json()).toEqual({ error: 'Notes must be at most 2000 characters', field: 'notes' });
  });
});

describe('Order Management: PUT /api/estimates/:id with { status, notes }', () => {
  it('sets any settable status but the current one, with a note', async () => {
    const { order } = await submittedOrder(t);
    const same = await putOrder(t, admin, order.id, { status: 'ordered' });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ error: 'Order is already Ordered' });
    const notSettable = await putOrder(t, admin, order.id, { status: 'pending_approval' });
    expect(notSettable.statusCode).toBe(400);
    expect(notSettable.json()).toEqual({ error: 'An order cannot be set to Pending Approval' });

    const path: (typeof ADMIN_SETTABLE_STATUSES)[number][] = ['approved', 'scheduled', 'active', 'completed', 'draft', 'modified', 'rejected', 'ordered'];
    for (const status of path) {
      const res = await putOrder(t, admin, order.id, { status, notes: `now ${status}` });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ status, notes: `now ${status}` });
    }
  });

  it('changes the status of an approved order, but nothing else of it', async () => {
    const { order } = await submittedOrder(t);
    await review(order.id, 'approve');
    const scheduled = await putOrder(t, admin, order.id, { status: 'scheduled', notes: 'Airs Monday' });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', notes: 'Airs Monday' });
    await putOrder(t, admin, order.id, { status: 'approved' });
    const mixed = await putOrder(t, admin, order.id, { status: 'active', total_spend: 9000 });
    expect(mixed.statusCode).toBe(403);
    expect(mixed.json()).toEqual({ error: 'You cannot edit this order in its current status' });
    expect((await getOrder(t, admin, order.id)).status).toBe('approved');
  });
});

describe('daypart capacity', () => {
  /** Two orders of different clients, each wanting 20 of the 30 daily spots of one fresh daypart, over overlapping dates. */
  const competingOrders = async () => {
    const daypart = await createDaypart(t.database.db, { spotFrequency: 30 });
    const a = await submittedOrder(t, { daypartId: daypart.id, spots: 20, startDate: dateIn(8), totalSpend: 5000 });
    const b = await submittedOrder(t, { daypartId: daypart.id, spots: 20, startDate: dateIn(10), totalSpend: 5000 });
    return { daypart, a, b };
  };

  it('refuses to approve an order that would overbook a daypart (409)', async () => {
    const { daypart, a, b } = await competingOrders();
    expect((await review(a.order.id, 'approve')).statusCode).toBe(200);
    const res = await review(b.order.id, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(new RegExp(`^Not enough availability for ${daypart.name} on \\d{4}-\\d{2}-\\d{2}: 10 of 30 spots left, 20 requested$`));
    expect((await getOrder(t, admin, b.order.id)).status).toBe('ordered');

    // Order Management into scheduled or active is checked the same way; leaving a booked status frees the spots.
    expect((await putOrder(t, admin, b.order.id, { status: 'scheduled' })).statusCode).toBe(409);
    expect((await putOrder(t, admin, a.order.id, { status: 'completed' })).statusCode).toBe(200);
    expect((await putOrder(t, admin, b.order.id, { status: 'active' })).statusCode).toBe(200);
  });

  it('refuses an edit that would overbook a booked order', async () => {
    const { a, b } = await competingOrders();
    const small = b.order.items[0];
    await putOrder(t, admin, b.order.id, { status: 'scheduled' });
    expect(
      (await t.inject({ method: 'PUT', url: `/api/estimate-items/${b.order.id}/${small.id}`, token: admin, payload: { spots_per_occurrence: 10 } })).statusCode,
    ).toBe(200);
    expect((await review(a.order.id, 'approve')).statusCode).toBe(200);
    const more = await t.inject({ method: 'PUT', url: `/api/estimate-items/${b.order.id}/${small.id}`, token: admin, payload: { spots_per_occurrence: 11 } });
    expect(more.statusCode).toBe(409);
    expect((await getOrder(t, admin, b.order.id)).items[0].spots_per_occurrence).toBe(10);
  });

  it('refuses moving a booked order onto dates that are full, also together with a status change', async () => {
    const daypart = await createDaypart(t.database.db, { spotFrequency: 30 });
    const a = await submittedOrder(t, { daypartId: daypart.id, spots: 20, startDate: dateIn(8), totalSpend: 5000 });
    const b = await submittedOrder(t, { daypartId: daypart.id, spots: 20, startDate: dateIn(40), totalSpend: 5000 });
    expect((await review(a.order.id, 'approve')).statusCode).toBe(200);
    expect((await putOrder(t, admin, b.order.id, { status: 'scheduled' })).statusCode).toBe(200);
    for (const payload of [{ start_date: dateIn(20) }, { start_date: dateIn(20), status: 'active' }]) {
      const res = await putOrder(t, admin, b.order.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(409);
      expect(res.json().error).toMatch(/^Not enough availability for /);
    }
    expect(await getOrder(t, admin, b.order.id)).toMatchObject({ status: 'scheduled', start_date: dateIn(40) });
    expect((await putOrder(t, admin, b.order.id, { start_date: dateIn(30), status: 'active' })).json()).toMatchObject({
      status: 'active',
      start_date: dateIn(30),
    });
  });

  it('lets exactly one of two concurrent approvals win the last spots', async () => {
    const { a, b } = await competingOrders();
    const results = await Promise.all([review(a.order.id, 'approve'), review(b.order.id, 'approve')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const statuses = await Promise.all([a, b].map(async (x) => (await getOrder(t, admin, x.order.id)).status));
    expect(statuses.sort()).toEqual(['approved', 'ordered']);
  });

  it('lets exactly one of two concurrent Order Management changes into scheduled win', async () => {
    const { a, b } = await competingOrders();
    const results = await Promise.all([putOrder(t, admin, a.order.id, { status: 'scheduled' }), putOrder(t, admin, b.order.id, { status: 'active' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
