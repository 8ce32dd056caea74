import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createDaypart, createOrder, putOrder, readyOrder } from '../support/ordering-fixtures';
import { clockToday } from '../support/clock';

let t: TestApp;
let admin: string;
let clientA: Awaited<ReturnType<typeof readyOrder>>['owner'];
let dayX: { id: string; name: string };
let dayY: { id: string; name: string };

const get = async (url: string, token = admin) => {
  const res = await t.inject({ method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/**
 * Client A: an approved order of $5,000 on daypart X, an order of $3,000 on Y waiting for review, a draft.
 * Client B: an approved order of $2,000 on X.
 */
beforeAll(async () => {
  // The Demo airing exists only with demo data (decision 031).
  t = await createTestApp({ demo: true });
  admin = await t.adminToken();
  dayX = await createDaypart(t.database.db, { name: 'Analytics X' });
  dayY = await createDaypart(t.database.db, { name: 'Analytics Y' });
  const first = await readyOrder(t, { daypartId: dayX.id, totalSpend: 5000 });
  clientA = first.owner;
  const second = await readyOrder(t, { owner: clientA, daypartId: dayY.id, totalSpend: 3000 });
  const fromB = await readyOrder(t, { daypartId: dayX.id, totalSpend: 2000 });
  for (const { owner, order } of [first, second, fromB]) expect((await putOrder(t, owner.token, order.id, { status: 'ordered' })).statusCode).toBe(200);
  for (const { order } of [first, fromB])
    expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin })).statusCode).toBe(200);
  await createOrder(t, clientA.token, { estimate_name: 'Still a draft' });
});
afterAll(() => t.close());

describe('GET /api/analytics/dashboard/overview', () => {
  it('sums booked revenue, counts orders and shares them out along the funnel', async () => {
    const body = await get('/api/analytics/dashboard/overview');
    expect(body.timeframe).toBe(30);
    expect(body.summary).toEqual({
      total_orders: 4,
      approved_orders: 2,
      total_revenue: 7000,
      avg_order_value: 3500,
      conversion_rate: 66.7,
      avg_campaign_days: expect.any(Number),
    });
    expect(body.conversion_funnel.map((f: { status: string }) => f.status)).toEqual([
      'draft',
      'ordered',
      'modified',
      'approved',
      'scheduled',
      'active',
      'completed',
      'rejected',
    ]);
    expect(body.conversion_funnel).toContainEqual({ status: 'approved', count: 2, percentage: 50 });
    expect(body.conversion_funnel).toContainEqual({ status: 'draft', count: 1, percentage: 25 });
    expect(body.overall_metrics).toEqual({ total_campaigns: 0, active_campaigns: 0, total_impressions: 0, total_spend: 0, avg_cpm: 0 });
  });

  it('shows a client their own orders only', async () => {
    const body = await get('/api/analytics/dashboard/overview?timeframe=7', clientA.token);
    expect(body.summary).toMatchObject({ total_orders: 3, approved_orders: 1, total_revenue: 5000 });
  });

  it('refuses a bad period and an anonymous caller', async () => {
    for (const timeframe of ['0', '366', 'abc', '1.5']) {
      const res = await t.inject({ method: 'GET', url: `/api/analytics/dashboard/overview?timeframe=${timeframe}`, token: admin });
      expect(res.statusCode, timeframe).toBe(400);
      expect(res.json().error).toMatch(/^Timeframe must be/);
    }
    expect((await t.inject({ method: 'GET', url: '/api/analytics/dashboard/overview' })).statusCode).toBe(401);
  });
});

