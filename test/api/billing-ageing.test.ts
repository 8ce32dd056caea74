/** Receivables ageing (admin): open balances of sent and overdue invoices per advertiser by days past due. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { invoices } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createInvoice } from '../support/billing-fixtures';
import { clientWithBrand, submittedOrder } from '../support/ordering-fixtures';
import { clockToday } from '../support/clock';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof clientWithBrand>>;
const post = (url: string, payload: object) => t.inject({ method: 'POST', url, token: admin, payload });
const ageing = async () => {
  const res = await t.inject({ method: 'GET', url: '/api/billing/ageing', token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** A sent invoice of `owner`, due `daysPastDue` days ago (negative: not yet due). */
const sentInvoice = async (owner: Owner, totalSpend: number, daysPastDue: number) => {
  const { order } = await submittedOrder(t, { owner, totalSpend });
  expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);
  const invoice = await createInvoice(t, order.id);
  expect((await post(`/api/billing/${invoice.id}/send`, {})).statusCode).toBe(200);
  await t.database.db
    .update(invoices)
    .set({ dueDate: addDays(clockToday(), -daysPastDue) })
    .where(eq(invoices.id, invoice.id));
  return invoice;
};

describe('GET /api/billing/ageing', () => {
  it('buckets each open balance by days past due, per advertiser, with row and grand totals', async () => {
    const before = await ageing();
    // Listed by company, not by the person who signed up for it (issue 29, item 20).
    const acme = await clientWithBrand(t, { firstName: 'Grace', lastName: 'Kim', company: 'Acme Foods' });
    const beta = await clientWithBrand(t, { firstName: 'Omar', lastName: 'Diaz', company: 'Beta Motors' });
    await sentInvoice(acme, 2000, -10); // current
    await sentInvoice(acme, 2000, 0); // due today: current
    await sentInvoice(acme, 2100, 1); // 1–30
    await sentInvoice(acme, 2200, 30); // 1–30
    await sentInvoice(acme, 2300, 31); // 31–60
    const partly = await sentInvoice(acme, 2400, 61); // 61–90, 400 paid, 100 credited
    await post(`/api/billing/${partly.id}/payments`, { amount: 400, payment_date: clockToday() });
    await post(`/api/billing/${partly.id}/credit-notes`, { amount: 100, reason: 'Goodwill' });
    await sentInvoice(beta, 3000, 91); // 90+
    await sentInvoice(beta, 3000, 90); // 61–90
    // Left out: paid, draft and voided invoices.
    const paid = await sentInvoice(beta, 5000, 40);
    await post(`/api/billing/${paid.id}/payments`, { amount: 5000, payment_date: clockToday() });
    const voided = await sentInvoice(beta, 5000, 40);
    await post(`/api/billing/${voided.id}/void`, { reason: 'Duplicate' });
    const { order: draftOrder } = await submittedOrder(t, { owner: beta, totalSpend: 5000 });
    await t.inject({ method: 'PATCH', url: `/api/estimates/${draftOrder.id}/approve`, token: admin, payload: {} });
    await createInvoice(t, draftOrder.id);

    const after = await ageing();
    expect(after.as_of).toBe(clockToday());
    const row = (id: string) => after.rows.find((r: { customer_id: string }) => r.customer_id === id);
    expect(row(acme.id)).toEqual({
      customer_id: acme.id,
      customer_name: 'Acme Foods',
      customer_email: acme.email,
      current: 4000,
      days_1_30: 4300,
      days_31_60: 2300,
      days_61_90: 1900,
      days_over_90: 0,
      total: 12_500,
      invoices: 6,
    });
    expect(row(beta.id)).toMatchObject({
      customer_name: 'Beta Motors',
      current: 0,
      days_1_30: 0,
      days_31_60: 0,
      days_61_90: 3000,
      days_over_90: 3000,
      total: 6000,
      invoices: 2,
    });
    const delta = (key: string) => Math.round((after.totals[key] - before.totals[key]) * 100) / 100;
    expect([delta('current'), delta('days_1_30'), delta('days_31_60'), delta('days_61_90'), delta('days_over_90'), delta('total'), delta('invoices')]).toEqual([
      4000, 4300, 2300, 4900, 3000, 18_500, 8,
    ]);
    // Largest balance first.
    const totals = after.rows.map((r: { total: number }) => r.total);
    expect(totals).toEqual([...totals].sort((a: number, b: number) => b - a));
  });

  it('exports CSV with formula-safe cells and a totals line; admins only', async () => {
    const evil = await clientWithBrand(t, { company: '=HYPERLINK("http://x") Co' });
    await sentInvoice(evil, 2000, 45);
    const res = await t.inject({ method: 'GET', url: '/api/billing/ageing/export', token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receivables-ageing-${clockToday()}.csv"`);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('customer_name,customer_email,current,days_1_30,days_31_60,days_61_90,days_over_90,total,invoices');
    expect(lines).toContain(`"'=HYPERLINK(""http://x"") Co",${evil.email},0.00,0.00,2000.00,0.00,0.00,2000.00,1`);
    expect(lines.at(-1)).toMatch(/^Total,,[\d.]+,[\d.]+,[\d.]+,[\d.]+,[\d.]+,[\d.]+,\d+$/);
    expect((await t.inject({ method: 'GET', url: '/api/billing/ageing/export', token: evil.token })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/billing/ageing' })).statusCode).toBe(401);
  });

  it('answers a page of the same list with the totals of everyone; bad page parameters are refused', async () => {
    const whole = await ageing();
    expect(whole.rows.length).toBeGreaterThanOrEqual(3);
    expect(whole).not.toHaveProperty('pagination');
    const page = async (query: string) => {
      const res = await t.inject({ method: 'GET', url: `/api/billing/ageing?${query}`, token: admin });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const first = await page('limit=2');
    expect(first.rows).toEqual(whole.rows.slice(0, 2));
    expect(first.totals).toEqual(whole.totals);
    expect(first.pagination).toEqual({ offset: 0, limit: 2, total: whole.rows.length });
    expect((await page('limit=2&offset=1')).rows).toEqual(whole.rows.slice(1, 3));
    expect((await page(`offset=${whole.rows.length}`)).rows).toEqual([]);
    for (const [query, error] of [
      ['limit=0', 'limit must be at least 1'],
      ['limit=1001', 'limit must be at most 1000'],
      ['limit=x', 'limit must be a whole number'],
      ['offset=-1', 'offset cannot be negative'],
      ['offset=1.5', 'offset must be a whole number'],
    ] as const) {
      const res = await t.inject({ method: 'GET', url: `/api/billing/ageing?${query}`, token: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ error, field: query.split('=')[0] });
    }
  });
});
