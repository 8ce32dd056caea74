/**
 * The audit trail entity by entity (issue 9, decision 012): each change is made through the HTTP API as
 * a person would make it, and its event names the entity, the action, who did it (the user's id,
 * e-mail and role; "anonymous" for a sign-up; the system for the station clock) and what changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../src/domain/audit';
import { ADMIN, createTestApp, signUpBody, type TestApp } from '../support/app';
import { uploadAsRun } from '../support/as-run-fixtures';
import { invoicedOrder } from '../support/billing-fixtures';
import { campaignOfOrder, setCampaignStatus, setOrderStatus } from '../support/campaign-fixtures';
import { couponBody } from '../support/coupon-fixtures';
import { clientWithBrand, createDaypart, createMediaAsset, dateIn, putOrder, submittedOrder } from '../support/ordering-fixtures';
import { clockNow, clockToday } from '../support/clock';

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The app's clock: the real time unless a test moves it. */
let now: Date | null = null;
let t: TestApp;
let admin: string;
let adminUser: { id: string; email: string; role: string };
beforeAll(async () => {
  t = await createTestApp({}, { now: () => now ?? clockNow() });
  admin = await t.adminToken();
  adminUser = (await t.inject({ method: 'GET', url: '/api/auth/me', token: admin })).json().user;
});
afterAll(async () => t?.close());

type Event = AuditEvent;

