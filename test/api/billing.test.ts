import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { invoices } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { approvedOrder, createInvoice, invoicedOrder } from '../support/billing-fixtures';
import { MISSING_ID, newClient, putOrder, readyOrder, submittedOrder } from '../support/ordering-fixtures';
import { clockToday } from '../support/clock';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const create = (estimateId: string, payload?: unknown, token = admin) =>
  t.inject({ method: 'POST', url: `/api/billing/from-estimate/${estimateId}`, token, ...(payload !== undefined && { payload: payload as object }) });
const list = async (query: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/billing?${query}`, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    invoices: { id: string; invoice_number: string; status: string }[];
    pagination: { page: number; limit: number; total: number; totalPages: number };
  };
};
let tagSeq = 0;
const tag = () => `Tag${randomUUID().slice(0, 8)}${(tagSeq += 1)}`;

describe('POST /api/billing/from-estimate/:id', () => {
  it('invoices an approved order with the defaults: the amount owed, no tax, Net 30 days', async () => {
    const { order, owner } = await approvedOrder(t, { totalSpend: 5000, firstName: 'Ivy', lastName: 'Invoice' });
    const res = await create(order.id);
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json();
    expect(invoice).toEqual({
      id: expect.any(String),
      invoice_number: expect.stringMatching(new RegExp(`^INV-${clockToday().slice(0, 4)}-\\d{6}$`)),
      estimate_id: order.id,
      estimate_name: 'Spring launch',
      customer_id: owner.id,
      // The advertiser as ageing and statements name it: its company (decision 061); the person beside it.
      customer_name: 'Acme Foods',
      customer_email: owner.email,
      customer_contact: 'Ivy Invoice',
      brand_id: owner.brand.id,
      brand_name: owner.brand.commonName,
      subtotal: 5000,
      discount_amount: 0,
      tax_rate: 0,
      tax_amount: 0,
      total_amount: 5000,
      commission_rate: 0,
      commission_amount: 0,
      net_amount: 5000,
      credited_amount: 0,
      paid_amount: 0,
      refunded_amount: 0,
      balance_due: 5000,
      refund_due: 0,
      status: 'draft',
      status_label: 'Draft',
      kind: 'up_front',
      period_start: null,
      period_end: null,
      void_reason: null,
      voided_at: null,
      issue_date: clockToday(),
      due_date: addDays(clockToday(), 30),
      payment_terms: 'Net 30 days',
      notes: null,
      sent_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('applies the discount before tax and rounds the tax to the cent (half a cent up)', async () => {
    const { order } = await approvedOrder(t, { totalSpend: 5000 });
    const res = await create(order.id, { due_days: 15, tax_rate: 0.0825, discount_amount: 100.55, payment_terms: 'Net 15', notes: 'Thanks!' });
    expect(res.statusCode, res.body).toBe(201);
    // (5000 − 100.55) × 8.25% = 404.204625 → 404.20
    expect(res.json()).toMatchObject({
      subtotal: 5000,
      discount_amount: 100.55,
      tax_rate: 0.0825,
      tax_amount: 404.2,
      total_amount: 5303.65,
      balance_due: 5303.65,
      due_date: addDays(clockToday(), 15),
      payment_terms: 'Net 15',
      notes: 'Thanks!',
    });

    const half = await approvedOrder(t, { totalSpend: 5000 });
    // 0.10 × 5% = 0.005 → 0.01
    const res2 = await create(half.order.id, { tax_rate: '0.05', discount_amount: '4999.90', due_days: '1' });
    expect(res2.statusCode, res2.body).toBe(201);
    expect(res2.json()).toMatchObject({ tax_amount: 0.01, total_amount: 0.11, due_date: addDays(clockToday(), 1) });
  });

  it('numbers invoices uniquely and in sequence', async () => {
    const a = await invoicedOrder(t);
    const b = await invoicedOrder(t);
    const number = (s: string) => Number(s.split('-').pop());
    expect(number(b.invoice.invoice_number)).toBeGreaterThan(number(a.invoice.invoice_number));
  });

  it('invoices scheduled, active and completed orders too', async () => {
    for (const status of ['scheduled', 'active', 'completed']) {
      const { order } = await approvedOrder(t);
      const moved = await putOrder(t, admin, order.id, { status });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await create(order.id)).statusCode).toBe(201);
    }
  });

  it('refuses an order that is not approved (409) and a missing one (404)', async () => {
    const { order: draft } = await readyOrder(t);
    expect((await create(draft.id)).json()).toEqual({ error: 'Only approved orders can be invoiced; this order is Draft' });
    const { order: ordered } = await submittedOrder(t);
    const res = await create(ordered.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Only approved orders can be invoiced; this order is Ordered' });
    const missing = await create(MISSING_ID);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Estimate not found' });
  });

  it('makes one invoice per order unless the previous one is cancelled', async () => {
    const { order, invoice } = await invoicedOrder(t);
    const again = await create(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'An invoice already exists for this estimate' });
    await t.database.db.update(invoices).set({ status: 'cancelled' }).where(eq(invoices.id, invoice.id));
    const replacement = await create(order.id);
    expect(replacement.statusCode, replacement.body).toBe(201);
    expect(replacement.json().invoice_number).not.toBe(invoice.invoice_number);
  });

  it('never makes two invoices for one order when asked twice at once', async () => {
    const { order } = await approvedOrder(t);
    const results = await Promise.all([create(order.id), create(order.id), create(order.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.estimateId, order.id))).toHaveLength(1);
  });

  it.each([
    [{ due_days: 0 }, 'Due days must be a whole number between 1 and 365'],
    [{ due_days: 366 }, 'Due days must be a whole number between 1 and 365'],
    [{ due_days: 1.5 }, 'Due days must be a whole number between 1 and 365'],
    [{ due_days: 'soon' }, 'Due days must be a whole number between 1 and 365'],
    [{ tax_rate: -0.01 }, 'Tax rate must be between 0% and 100%'],
    [{ tax_rate: 1.01 }, 'Tax rate must be between 0% and 100%'],
    [{ tax_rate: 'x' }, 'Tax rate must be between 0% and 100%'],
    [{ discount_amount: -1 }, 'Discount amount cannot be negative'],
    [{ discount_amount: 1.005 }, 'Amounts must have at most 2 decimal places'],
    [{ discount_amount: 5000.01 }, 'Discount amount cannot exceed the invoice subtotal'],
    [{ payment_terms: 'x'.repeat(201) }, 'Payment terms must be at most 200 characters'],
  ])('refuses %j with a clear message', async (payload, message) => {
    const { order } = await approvedOrder(t, { totalSpend: 5000 });
    const res = await create(order.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, field: Object.keys(payload)[0] });
  });

  it('accepts a discount of the whole subtotal: nothing to collect, paid at once', async () => {
    const { order } = await approvedOrder(t, { totalSpend: 5000 });
    const res = await create(order.id, { discount_amount: 5000, tax_rate: 0.1 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total_amount: 0, balance_due: 0, status: 'paid' });
  });
});

describe('GET /api/billing', () => {
  it('pages newest first, 20 by default', async () => {
    const page = await list('');
    expect(page.pagination).toMatchObject({ page: 1, limit: 20 });
    expect(page.invoices.length).toBeLessThanOrEqual(20);
    const t1 = tag();
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push((await invoicedOrder(t, { name: `${t1} order ${i}` })).invoice);
    const first = await list(`search=${t1}&limit=2`);
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(first.invoices.map((i) => i.id)).toEqual([made[2]!.id, made[1]!.id]);
    const second = await list(`search=${t1}&limit=2&page=2`);
    expect(second.invoices.map((i) => i.id)).toEqual([made[0]!.id]);
    const beyond = await list(`search=${t1}&limit=2&page=9`);
    expect(beyond.invoices).toEqual([]);
    expect(beyond.pagination.total).toBe(3);
  });

  it('searches invoice number, order name, brand, customer name and e-mail', async () => {
    const name = tag();
    const { invoice, owner, order } = await invoicedOrder(t, { name: `${name} campaign`, firstName: `Zed${name}`, lastName: 'Searchable' });
    for (const term of [invoice.invoice_number, `${name} CAMPAIGN`, order.brand_name, `Zed${name} Searchable`, owner.email]) {
      const found = await list(`search=${encodeURIComponent(term)}`);
      expect(
        found.invoices.map((i) => i.id),
        term,
      ).toContain(invoice.id);
    }
    expect((await list(`search=${encodeURIComponent("%' or 1=1 --")}`)).invoices).toEqual([]);
  });

  it('filters by status, customer, brand and issue date', async () => {
    const { invoice, owner } = await invoicedOrder(t);
    const byCustomer = await list(`customer_id=${owner.id}`);
    expect(byCustomer.invoices.map((i) => i.id)).toEqual([invoice.id]);
    expect((await list(`brand_id=${owner.brand.id}`)).invoices.map((i) => i.id)).toEqual([invoice.id]);
    expect((await list(`customer_id=${owner.id}&status=draft`)).invoices).toHaveLength(1);
    expect((await list(`customer_id=${owner.id}&status=sent`)).invoices).toHaveLength(0);
    expect((await list(`customer_id=${owner.id}&date_from=${clockToday()}&date_to=${clockToday()}`)).invoices).toHaveLength(1);
    expect((await list(`customer_id=${owner.id}&date_from=${addDays(clockToday(), 1)}`)).invoices).toHaveLength(0);
    expect((await list(`customer_id=${owner.id}&date_to=${addDays(clockToday(), -1)}`)).invoices).toHaveLength(0);
    expect((await list(`customer_id=${MISSING_ID}`)).invoices).toEqual([]);
  });

  it.each([
    ['status=bogus', 'status must be one of draft, sent, paid, overdue, cancelled, refunded'],
    ['limit=101', 'limit must be a whole number between 1 and 100'],
    ['page=0', 'page must be a whole number between 1 and 1000000'],
    ['customer_id=abc', 'customer_id must be a valid id'],
    ['brand_id=1%27', 'brand_id must be a valid id'],
    ['date_from=2026-02-30', 'date_from must be a date (YYYY-MM-DD)'],
  ])('refuses %s with a clear message', async (query, message) => {
    const res = await t.inject({ method: 'GET', url: `/api/billing?${query}`, token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, field: query.split('=')[0] });
  });
});

describe('GET /api/billing/:id', () => {
  it('returns the invoice with its lines (the order’s time slots) and payments', async () => {
    const { invoice, order } = await invoicedOrder(t, { spots: 10, cpm: 20 });
    const res = await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({ id: invoice.id, estimate_id: order.id, payments: [], order_start_date: expect.any(String) });
    expect(detail.lines).toHaveLength(1);
    expect(detail.lines[0]).toMatchObject({ spots_per_occurrence: 10, cpm: 20, days_of_week: expect.any(Array) });
  });
});

describe('access and hostile input', () => {
  const routes = (id: string) => [
    { method: 'GET' as const, url: '/api/billing' },
    { method: 'GET' as const, url: '/api/billing/analytics/overview' },
    { method: 'GET' as const, url: `/api/billing/${id}` },
    { method: 'GET' as const, url: `/api/billing/${id}/pdf` },
    { method: 'POST' as const, url: `/api/billing/from-estimate/${id}`, payload: {} },
    { method: 'POST' as const, url: `/api/billing/${id}/send`, payload: {} },
    { method: 'POST' as const, url: `/api/billing/${id}/payments`, payload: { amount: 1, payment_date: clockToday() } },
  ];

  it('answers 401 to visitors and 403 to clients on every billing call', async () => {
    const client = await newClient(t);
    for (const route of routes(MISSING_ID)) {
      const anonymous = await t.inject(route);
      expect(anonymous.statusCode, route.url).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'Authentication required' });
      const forbidden = await t.inject({ ...route, token: client.token });
      expect(forbidden.statusCode, route.url).toBe(403);
      expect(forbidden.json()).toEqual({ error: 'Admin access required' });
    }
  });

  it('answers a JSON 404 for missing or malformed ids, never a 500', async () => {
    for (const id of [MISSING_ID, 'abc', encodeURIComponent("1' or '1'='1"), '..%2F..%2Fetc', 'x'.repeat(900), '00000000-0000-4000-8000-00000000000Z']) {
      for (const route of routes(id).filter((r) => r.url.includes(id))) {
        const res = await t.inject({ ...route, token: admin });
        expect(res.statusCode, `${route.method} ${route.url.slice(0, 80)}`).toBe(404);
        expect(res.json().error).toMatch(/^(Invoice|Estimate) not found$/);
        if (route.url.includes('from-estimate')) expect(res.json().error).toBe('Estimate not found');
      }
    }
  });

  it('refuses a body that is not an object', async () => {
    const { order } = await approvedOrder(t);
    const res = await t.inject({
      method: 'POST',
      url: `/api/billing/from-estimate/${order.id}`,
      token: admin,
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Request body must be a JSON object' });
    const fine = await createInvoice(t, order.id, {});
    expect(fine.status).toBe('draft');
  });
});
