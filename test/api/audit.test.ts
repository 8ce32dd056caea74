import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../src/domain/audit';
import { createTestApp, type TestApp } from '../support/app';
import { approvedOrder, createInvoice } from '../support/billing-fixtures';
import { MISSING_ID, newClient } from '../support/ordering-fixtures';
import { clockToday } from '../support/clock';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

type Event = AuditEvent;

const audit = async (query: string, token = admin) => {
  const res = await t.inject({ method: 'GET', url: `/api/audit?${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { events: Event[]; names: Record<string, string>; next_cursor: number | null };
};

describe('the audit trail', () => {
  it("records an order's approval with who, what changed before and after, and the request id", async () => {
    const { order, owner } = await approvedOrder(t);
    const { events } = await audit(`entity=order&entity_id=${order.id}`);
    const approval = events.find((e) => e.action === 'status_change' && e.after?.status === 'approved');
    expect(approval).toMatchObject({
      actor_role: 'traffic_admin',
      actor_email: 'admin@spotbook.test',
      entity: 'order',
      order_id: order.id,
      before: { status: 'ordered' },
    });
    expect(approval!.request_id).toEqual(expect.any(String));
    const submit = events.find((e) => e.after?.status === 'ordered');
    expect(submit).toMatchObject({ actor_role: 'client', actor_email: owner.email, before: { status: 'draft' } });
    const created = events.find((e) => e.action === 'create');
    expect(created).toMatchObject({ actor_email: owner.email, before: null });
  });

  it('names the ids it refers to: the order, its advertiser by company, its brand (issue 29, item 20)', async () => {
    const { order, owner } = await approvedOrder(t, { name: 'Named Order', company: 'Grace Kim Media LLC', firstName: 'Grace', lastName: 'Kim' });
    const { events, names } = await audit(`entity=order&entity_id=${order.id}`);
    const created = events.find((e) => e.action === 'create')!;
    expect(created.after).toMatchObject({ owner_id: owner.id, brand_id: order.brand_id });
    expect(names).toMatchObject({ [order.id]: 'Named Order', [owner.id]: 'Grace Kim Media LLC', [order.brand_id]: order.brand_name });
  });

  it('keeps the request id a caller sent', async () => {
    const client = await newClient(t);
    const res = await t.inject({
      method: 'POST',
      url: '/api/estimates',
      token: client.token,
      payload: { estimate_name: 'Traced' },
      headers: { 'x-request-id': 'trace-audit-1' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { events } = await audit(`entity=order&entity_id=${res.json().id}`);
    expect(events[0]).toMatchObject({ action: 'create', request_id: 'trace-audit-1', actor_email: client.email });
  });

  it("records a user's promotion and never copies a password hash", async () => {
    const client = await newClient(t);
    expect((await t.inject({ method: 'PATCH', url: `/api/users/${client.id}/promote`, token: admin })).statusCode).toBe(200);
    const { events } = await audit(`entity=user&entity_id=${client.id}`);
    expect(events.map((e) => e.action)).toEqual(['role_change', 'create']);
    expect(events[0]).toMatchObject({ before: { role: 'client' }, after: { role: 'traffic_admin' }, actor_email: 'admin@spotbook.test' });
    expect(JSON.stringify(events)).not.toContain('argon2');
    expect(JSON.stringify(events)).not.toContain('password_hash');
  });

  it('records invoices and payments against their order', async () => {
    const { order } = await approvedOrder(t);
    const invoice = await createInvoice(t, order.id);
    const pay = await t.inject({
      method: 'POST',
      url: `/api/billing/${invoice.id}/payments`,
      token: admin,
      payload: { amount: 100, payment_date: clockToday() },
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const payment = await audit(`entity=payment&entity_id=${pay.json().payment.id}`);
    expect(payment.events[0]).toMatchObject({ action: 'create', order_id: order.id, after: { amount_cents: 10000, invoice_id: invoice.id } });
    // A part payment issues the draft (decision 019): the change is recorded with its status.
    const updates = await audit(`entity=invoice&entity_id=${invoice.id}`);
    expect(updates.events[0]).toMatchObject({ before: { paid_cents: 0, status: 'draft' }, after: { paid_cents: 10000, status: 'sent' } });
  });

  it('filters by actor ("system" for the clock) and by station dates, and pages with a cursor', async () => {
    const client = await newClient(t);
    for (const name of ['One', 'Two', 'Three'])
      await t.inject({ method: 'POST', url: '/api/estimates', token: client.token, payload: { estimate_name: name } });
    const first = await audit(`actor=${encodeURIComponent(client.email)}&entity=order&limit=2`);
    expect(first.events).toHaveLength(2);
    expect(first.events.every((e) => e.actor_email === client.email)).toBe(true);
    expect(first.next_cursor).toBe(first.events[1]!.id);
    const second = await audit(`actor=${encodeURIComponent(client.email)}&entity=order&limit=2&cursor=${first.next_cursor}`);
    expect(second.events.map((e) => e.after?.estimate_name)).toEqual(['One']);
    expect(second.next_cursor).toBeNull();
    expect((await audit(`actor=${encodeURIComponent(client.email)}&date_from=${clockToday()}&date_to=${clockToday()}`)).events.length).toBeGreaterThanOrEqual(
      3,
    );
    expect((await audit(`actor=${encodeURIComponent(client.email)}&date_to=2001-01-01`)).events).toEqual([]);
    // The first administrator was made at start, outside any request: the system did it.
    const system = await audit('actor=system&entity=user');
    expect(system.events.some((e) => e.after?.email === 'admin@spotbook.test' && e.actor_role === 'system')).toBe(true);
  });

  it('is append-only: the database refuses to change or remove an event', async () => {
    await expect(t.database.db.execute(sql`update audit_events set actor_email = 'someone-else'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_events`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    expect((await audit('limit=1')).events).toHaveLength(1);
  });

  it('exports the filtered events as CSV with formula-looking cells defused', async () => {
    const client = await newClient(t);
    const res = await t.inject({ method: 'POST', url: '/api/estimates', token: client.token, payload: { estimate_name: '=HYPERLINK("http://evil")' } });
    expect(res.statusCode, res.body).toBe(201);
    const csv = await t.inject({ method: 'GET', url: `/api/audit/export?entity=order&entity_id=${res.json().id}`, token: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,occurred_at,actor_email,actor_role,action,entity,entity_id,order_id,before,after,request_id,api_key_id,api_key_name,api_key_prefix',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(client.email);
    expect(lines[1]).toContain('""estimate_name"":""=HYPERLINK');
    expect(lines[1]).not.toMatch(/,=/);
  });

  it('names the API key an event was made through, filters by it, and exports it (issue 40)', async () => {
    const client = await newClient(t);
    const made = await t.inject({ method: 'POST', url: '/api/api-keys', token: client.token, payload: { name: 'Buying robot' } });
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json().api_key as { id: string; prefix: string };
    const byKey = await t.inject({ method: 'POST', url: '/api/estimates', token: made.json().secret, payload: { estimate_name: 'Made by a key' } });
    expect(byKey.statusCode, byKey.body).toBe(201);
    const bySession = await t.inject({ method: 'POST', url: '/api/estimates', token: client.token, payload: { estimate_name: 'Made by hand' } });
    expect(bySession.statusCode, bySession.body).toBe(201);

    const keyed = await audit(`entity=order&entity_id=${byKey.json().id}`);
    expect(keyed.events[0]!.api_key).toEqual({ id: key.id, name: 'Buying robot', prefix: key.prefix });
    expect(key.prefix).toMatch(/^sb_live_.{6}$/);
    expect((await audit(`entity=order&entity_id=${bySession.json().id}`)).events[0]!.api_key).toBeNull();
    const filtered = await audit(`api_key_id=${key.id}`);
    expect(filtered.events.map((e) => e.entity_id)).toEqual([byKey.json().id]);

    const csv = await t.inject({ method: 'GET', url: `/api/audit/export?api_key_id=${key.id}`, token: admin });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith(`,${key.id},Buying robot,${key.prefix}`)).toBe(true);

    const malformed = await t.inject({ method: 'GET', url: '/api/audit?api_key_id=nope', token: admin });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'api_key_id must be an API key id', field: 'api_key_id' });
    for (const url of [`/api/audit?api_key_id=${MISSING_ID}`, `/api/audit/export?api_key_id=${MISSING_ID}`]) {
      const unknown = await t.inject({ method: 'GET', url, token: admin });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ error: 'Unknown API key', field: 'api_key_id' });
    }
  });

  it('answers admins only, and refuses bad filters with a message', async () => {
    const client = await newClient(t);
    expect((await t.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    const forbidden = await t.inject({ method: 'GET', url: '/api/audit', token: client.token });
    expect(forbidden.statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/audit/export', token: client.token })).statusCode).toBe(403);
    const cases: [string, string][] = [
      ['entity=orders', 'entity must be one of'],
      ['action=hack', 'action must be one of'],
      ['date_from=2026-13-01', 'Dates must be YYYY-MM-DD'],
      ['date_from=2026-05-02&date_to=2026-05-01', 'The start date must not be after the end date'],
      ['cursor=-4', 'Invalid cursor'],
      ['limit=1000', 'limit must be a whole number from 1 to 200'],
    ];
    for (const [query, message] of cases) {
      const res = await t.inject({ method: 'GET', url: `/api/audit?${query}`, token: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toContain(message);
    }
  });
});

describe('GET /api/estimates/:id/timeline', () => {
  it("shows the order's owner and admins its history, oldest first, and hides it from others", async () => {
    const { order, owner } = await approvedOrder(t);
    const res = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/timeline`, token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    const { events, truncated } = res.json() as { events: Event[]; truncated: boolean };
    expect(truncated).toBe(false);
    expect(events[0]).toMatchObject({ entity: 'order', action: 'create' });
    expect(events.map((e) => e.entity)).toContain('item');
    expect(events.at(-1)?.after?.status).toBe('approved');
    expect(events.every((e) => e.order_id === order.id)).toBe(true);
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/timeline`, token: admin })).statusCode).toBe(200);
    const stranger = await newClient(t);
    const hidden = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/timeline`, token: stranger.token });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: 'Estimate not found' });
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${MISSING_ID}/timeline`, token: admin })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/timeline` })).statusCode).toBe(401);
  });
});