/** The events of one entity row, oldest first. */
const eventsOf = async (entity: string, id: string): Promise<Event[]> => {
  const res = await t.inject({ method: 'GET', url: `/api/audit?entity=${entity}&entity_id=${id}&limit=200`, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().events as Event[]).reverse();
};

/** The one event of `entity` `id` with this action (and, for status changes, this new status). */
const eventOf = async (entity: string, id: string, action: string, status?: string): Promise<Event> => {
  const found = (await eventsOf(entity, id)).filter((e) => e.action === action && (status === undefined || e.after?.status === status));
  expect(found, `${entity} ${id} ${action} ${status ?? ''}`).toHaveLength(1);
  return found[0]!;
};

const byAdmin = () => ({ actor_id: adminUser.id, actor_email: ADMIN.email, actor_role: 'traffic_admin', request_id: expect.any(String) });
const byClient = (client: { id: string; email: string }) => ({
  actor_id: client.id,
  actor_email: client.email,
  actor_role: 'client',
  request_id: expect.any(String),
});
const bySystem = { actor_id: null, actor_email: null, actor_role: 'system', request_id: null };

describe('each audited entity, changed through the API', () => {
  it('order: created and submitted by its owner, renamed and approved by an admin', async () => {
    const { order, owner } = await submittedOrder(t, { name: 'Audited order' });
    expect(await eventOf('order', order.id, 'create')).toMatchObject({
      ...byClient(owner),
      entity: 'order',
      order_id: order.id,
      before: null,
      after: { id: order.id, estimate_name: 'Audited order', status: 'draft' },
    });
    expect(await eventOf('order', order.id, 'status_change', 'ordered')).toMatchObject({ ...byClient(owner), before: { status: 'draft' } });
    const renamed = await putOrder(t, admin, order.id, { estimate_name: 'Audited order, renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const update = (await eventsOf('order', order.id)).filter((e) => e.action === 'update' && e.after?.estimate_name !== undefined);
    expect(update.at(-1)).toMatchObject({ ...byAdmin(), before: { estimate_name: 'Audited order' }, after: { estimate_name: 'Audited order, renamed' } });
    expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);
    expect(await eventOf('order', order.id, 'status_change', 'approved')).toMatchObject({ ...byAdmin(), before: { status: 'ordered' } });
  });

  it('item: added, changed and removed by the owner, recorded against its order', async () => {
    const owner = await clientWithBrand(t);
    const order = (await t.inject({ method: 'POST', url: '/api/estimates', token: owner.token, payload: { estimate_name: 'Items' } })).json();
    const daypart = await createDaypart(t.database.db);
    const added = await t.inject({
      method: 'POST',
      url: `/api/estimate-items/${order.id}`,
      token: owner.token,
      payload: { daypart_id: daypart.id, spots_per_occurrence: 3 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const itemId = added.json().id as string;
    expect(await eventOf('item', itemId, 'create')).toMatchObject({
      ...byClient(owner),
      entity: 'item',
      order_id: order.id,
      before: null,
      after: { daypart_id: daypart.id, spots_per_occurrence: 3 },
    });
    const changed = await t.inject({
      method: 'PUT',
      url: `/api/estimate-items/${order.id}/${itemId}`,
      token: owner.token,
      payload: { spots_per_occurrence: 5 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await eventOf('item', itemId, 'update')).toMatchObject({
      ...byClient(owner),
      before: { spots_per_occurrence: 3 },
      after: { spots_per_occurrence: 5 },
    });
    expect((await t.inject({ method: 'DELETE', url: `/api/estimate-items/${order.id}/${itemId}`, token: owner.token })).statusCode).toBe(200);
    expect(await eventOf('item', itemId, 'delete')).toMatchObject({ ...byClient(owner), before: { id: itemId, spots_per_occurrence: 5 }, after: null });
  });

  it('media approval and rejection by an admin, and deletion by the owner', async () => {
    const owner = await clientWithBrand(t);
    const approved = await t.inject({ method: 'PUT', url: `/api/media/${owner.media.id}`, token: admin, payload: { status: 'approved' } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await eventOf('media', owner.media.id, 'status_change', 'approved')).toMatchObject({
      ...byAdmin(),
      entity: 'media',
      before: { status: 'pending' },
      after: { status: 'approved' },
    });

    const rejectedAsset = await createMediaAsset(t.database.db, owner.brand.id);
    const rejected = await t.inject({ method: 'PUT', url: `/api/media/${rejectedAsset.id}`, token: admin, payload: { status: 'rejected' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await eventOf('media', rejectedAsset.id, 'status_change', 'rejected')).toMatchObject({
      ...byAdmin(),
      before: { status: 'pending' },
      after: { status: 'rejected' },
    });

    const doomed = await createMediaAsset(t.database.db, owner.brand.id);
    const deleted = await t.inject({ method: 'DELETE', url: `/api/media/${doomed.id}`, token: owner.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await eventOf('media', doomed.id, 'delete')).toMatchObject({
      ...byClient(owner),
      before: { id: doomed.id, status: 'pending', filename: doomed.filename },
      after: null,
    });
  });

  it('coupon: created, changed and deleted by an admin', async () => {
    const body = couponBody({ name: 'Audited sale' });
    const created = await t.inject({ method: 'POST', url: '/api/coupons', token: admin, payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(await eventOf('coupon', id, 'create')).toMatchObject({
      ...byAdmin(),
      entity: 'coupon',
      order_id: null,
      before: null,
      after: { id, code: body.code, name: 'Audited sale', percentage_off: 10 },
    });
    const changed = await t.inject({ method: 'PUT', url: `/api/coupons/${id}`, token: admin, payload: { name: 'Audited sale, renamed' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await eventOf('coupon', id, 'update')).toMatchObject({ ...byAdmin(), before: { name: 'Audited sale' }, after: { name: 'Audited sale, renamed' } });
    expect((await t.inject({ method: 'DELETE', url: `/api/coupons/${id}`, token: admin })).statusCode).toBe(200);
    expect(await eventOf('coupon', id, 'delete')).toMatchObject({ ...byAdmin(), before: { id, code: body.code }, after: null });
  });

  it('invoice, payment and credit note: made by an admin, recorded against the order', async () => {
    const { order, invoice } = await invoicedOrder(t, { totalSpend: 2000 });
    expect(await eventOf('invoice', invoice.id, 'create')).toMatchObject({
      ...byAdmin(),
      entity: 'invoice',
      order_id: order.id,
      before: null,
      after: { id: invoice.id, invoice_number: invoice.invoice_number, status: 'draft', total_cents: 200000 },
    });
    expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
    expect(await eventOf('invoice', invoice.id, 'status_change', 'sent')).toMatchObject({ ...byAdmin(), before: { status: 'draft' } });

    const paid = await t.inject({
      method: 'POST',
      url: `/api/billing/${invoice.id}/payments`,
      token: admin,
      payload: { amount: 150, payment_date: clockToday() },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await eventOf('payment', paid.json().payment.id, 'create')).toMatchObject({
      ...byAdmin(),
      entity: 'payment',
      order_id: order.id,
      before: null,
      after: { invoice_id: invoice.id, amount_cents: 15000, direction: 'payment', created_by: adminUser.id },
    });

    const credited = await t.inject({
      method: 'POST',
      url: `/api/billing/${invoice.id}/credit-notes`,
      token: admin,
      payload: { amount: 50, reason: 'One spot missed' },
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const note = credited.json().credit_note;
    expect(await eventOf('credit_note', note.id, 'create')).toMatchObject({
      ...byAdmin(),
      entity: 'credit_note',
      order_id: order.id,
      before: null,
      after: { invoice_id: invoice.id, credit_number: note.credit_number, amount_cents: 5000, reason: 'One spot missed' },
    });
    const invoiceUpdates = (await eventsOf('invoice', invoice.id)).filter((e) => e.action === 'update');
    expect(invoiceUpdates.map((e) => [e.before, e.after])).toEqual([
      [{ paid_cents: 0 }, { paid_cents: 15000 }],
      [{ credited_cents: 0 }, { credited_cents: 5000 }],
    ]);

    // A void is a status change with its reason.
    const other = await invoicedOrder(t);
    expect(
      (await t.inject({ method: 'POST', url: `/api/billing/${other.invoice.id}/void`, token: admin, payload: { reason: 'Booked in error' } })).statusCode,
    ).toBe(200);
    expect(await eventOf('invoice', other.invoice.id, 'status_change', 'cancelled')).toMatchObject({
      ...byAdmin(),
      before: { status: 'draft', void_reason: null },
      after: { void_reason: 'Booked in error', voided_by: adminUser.id },
    });
  });

  it('user: a sign-up is anonymous; role changes are made by an admin', async () => {
    const body = signUpBody();
    const res = await t.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json().user as { id: string }).id;
    expect(await eventOf('user', id, 'create')).toMatchObject({
      actor_id: null,
      actor_email: null,
      actor_role: 'anonymous',
      request_id: expect.any(String),
      before: null,
      after: { id, email: body.email, role: 'client' },
    });
    expect(JSON.stringify(await eventsOf('user', id))).not.toContain('password_hash');

    expect((await t.inject({ method: 'PATCH', url: `/api/users/${id}/promote`, token: admin })).statusCode).toBe(200);
    expect((await t.inject({ method: 'PATCH', url: `/api/users/${id}/demote`, token: admin })).statusCode).toBe(200);
    const roles = (await eventsOf('user', id)).filter((e) => e.action === 'role_change');
    expect(roles).toMatchObject([
      { ...byAdmin(), before: { role: 'client' }, after: { role: 'traffic_admin' } },
      { ...byAdmin(), before: { role: 'traffic_admin' }, after: { role: 'client' } },
    ]);
  });

  it('rate card entry (daypart): created, repriced and deleted by an admin', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/api/dayparts',
      token: admin,
      payload: { name: 'Audited slot', start_time: '23:00', end_time: '23:30', days_of_week: ['Monday'], base_cpm: 12 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(await eventOf('rate_card', id, 'create')).toMatchObject({
      ...byAdmin(),
      entity: 'rate_card',
      before: null,
      after: { id, name: 'Audited slot', base_cpm_cents: 1200 },
    });
    expect((await t.inject({ method: 'PUT', url: `/api/dayparts/${id}`, token: admin, payload: { base_cpm: 14.5 } })).statusCode).toBe(200);
    expect(await eventOf('rate_card', id, 'update')).toMatchObject({ ...byAdmin(), before: { base_cpm_cents: 1200 }, after: { base_cpm_cents: 1450 } });
    expect((await t.inject({ method: 'DELETE', url: `/api/dayparts/${id}`, token: admin })).statusCode).toBe(200);
    expect(await eventOf('rate_card', id, 'delete')).toMatchObject({ ...byAdmin(), before: { id, name: 'Audited slot' }, after: null });
  });

  it('campaign and spots: scheduled and paused by an admin, started by the clock (system), aired and missed by an as-run import', async () => {
    const startDate = dateIn(8);
    const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 4 });
    const { order, owner } = await submittedOrder(t, { name: 'Clockwork', startDate, daypartId: daypart.id, spots: 2 });
    await setOrderStatus(t, order.id, 'scheduled');
    const campaignId = (await campaignOfOrder(t, admin, order.id))!.campaign_id;
    expect(await eventOf('campaign', campaignId, 'create')).toMatchObject({
      ...byAdmin(),
      entity: 'campaign',
      order_id: order.id,
      before: null,
      after: { id: campaignId, estimate_id: order.id, status: 'scheduled' },
    });
    expect(await eventOf('order', order.id, 'status_change', 'scheduled')).toMatchObject({ ...byAdmin(), before: { status: 'ordered' } });

    try {
      // The start date comes: the station clock (no person) starts the order and its campaign.
      now = new Date(`${startDate}T05:00:00Z`);
      await t.app.ctx.stationClock.tick();
      expect(await eventOf('order', order.id, 'status_change', 'active')).toMatchObject({ ...bySystem, before: { status: 'scheduled' } });
      expect(await eventOf('campaign', campaignId, 'status_change', 'active')).toMatchObject({ ...bySystem, before: { status: 'scheduled' } });

      // The day's as-run: one of the order's two spots aired, the other did not.
      now = new Date(`${startDate}T14:00:00Z`);
      const log = (await t.inject({ method: 'GET', url: `/api/traffic/logs/${startDate}`, token: admin })).json().spots as {
        id: string;
        local_time: string;
        estimate_id: string;
      }[];
      const spots = log.filter((s) => s.estimate_id === order.id);
      expect(spots).toHaveLength(2);
      const house = owner.media.houseNumber;
      const asRun = await uploadAsRun(
        t,
        `${startDate}.csv`,
        `date,time,house_code,duration,status,spot_id\n${startDate},${spots[0]!.local_time},${house},30,aired,${spots[0]!.id}\n`,
        admin,
        'text/csv',
        { close_day: 'true' },
      );
      expect(asRun.statusCode, asRun.body).toBe(201);
      expect(await eventOf('spot', spots[0]!.id, 'status_change', 'aired')).toMatchObject({
        ...byAdmin(),
        entity: 'spot',
        order_id: order.id,
        before: { status: 'scheduled' },
        after: { status: 'aired' },
      });
      expect(await eventOf('spot', spots[1]!.id, 'status_change', 'missed')).toMatchObject({ ...byAdmin(), before: { status: 'scheduled' } });

      const paused = await setCampaignStatus(t, admin, campaignId, 'paused');
      expect(paused.statusCode, paused.body).toBe(200);
      expect(await eventOf('campaign', campaignId, 'status_change', 'paused')).toMatchObject({ ...byAdmin(), before: { status: 'active' } });
    } finally {
      now = null;
    }
  });
});
