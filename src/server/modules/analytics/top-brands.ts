/**
 * The top brands of the performance figures: submitted orders of the window per brand, booked
 * ones and their revenue, the highest revenue first. Admins read the rollup `brand_hours`
 * (migration 0016, decision 023) from the window's first whole UTC hour, and the rows before it;
 * clients' own orders and a channel's are read from the rows.
 */
import { and, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { REVENUE_STATUSES, TOP_BRANDS } from '../../../domain/analytics';
import { startOfStationDay } from '../../../domain/dates';
import { NO_ID, brandHours } from '../../db/schema';
import { brandSummaries } from '../brands/public';
import { ordersView } from '../orders/views';
import type { Db } from '../../platform/db';
import { dayStart, firstWholeHour, orderTime } from './daypart-split';
import { ordersInScope, readsRollups, type AnalyticsScope } from './scope';

export interface BrandFigures {
  brandName: string;
  orders: number;
  approved: number;
  revenue: number;
}

/**
 * Per brand: [brand id (NO_ID: none), status, orders, amount cents] of submitted orders. Summed as
 * int and float8 (exact for whole cents below 2^53), not as numeric: ~24k brands a month at 1M orders.
 */
const fromRows = (
  where: SQL | undefined,
) => sql`select coalesce(${ordersView.brandId}, ${NO_ID}::uuid) as brand_id, ${ordersView.status} as status, 1 as orders, ${ordersView.totalAmountCents}::float8 as amount
  from ${ordersView} where ${and(ne(ordersView.status, 'draft'), where)}`;
const fromRollup = (
  from: string,
  timeZone: string,
) => sql`select ${brandHours.brandId} as brand_id, ${brandHours.status} as status, ${brandHours.orders}::int as orders, ${brandHours.amountCents}::float8 as amount
  from ${brandHours} where ${and(ne(brandHours.status, 'draft'), gte(brandHours.hour, firstWholeHour(from, timeZone)))}`;

const HOUR = 3_600_000;

export const topBrands = async (db: Db, scope: AnalyticsScope, from: string, timeZone: string): Promise<BrandFigures[]> => {
  const since = gte(orderTime(), dayStart(from, timeZone));
  // The rows before the first whole hour only when the station's midnight is not on one (a zone such as
  // Asia/Kolkata): a union under the grouping hides the number of brands from the planner (200, not 20,000), whose
  // parallel plan for so few took 87–98 ms instead of 41–64 ms at 1M orders (bench/README.md, session 23).
  const cut = startOfStationDay(from, timeZone).getTime() % HOUR !== 0;
  const source = readsRollups(scope)
    ? cut
      ? sql`${fromRollup(from, timeZone)} union all ${fromRows(and(since, lt(orderTime(), firstWholeHour(from, timeZone))))}`
      : fromRollup(from, timeZone)
    : fromRows(and(ordersInScope(scope), since));
  const booked = inArray(sql`s.status`, [...REVENUE_STATUSES]);
  const result = (await db.execute(sql`
    select top.brand_id, top.orders, top.approved, top.revenue
    from (
      select s.brand_id, sum(s.orders)::int as orders, coalesce(sum(s.orders) filter (where ${booked}), 0)::int as approved,
             coalesce(sum(s.amount) filter (where ${booked}), 0)::float8 as revenue
      from (${source}) s
      group by s.brand_id
      order by 4 desc, 2 desc
      limit ${TOP_BRANDS}
    ) top
    order by top.revenue desc, top.orders desc`)) as unknown as { rows: { brand_id: string; orders: number; approved: number; revenue: number }[] };
  // The few brands' names from the brands module (NO_ID, and a brand since deleted: 'No brand').
  const names = await brandSummaries(
    db,
    result.rows.map((r) => r.brand_id),
  );
  return result.rows.map((r) => ({
    brandName: names.get(r.brand_id)?.commonName ?? 'No brand',
    orders: Number(r.orders),
    approved: Number(r.approved),
    revenue: Number(r.revenue),
  }));
};