describe('GET /api/analytics/revenue/trends', () => {
  it('answers one point per day of the last 90 days by default, today holding the booked revenue', async () => {
    const body = await get('/api/analytics/revenue/trends');
    expect(body).toMatchObject({ timeframe: 90, granularity: 'daily' });
    expect(body.revenue_trends).toHaveLength(90);
    expect(body.revenue_trends.at(-1)).toEqual({ date: clockToday(), revenue: 7000, approved_orders: 2, avg_order_value: 3500 });
    expect(body.revenue_trends.slice(0, -1).every((p: { revenue: number }) => p.revenue === 0)).toBe(true);
  });

  it('groups by week or month, and refuses another granularity', async () => {
    const weekly = await get('/api/analytics/revenue/trends?granularity=weekly');
    expect(weekly.revenue_trends.length).toBeGreaterThanOrEqual(13);
    expect(weekly.revenue_trends.at(-1)).toMatchObject({ revenue: 7000, approved_orders: 2 });
    const monthly = await get('/api/analytics/revenue/trends?granularity=monthly&timeframe=365');
    expect(monthly.revenue_trends.at(-1)).toMatchObject({ date: `${clockToday().slice(0, 7)}-01`, revenue: 7000 });
    const res = await t.inject({ method: 'GET', url: '/api/analytics/revenue/trends?granularity=hourly', token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Granularity must be daily, weekly or monthly', field: 'granularity' });
  });
});

describe('GET /api/analytics/performance/metrics', () => {
  it('gives revenue per daypart and the top brands by revenue', async () => {
    const body = await get('/api/analytics/performance/metrics');
    expect(body.daypart_performance).toEqual([{ daypart_name: 'Analytics X', total_revenue: 7000, order_count: 2, total_spots: 20 }]);
    expect(body.brand_performance).toHaveLength(2);
    expect(body.brand_performance[0]).toMatchObject({ total_orders: 2, approved_orders: 1, total_revenue: 5000, avg_order_value: 5000 });
    expect(body.brand_performance[1]).toMatchObject({ total_orders: 1, approved_orders: 1, total_revenue: 2000 });
  });
});

describe('GET /api/analytics/budget/analysis', () => {
  it('splits submitted budgets between dayparts and months', async () => {
    const body = await get('/api/analytics/budget/analysis');
    expect(body.daypart_allocation).toEqual([
      { daypart_name: 'Analytics X', allocated_budget: 7000, percentage: 70 },
      { daypart_name: 'Analytics Y', allocated_budget: 3000, percentage: 30 },
    ]);
    expect(body.monthly_trends.at(-1)).toEqual({ month: clockToday().slice(0, 7), budgeted_amount: 10000, order_count: 3 });
  });
});

describe('GET /api/analytics/forecast/predictions', () => {
  it('answers 12 weeks of history and 4 weeks ahead, and claims no trend from one week of orders', async () => {
    const body = await get('/api/analytics/forecast/predictions');
    expect(body.historical_data).toHaveLength(12);
    expect(body.historical_data.at(-1).revenue).toBe(7000);
    expect(body.forecast).toHaveLength(4);
    expect(body.forecast.every((f: { predicted_revenue: number }) => f.predicted_revenue === 7000)).toBe(true);
    expect(body.insights).toMatchObject({
      trend: 'stable',
      growth_rate: 0,
      history_weeks: 1,
      min_history_weeks: 4,
      enough_history: false,
      standard_error: null,
    });
    expect(body.insights.message).toBe(
      'Too little history for a trend: 1 week of booked orders so far, and a forecast needs at least 4. Until then it shows the average week.',
    );
  });
});

describe('campaigns on the dashboard (changes the data: last)', () => {
  it('counts running campaigns and what they delivered', async () => {
    const { order } = await readyOrder(t, { daypartId: dayX.id, totalSpend: 1000 });
    await putOrder(t, admin, order.id, { status: 'active' });
    const [campaign] = (await get(`/api/campaigns?brand_id=${order.brand_id}`)) as { campaign_id: string }[];
    const aired = await t.inject({ method: 'POST', url: `/api/campaigns/${campaign!.campaign_id}/simulate-impression`, token: admin });
    expect(aired.statusCode, aired.body).toBe(200);
    const body = await get('/api/analytics/dashboard/overview');
    // One spot of a multiplier-1 daypart at $15 CPM: 1,366 impressions for $20.49.
    expect(body.overall_metrics).toEqual({ total_campaigns: 1, active_campaigns: 1, total_impressions: 1366, total_spend: 20.49, avg_cpm: 15 });
    // The order was never submitted: it counts as an order of the period, and as revenue once active.
    expect(body.summary).toMatchObject({ total_orders: 5, approved_orders: 3, total_revenue: 8000 });
  });
});
