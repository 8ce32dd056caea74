/**
 * The dashboard's figures, aggregated in PostgreSQL (grouped queries, never rows per order; the
 * per-day and per-status figures from status-days.ts). Clients see their own orders, admins everyone's or
 * some channels' (scope.ts). An order's date is when it was
 * submitted (its creation for drafts); its revenue is what it owes (total_amount) once booked.
 */
import { and, inArray, sql } from 'drizzle-orm';
import {
  FORECAST_HISTORY_WEEKS,
  FORECAST_WEEKS,
  REVENUE_STATUSES,
  bucketStart,
  bucketStarts,
  conversionFunnel,
  forecastRevenue,
  revenueSeries,
  type BudgetReply,
  type ForecastReply,
  type Granularity,
  type OverviewReply,
  type PerformanceReply,
  type RevenueTrendsReply,
} from '../../../domain/analytics';
import { addDays, type StationTime } from '../../../domain/dates';
import { roundDollars, toDollars } from '../../../domain/money';
import { isAdmin } from '../../../domain/roles';
import { ordersView } from '../orders/views';
import type { Db } from '../../platform/db';
import { campaignTotalsSince } from '../campaigns/service';
import { statusDays } from './status-days';
import { topBrands } from './top-brands';
import { BOOKED_REVENUE, SUBMITTED_BUDGETS, dayStart, daypartSplit, orderTime } from './daypart-split';
import { ordersInScope, type AnalyticsScope } from './scope';

const booked = inArray(ordersView.status, [...REVENUE_STATUSES]);

/** Orders dated within the last `days` days, today included. */
const since = (days: number, time: StationTime) => addDays(time.today(), -(days - 1));

export const analyticsOverview = async ({
  db,
  scope,
  timeframe,
  time,
}: {
  db: Db;
  scope: AnalyticsScope;
  timeframe: number;
  time: StationTime;
}): Promise<OverviewReply> => {
  // The window's orders per status (count, amounts, booked days), beside the campaigns' totals:
  // independent reads, run together (on PostgreSQL, on two connections).
  const [days, overallMetrics] = await Promise.all([
    statusDays(db, scope, time, since(timeframe, time)),
    campaignTotalsSince({ db, ...scope, from: since(timeframe, time), today: time.today() }),
  ]);
  const byStatus = new Map<string, { status: string; count: number; amountCents: number; days: number; dated: number }>();
  for (const d of days) {
    const row = byStatus.get(d.status) ?? { status: d.status, count: 0, amountCents: 0, days: 0, dated: 0 };
    byStatus.set(d.status, {
      status: d.status,
      count: row.count + d.orders,
      amountCents: row.amountCents + d.amountCents,
      days: row.days + d.days,
      dated: row.dated + d.dated,
    });
  }
  const statusRows = [...byStatus.values()];
  const counts = Object.fromEntries(statusRows.map((row) => [row.status, row.count]));
  const bookedRows = statusRows.filter((row) => (REVENUE_STATUSES as readonly string[]).includes(row.status));
  const totalOrders = statusRows.reduce((sum, row) => sum + row.count, 0);
  const approvedOrders = bookedRows.reduce((sum, row) => sum + row.count, 0);
  const submitted = totalOrders - (counts.draft ?? 0);
  const revenue = toDollars(bookedRows.reduce((sum, row) => sum + row.amountCents, 0));
  const datedBooked = bookedRows.reduce((sum, row) => sum + row.dated, 0);
  return {
    timeframe,
    overall_metrics: overallMetrics,
    summary: {
      total_orders: totalOrders,
      approved_orders: approvedOrders,
      total_revenue: roundDollars(revenue),
      avg_order_value: approvedOrders > 0 ? roundDollars(revenue / approvedOrders) : 0,
      conversion_rate: submitted > 0 ? Math.round((approvedOrders / submitted) * 1000) / 10 : 0,
      avg_campaign_days: datedBooked === 0 ? null : Math.round(bookedRows.reduce((sum, row) => sum + row.days, 0) / datedBooked),
    },
    conversion_funnel: conversionFunnel(counts),
  };
};

/** Booked revenue per station day from `from` (up to the day before `until` when given). */
const revenueByDay = async (db: Db, scope: AnalyticsScope, time: StationTime, from: string, until?: string) => {
  const perDay = new Map<string, { date: string; revenue: number; orders: number }>();
  for (const d of await statusDays(db, scope, time, from, until)) {
    if (!(REVENUE_STATUSES as readonly string[]).includes(d.status)) continue;
    const row = perDay.get(d.date) ?? { date: d.date, revenue: 0, orders: 0 };
    perDay.set(d.date, { date: d.date, revenue: row.revenue + d.amountCents, orders: row.orders + d.orders });
  }
  return [...perDay.values()];
};

