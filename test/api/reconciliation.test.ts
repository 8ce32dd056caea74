import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimates } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createDaypart, createOrder, readyOrder, submittedOrder } from '../support/ordering-fixtures';
import { clockToday } from '../support/clock';

let t: TestApp;
let admin: string;
let client: string;

const call = (method: 'GET' | 'PUT', url: string, payload?: object, token = admin) => t.inject({ method, url, token, ...(payload && { payload }) });
const approvedOrder = async (totalSpend: number) => {
  const { owner, order } = await submittedOrder(t, { totalSpend, daypartId: (await createDaypart(t.database.db)).id });
  expect((await call('PUT', `/api/estimates/${order.id}`, { status: 'approved' })).statusCode).toBe(200);
  return { owner, order };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  client = (await t.signUp()).token;
});
afterAll(() => t.close());

describe('reconciling booked orders', () => {
  it('lists approved orders awaiting actuals with their projection, and drops them once reconciled', async () => {
    // 10 weekday spots at $15 CPM: $1,024.50 and 68,300 views a week; $5,000 buys 4.88 weeks.
    const { order } = await approvedOrder(5000);
    const waiting = await submittedOrder(t);
    const pending = (await call('GET', '/api/reconciliation/pending?limit=100')).json();
    const row = pending.campaigns.find((c: { id: string }) => c.id === order.id);
    expect(row).toMatchObject({
      estimate_name: 'Spring launch',
      item_count: 1,
      projected_spend: 5000,
      projected_impressions: Math.round((5000 / 1024.5) * 68300),
      status: 'approved',
    });
    expect(pending.campaigns.map((c: { id: string }) => c.id)).not.toContain(waiting.order.id);
    expect(pending.pagination).toMatchObject({ page: 1, limit: 100, total: pending.campaigns.length });

    const res = await call('PUT', `/api/reconciliation/reconcile/${order.id}`, {
      actual_spend: 5600.5,
      actual_impressions: 300000,
      notes: 'Two bonus spots aired',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Campaign reconciled successfully',
      reconciliation: expect.objectContaining({
        estimate_id: order.id,
        status: 'reconciled',
        projected_spend: 5000,
        actual_spend: 5600.5,
        spend_variance: 600.5,
        spend_variance_percent: 12,
        actual_impressions: 300000,
        high_variance: true,
        notes: 'Two bonus spots aired',
      }),
    });
    const after = (await call('GET', '/api/reconciliation/pending?limit=100')).json();
    expect(after.campaigns.map((c: { id: string }) => c.id)).not.toContain(order.id);
    // The count (from the order_counts rollup since decision 037) follows the reconciliation.
    expect(after.pagination.total).toBe(pending.pagination.total - 1);
    expect((await call('GET', `/api/reconciliation/variance/${order.id}`)).json()).toMatchObject({ status: 'reconciled', spend_variance: 600.5 });
  });

  it('pages the pending list and filters it by brand', async () => {
    const { owner } = await approvedOrder(3000);
    await readyOrder(t, { owner });
    const page = (await call('GET', `/api/reconciliation/pending?brand_id=${owner.brand.id}&limit=1&page=1`)).json();
    expect(page.pagination).toEqual({ page: 1, limit: 1, total: 1, totalPages: 1 });
    expect(page.campaigns[0]).toMatchObject({ brand_id: owner.brand.id, projected_spend: 3000 });
    expect((await call('GET', '/api/reconciliation/pending')).json().pagination.limit).toBe(20);
  });

  it('refuses what cannot be reconciled, with clear messages', async () => {
    const draft = await createOrder(t, client, { estimate_name: 'Not booked' });
    const { order } = await approvedOrder(2000);
    const cases: [string, object, number, string, string?][] = [
      [draft.id, { actual_spend: 1, actual_impressions: 1 }, 409, 'Only approved orders can be reconciled'],
      ['00000000-0000-4000-8000-000000000000', { actual_spend: 1, actual_impressions: 1 }, 404, 'Campaign not found'],
      ["1' or '1'='1", { actual_spend: 1, actual_impressions: 1 }, 404, 'Campaign not found'],
      [order.id, { actual_impressions: 1 }, 400, 'Actual spend is required', 'actual_spend'],
      [order.id, { actual_spend: 1 }, 400, 'Actual impressions are required', 'actual_impressions'],
      [order.id, { actual_spend: -1, actual_impressions: 1 }, 400, 'Actual spend must be 0 or more, in dollars and cents', 'actual_spend'],
      [order.id, { actual_spend: 1.234, actual_impressions: 1 }, 400, 'Actual spend must be 0 or more, in dollars and cents', 'actual_spend'],
      [order.id, { actual_spend: '12', actual_impressions: 1 }, 400, 'Actual spend must be 0 or more, in dollars and cents', 'actual_spend'],
      [order.id, { actual_spend: 1, actual_impressions: 1.5 }, 400, 'Actual impressions must be a whole number, 0 or more', 'actual_impressions'],
    ];
    for (const [id, body, status, error, field] of cases) {
      const res = await call('PUT', `/api/reconciliation/reconcile/${encodeURIComponent(id)}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toEqual(field ? { error, field } : { error });
    }
    expect((await call('GET', `/api/reconciliation/variance/${order.id}`)).json()).toMatchObject({
      status: 'pending',
      actual_spend: null,
      projected_spend: 2000,
    });
  });

  it('is for administrators only', async () => {
    for (const url of ['/api/reconciliation/dashboard', '/api/reconciliation/pending', '/api/reconciliation/export/variance']) {
      expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await call('GET', url, undefined, client)).statusCode).toBe(403);
    }
  });
});

describe('the reconciliation dashboard and export', () => {
  it('sums variances, trends them by day and rates how much is reconciled', async () => {
    const { order } = await approvedOrder(2000);
    await call('PUT', `/api/reconciliation/reconcile/${order.id}`, { actual_spend: 1800, actual_impressions: 120000 });
    const body = (await call('GET', '/api/reconciliation/dashboard?timeframe=7')).json();
    expect(body.timeframe).toBe(7);
    expect(body.daily_trends).toHaveLength(7);
    const today = body.daily_trends.at(-1);
    expect(today.date).toBe(clockToday());
    // Two reconciled so far: $5,000 → $5,600.50 (+12 %, flagged) and $2,000 → $1,800 (−10 %, not past the 10 % threshold).
    expect(today).toEqual({ date: clockToday(), projected_spend: 7000, actual_spend: 7400.5, spend_variance: 400.5 });
    expect(body.variance_summary).toMatchObject({ total_spend_variance: 400.5, avg_spend_variance_percent: 1 });
    expect(body.reconciliation_status).toMatchObject({ reconciled_campaigns: 2, high_variance_campaigns: 1 });
    expect(body.reconciliation_status.total_approved_campaigns).toBeGreaterThan(2);
    expect(body.brand_variance).toContainEqual({ brand_name: expect.any(String), projected_spend: 2000, actual_spend: 1800 });
    const { error } = (await call('GET', '/api/reconciliation/dashboard?timeframe=0')).json();
    expect(error).toBe('Timeframe must be between 1 and 365 days');
  });

  it('exports the variances as JSON or as a CSV file safe to open in a spreadsheet', async () => {
    const { order } = await approvedOrder(1500);
    // A name a spreadsheet would run as a formula (approved orders are not editable: set it directly).
    await t.database.db.update(estimates).set({ estimateName: '=HYPERLINK("x")' }).where(eq(estimates.id, order.id));
    await call('PUT', `/api/reconciliation/reconcile/${order.id}`, { actual_spend: 1500, actual_impressions: 100000, notes: 'Line one, "quoted"' });
    const json = (await call('GET', '/api/reconciliation/export/variance?timeframe=30')).json();
    expect(json.rows.length).toBe(3);
    const csv = await call('GET', '/api/reconciliation/export/variance?timeframe=30&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="reconciliation-variance-${clockToday()}.csv"`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'estimate_id,estimate_name,brand_name,projected_spend,actual_spend,spend_variance,spend_variance_percent,projected_impressions,actual_impressions,impression_variance,impression_variance_percent,high_variance,reconciled_at,notes',
    );
    expect(lines).toHaveLength(4);
    const line = lines.find((l) => l.startsWith(order.id))!;
    expect(line).toContain(`,"'=HYPERLINK(""x"")",`);
    expect(line).toContain(',1500,1500,0,0,');
    expect(line.endsWith(',"Line one, ""quoted"""')).toBe(true);
  });
});
