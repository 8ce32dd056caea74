/**
 * Analytics stay exact when computed from indexed ranges (decision 016): on a fixed, seeded set of
 * orders in a station time zone with daylight saving, dated on both sides of local midnight, every
 * window's figures equal the ones computed here independently from the order rows (their dates
 * taken with Intl in the station's zone).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectionDefaults, weeklyCostOf } from '../../src/domain/pricing';
import { createTestApp, type TestApp } from '../support/app';
import { clientWithBrand } from '../support/ordering-fixtures';
import { clockNow, clockToday } from '../support/clock';

const ZONE = 'America/New_York';
const STATUSES = ['draft', 'pending_approval', 'ordered', 'modified', 'approved', 'rejected', 'scheduled', 'active', 'completed'] as const;
const BOOKED = new Set(['approved', 'scheduled', 'active', 'completed']);

interface SeedOrder {
  status: (typeof STATUSES)[number];
  createdAt: Date;
  submittedAt: Date | null;
  spendCents: number;
  amountCents: number;
  items: { daypart: Daypart; spots: number; cpmCents: number | null }[];
}
interface Daypart {
  id: string;
  name: string;
  multiplier: number;
  base_cpm_cents: number;
  days: number;
}

let t: TestApp;
let admin: string;
const orders: SeedOrder[] = [];

/** A fixed pseudo-random sequence (a linear congruential generator), the same on every run. */
const seeded = (seed: number) => () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const stationDay = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
const daysBefore = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ stationTimeZone: ZONE });
  admin = await t.adminToken();
  const owner = await clientWithBrand(t);
  const rateCard = (
    (await t.database.db.execute(
      sql`select id, name, multiplier, base_cpm_cents::int as base_cpm_cents, cardinality(days_of_week) as days from dayparts order by name`,
    )) as unknown as { rows: Daypart[] }
  ).rows;
  const random = seeded(16);
  const now = clockNow().getTime();
  for (let i = 0; i < 400; i += 1) {
    // Whole days back, then a time around 04:00–06:00 UTC: the station's midnight (EST or EDT) falls in between.
    // 460 days: more than the 64 weeks a seasonal forecast needs (decision 025).
    const created = new Date(now - Math.floor(random() * 460) * 86_400_000);
    created.setUTCHours(3 + Math.floor(random() * 4), Math.floor(random() * 60), Math.floor(random() * 60), Math.floor(random() * 1000));
    if (created.getTime() > now) created.setTime(now - 60_000);
    const status = STATUSES[Math.floor(random() * STATUSES.length)]!;
    const submittedAt = status === 'draft' ? null : new Date(Math.min(now - 1000, created.getTime() + Math.floor(random() * 3) * 3_600_000));
    const spendCents = (1000 + Math.floor(random() * 9000)) * 100;
    const amountCents = spendCents - (random() < 0.3 ? 5000 : 0);
    const first = Math.floor(random() * rateCard.length);
    const items = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, k) => ({
      daypart: rateCard[(first + k * 3) % rateCard.length]!,
      spots: 1 + Math.floor(random() * 3),
      cpmCents: random() < 0.2 ? 2500 : null,
    }));
    orders.push({ status, createdAt: created, submittedAt, spendCents, amountCents, items });
  }
  for (const o of orders) {
    const rows = (await t.database.db
      .execute(sql`insert into estimates (owner_id, brand_id, estimate_name, status, total_spend_cents, total_amount_cents, start_date, end_date, created_at, submitted_at)
      values (${owner.id}, ${owner.brand.id}, 'Seeded order', ${o.status}, ${o.spendCents}, ${o.amountCents}, '2026-01-05', '2026-02-01', ${o.createdAt.toISOString()}, ${o.submittedAt?.toISOString() ?? null}) returning id`)) as unknown as {
      rows: { id: string }[];
    };
    for (const item of o.items)
      await t.database.db.execute(
        sql`insert into estimate_items (estimate_id, daypart_id, spots_per_occurrence, user_defined_cpm_cents) values (${rows.rows[0]!.id}, ${item.daypart.id}, ${item.spots}, ${item.cpmCents})`,
      );
  }
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.inject({ method: 'GET', url, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const dayOf = (o: SeedOrder) => stationDay(o.submittedAt ?? o.createdAt);
const inWindow = (days: number) => {
  const from = daysBefore(clockToday(ZONE), days - 1);
  return orders.filter((o) => dayOf(o) >= from);
};
const dollars = (cents: number) => Math.round(cents) / 100;

describe('analytics on a seeded data set, compared with the orders', () => {
  it('the seed puts orders on both sides of the station midnight', () => {
    const localHours = new Set(
      orders.map((o) => Number(new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(o.createdAt))),
    );
    expect(localHours.has(23) && localHours.has(0)).toBe(true);
  });

  it.each([1, 7, 30, 90, 365])('overview summary and funnel of the last %i days', async (days) => {
    const window = inWindow(days);
    const booked = window.filter((o) => BOOKED.has(o.status));
    const body = await get(`/api/analytics/dashboard/overview?timeframe=${days}`);
    expect(body.summary.total_orders).toBe(window.length);
    expect(body.summary.approved_orders).toBe(booked.length);
    expect(body.summary.total_revenue).toBe(dollars(booked.reduce((sum, o) => sum + o.amountCents, 0)));
    for (const status of ['draft', 'ordered', 'approved', 'completed', 'rejected'])
      expect(body.conversion_funnel.find((f: { status: string }) => f.status === status).count, status).toBe(window.filter((o) => o.status === status).length);
  });

  it.each([30, 90, 365])('daily revenue of the last %i days', async (days) => {
    const body = await get(`/api/analytics/revenue/trends?timeframe=${days}&granularity=daily`);
    const expected = new Map<string, { revenue: number; orders: number }>();
    for (const o of inWindow(days).filter((x) => BOOKED.has(x.status))) {
      const day = expected.get(dayOf(o)) ?? { revenue: 0, orders: 0 };
      expected.set(dayOf(o), { revenue: day.revenue + o.amountCents, orders: day.orders + 1 });
    }
    const points = body.revenue_trends as { date: string; revenue: number; approved_orders: number }[];
    expect(points).toHaveLength(days);
    for (const point of points) {
      const want = expected.get(point.date) ?? { revenue: 0, orders: 0 };
      expect({ date: point.date, revenue: point.revenue, orders: point.approved_orders }).toEqual({
        date: point.date,
        revenue: dollars(want.revenue),
        orders: want.orders,
      });
    }
    expect(points.reduce((sum, p) => sum + p.approved_orders, 0)).toBe(inWindow(days).filter((o) => BOOKED.has(o.status)).length);
  });

  it.each([30, 365])('budget per month of the last %i days', async (days) => {
    const body = await get(`/api/analytics/budget/analysis?timeframe=${days}`);
    const expected = new Map<string, { cents: number; orders: number }>();
    for (const o of inWindow(days).filter((x) => x.status !== 'draft')) {
      const month = dayOf(o).slice(0, 7);
      const row = expected.get(month) ?? { cents: 0, orders: 0 };
      expected.set(month, { cents: row.cents + o.spendCents, orders: row.orders + 1 });
    }
    for (const m of body.monthly_trends as { month: string; budgeted_amount: number; order_count: number }[]) {
      const want = expected.get(m.month) ?? { cents: 0, orders: 0 };
      expect(m).toEqual({ month: m.month, budgeted_amount: dollars(want.cents), order_count: want.orders });
    }
    expect((body.monthly_trends as { order_count: number }[]).reduce((sum, m) => sum + m.order_count, 0)).toBe(
      inWindow(days).filter((o) => o.status !== 'draft').length,
    );
  });

  it('brand performance of the last 90 days', async () => {
    const window = inWindow(90).filter((o) => o.status !== 'draft');
    const booked = window.filter((o) => BOOKED.has(o.status));
    const body = await get('/api/analytics/performance/metrics?timeframe=90');
    expect(body.brand_performance).toHaveLength(1);
    expect(body.brand_performance[0]).toMatchObject({
      total_orders: window.length,
      approved_orders: booked.length,
      total_revenue: dollars(booked.reduce((sum, o) => sum + o.amountCents, 0)),
    });
  });

  it('revenue, orders and spots per daypart of the last 90 days, split by weekly cost', async () => {
    const booked = inWindow(90).filter((o) => BOOKED.has(o.status));
    const expected = new Map<string, { cents: number; orders: number; spots: number }>();
    for (const o of booked) {
      const weekly = o.items.map((i) =>
        weeklyCostOf({
          multiplier: i.daypart.multiplier,
          spotsPerDay: i.spots,
          cpm: i.cpmCents ?? selectionDefaults({ name: '', spotFrequency: null, minCpm: null, baseCpm: i.daypart.base_cpm_cents / 100 }).cpm * 100,
          daysPerWeek: i.daypart.days,
        }),
      );
      const total = weekly.reduce((sum, w) => sum + w, 0);
      o.items.forEach((item, k) => {
        const row = expected.get(item.daypart.name) ?? { cents: 0, orders: 0, spots: 0 };
        expected.set(item.daypart.name, {
          cents: row.cents + (total > 0 ? (o.amountCents * weekly[k]!) / total : 0),
          orders: row.orders + 1,
          spots: row.spots + item.spots,
        });
      });
    }
    const body = await get('/api/analytics/performance/metrics?timeframe=90');
    const dayparts = body.daypart_performance as { daypart_name: string; total_revenue: number; order_count: number; total_spots: number }[];
    expect(dayparts.map((d) => d.daypart_name).sort()).toEqual([...expected.keys()].sort());
    for (const d of dayparts) {
      const want = expected.get(d.daypart_name)!;
      expect({ orders: d.order_count, spots: d.total_spots }, d.daypart_name).toEqual({ orders: want.orders, spots: want.spots });
      expect(d.total_revenue, d.daypart_name).toBe(dollars(want.cents));
    }
  });

  it('forecast history: booked revenue per week of the last 12 weeks', async () => {
    const body = await get('/api/analytics/forecast/predictions');
    const history = body.historical_data as { week: string; revenue: number }[];
    expect(history).toHaveLength(12);
    const first = history[0]!.week;
    const booked = orders.filter((o) => BOOKED.has(o.status) && dayOf(o) >= first);
    expect(Math.round(history.reduce((sum, w) => sum + w.revenue, 0) * 100)).toBe(booked.reduce((sum, o) => sum + o.amountCents, 0));
  });

  it("forecast: with a year of history, last year's same weeks scaled by this year's finished weeks against them", async () => {
    const body = await get('/api/analytics/forecast/predictions');
    const history = body.historical_data as { week: string; revenue: number }[];
    const weekCents = (start: string) => {
      const end = daysBefore(start, -7);
      return orders.filter((o) => BOOKED.has(o.status) && dayOf(o) >= start && dayOf(o) < end).reduce((sum, o) => sum + o.amountCents, 0);
    };
    const yearAgo = Array.from({ length: 16 }, (_, i) => weekCents(daysBefore(history[0]!.week, 364 - 7 * i)));
    const now = history.slice(0, 11).reduce((sum, w) => sum + Math.round(w.revenue * 100), 0);
    const then = yearAgo.slice(0, 11).reduce((sum, c) => sum + c, 0);
    expect(body.insights).toMatchObject({ model: 'seasonal', history_weeks: 64 });
    // Within a rounding step: the server works in dollars, this in cents.
    expect(body.insights.growth_rate).toBeCloseTo((now / then - 1) * 100, 0);
    const predicted = (body.forecast as { predicted_revenue: number }[]).map((f) => f.predicted_revenue);
    yearAgo.slice(12).forEach((cents, i) => expect(predicted[i]).toBeCloseTo(((now / then) * cents) / 100, 1));
  });
});