export const revenueTrends = async ({
  db,
  scope,
  timeframe,
  granularity,
  time,
}: {
  db: Db;
  scope: AnalyticsScope;
  timeframe: number;
  granularity: Granularity;
  time: StationTime;
}): Promise<RevenueTrendsReply> => {
  const from = since(timeframe, time);
  const rows = await revenueByDay(db, scope, time, from);
  return {
    timeframe,
    granularity,
    revenue_trends: revenueSeries(
      rows.map((r) => ({ date: r.date, revenue: toDollars(r.revenue), orders: r.orders })),
      from,
      time.today(),
      granularity,
    ),
  };
};

export const performanceMetrics = async ({
  db,
  scope,
  timeframe,
  time,
}: {
  db: Db;
  scope: AnalyticsScope;
  timeframe: number;
  time: StationTime;
}): Promise<PerformanceReply> => {
  const from = since(timeframe, time);
  const [dayparts, brandRows] = await Promise.all([daypartSplit(db, scope, BOOKED_REVENUE, from, time.timeZone), topBrands(db, scope, from, time.timeZone)]);
  return {
    timeframe,
    daypart_performance: dayparts.map((d) => ({
      daypart_name: d.daypartName,
      total_revenue: roundDollars(toDollars(d.cents)),
      order_count: d.orders,
      total_spots: d.spots,
    })),
    brand_performance: brandRows.map((b) => ({
      brand_name: b.brandName,
      total_orders: b.orders,
      approved_orders: b.approved,
      total_revenue: roundDollars(toDollars(b.revenue)),
      avg_order_value: b.approved > 0 ? roundDollars(toDollars(b.revenue) / b.approved) : 0,
    })),
  };
};

export const budgetAnalysis = async ({
  db,
  scope,
  timeframe,
  time,
}: {
  db: Db;
  scope: AnalyticsScope;
  timeframe: number;
  time: StationTime;
}): Promise<BudgetReply> => {
  const from = since(timeframe, time);
  const [allocation, days] = await Promise.all([daypartSplit(db, scope, SUBMITTED_BUDGETS, from, time.timeZone), statusDays(db, scope, time, from)]);
  const byMonth = new Map<string, { cents: number; orders: number }>();
  for (const d of days) {
    if (d.status === 'draft') continue;
    const row = byMonth.get(d.date.slice(0, 7)) ?? { cents: 0, orders: 0 };
    byMonth.set(d.date.slice(0, 7), { cents: row.cents + d.spendCents, orders: row.orders + d.orders });
  }
  const allocated = allocation.reduce((sum, d) => sum + d.cents, 0);
  return {
    timeframe,
    daypart_allocation: allocation.map((d) => ({
      daypart_name: d.daypartName,
      allocated_budget: roundDollars(toDollars(d.cents)),
      percentage: allocated > 0 ? Math.round((d.cents / allocated) * 1000) / 10 : 0,
    })),
    monthly_trends: bucketStarts(from, time.today(), 'monthly').map((start) => {
      const key = start.slice(0, 7);
      const row = byMonth.get(key);
      return { month: key, budgeted_amount: roundDollars(toDollars(row?.cents ?? 0)), order_count: row?.orders ?? 0 };
    }),
  };
};

export const forecastPredictions = async ({ db, scope, time }: { db: Db; scope: AnalyticsScope; time: StationTime }): Promise<ForecastReply> => {
  const thisWeek = bucketStart(time.today(), 'weekly');
  const from = addDays(thisWeek, -7 * (FORECAST_HISTORY_WEEKS - 1));
  const [rows, season] = await Promise.all([revenueByDay(db, scope, time, from), lastYearsSeason(db, scope, time, from)]);
  const weeks = revenueSeries(
    rows.map((r) => ({ date: r.date, revenue: toDollars(r.revenue), orders: r.orders })),
    from,
    time.today(),
    'weekly',
  );
  const historical = weeks.map((w) => ({ week: w.date, revenue: w.revenue }));
  return { historical_data: historical, ...forecastRevenue(historical, FORECAST_WEEKS, isAdmin(scope.actor.role) ? 'station' : 'advertiser', season) };
};

/**
 * The weeks 52 weeks before the shown ones and the forecast ones, and whether anything was booked
 * before them (decision 025): two range reads on the indexed order time, 16 weeks and one row.
 */
const lastYearsSeason = async (db: Db, scope: AnalyticsScope, time: StationTime, shownFrom: string) => {
  const from = addDays(shownFrom, -7 * 52);
  const until = addDays(from, 7 * (FORECAST_HISTORY_WEEKS + FORECAST_WEEKS));
  const [earlier] = await db
    .select({ one: sql<number>`1` })
    .from(ordersView)
    .where(and(ordersInScope(scope), booked, sql`${orderTime()} < ${dayStart(from, time.timeZone)}`))
    .limit(1);
  if (!earlier) return { yearAgo: [], bookedBefore: false };
  const rows = await revenueByDay(db, scope, time, from, until);
  const weeks = revenueSeries(
    rows.map((r) => ({ date: r.date, revenue: toDollars(r.revenue), orders: r.orders })),
    from,
    addDays(until, -1),
    'weekly',
  );
  return { yearAgo: weeks.map((w) => w.revenue), bookedBefore: true };
};
