/**
 * Orders' amounts split between their dayparts in proportion to each item's weekly cost (the
 * performance and budget figures). Admins read the rollup `daypart_hours` (migration 0016,
 * decision 023), which holds this very split per UTC hour of the order, status and daypart, and its
 * sums per UTC day and week (`daypart_days`, `daypart_weeks`, migration 0066); the
 * window's first hour, when the station's midnight is not on a UTC hour, and clients' own orders
 * and a channel's are computed from the rows.
 */
import { and, eq, gte, inArray, lt, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { REVENUE_STATUSES } from '../../../domain/analytics';
import { daypartDays, daypartHours, daypartWeeks } from '../../db/schema';
import { daypartNames, itemWeeklyCostSql } from '../dayparts/public';
import { orderItemsView, ordersView } from '../orders/views';
import { stationZoneSql, type Db } from '../../platform/db';
import { ordersInScope, readsRollups, type AnalyticsScope } from './scope';

export interface DaypartFigures {
  daypartName: string;
  cents: number;
  orders: number;
  spots: number;
}

/** Which orders and which of their amounts: booked revenue (performance) or submitted budgets (budget). */
export interface Split {
  amount: 'total' | 'spend';
  statuses: (status: AnyColumn) => SQL;
}
export const BOOKED_REVENUE: Split = { amount: 'total', statuses: (status) => inArray(status, [...REVENUE_STATUSES]) };
export const SUBMITTED_BUDGETS: Split = { amount: 'spend', statuses: (status) => ne(status, 'draft') };

/** When an order came in: its submission (its creation for drafts). Indexed (migration 0013). */
export const orderTime = () => sql`coalesce(${ordersView.submittedAt}, ${ordersView.createdAt})`;
/** The instant the station's day `from` starts (local midnight). */
export const dayStart = (from: string, timeZone: string) => sql`(${from}::date::timestamp at time zone ${stationZoneSql(timeZone)})`;
/** The first UTC hour at or after the station's day `from` starts. */
export const firstWholeHour = (from: string, timeZone: string) =>
  sql`(date_trunc('hour', (${dayStart(from, timeZone)} - interval '1 microsecond') at time zone 'UTC') at time zone 'UTC' + interval '1 hour')`;

/**
 * An item's share of its order: its weekly cost (SQL `item_weekly_cost`, the one rule migration 0030
 * shares with the view daypart_item_shares; the dayparts module reads the rate) over the order's weekly
 * cost (cents, float).
 */
const itemWeeklyCost = itemWeeklyCostSql(orderItemsView);
const itemShare = sql`(${itemWeeklyCost} / nullif(sum(${itemWeeklyCost}) over (partition by ${ordersView.id}), 0))`;

/** Figures of one daypart by its id, before its name is read (the dayparts module's). */
type DaypartIdFigures = Omit<DaypartFigures, 'daypartName'> & { daypartId: string };

/** The split computed from the order rows matching `where`. */
const fromRows = async (db: Db, split: Split, where: SQL | undefined): Promise<DaypartIdFigures[]> => {
  const column = split.amount === 'total' ? ordersView.totalAmountCents : ordersView.totalSpendCents;
  const shares = db
    .select({
      daypartId: sql<string>`${orderItemsView.daypartId}`.as('daypart_id'),
      estimateId: sql<string>`${ordersView.id}`.as('estimate_id'),
      spots: sql<number>`${orderItemsView.spotsPerOccurrence}`.as('spots'),
      cents: sql<number>`coalesce(${column} * ${itemShare}, 0)`.as('cents'),
    })
    .from(orderItemsView)
    .innerJoin(ordersView, eq(ordersView.id, orderItemsView.estimateId))
    .where(and(split.statuses(ordersView.status), where))
    .as('shares');
  return db
    .select({
      daypartId: shares.daypartId,
      cents: sql<number>`sum(${shares.cents})::float8`.mapWith(Number),
      orders: sql<number>`count(distinct ${shares.estimateId})::int`.mapWith(Number),
      spots: sql<number>`sum(${shares.spots})::int`.mapWith(Number),
    })
    .from(shares)
    .groupBy(shares.daypartId);
};

/**
 * The first whole UTC day or week (SQL `utc_day`, `utc_week`: the rollups' buckets, rollups-computed.sql) from the
 * window's first whole hour on, as a date: the bucket after the one holding the instant just before that hour.
 */
const firstWhole = (bucket: 'day' | 'week', from: string, timeZone: string) => {
  const before = sql`(${firstWholeHour(from, timeZone)} - interval '1 microsecond')`;
  return bucket === 'day' ? sql`(utc_day(${before}) + 1)` : sql`(utc_week(${before}) + 7)`;
};

/**
 * The split of every order from the window's first whole UTC hour on, from the rollups: that hour's UTC day's
 * hours (daypart_hours), the whole days after it up to the first Monday (daypart_days), then whole weeks
 * (daypart_weeks, migration 0066). With 50 channels' 400 dayparts at 1M orders an hour holds about 134 rows, a day
 * 1,700 and a week 3,300: a 30-day window read 8,500 booked rows instead of 76,000 (bench/README.md, session 23).
 */
const fromRollup = async (db: Db, split: Split, from: string, timeZone: string): Promise<DaypartIdFigures[]> => {
  const amount = split.amount === 'total' ? sql`amount_cents` : sql`spend_cents`;
  const day = firstWhole('day', from, timeZone);
  const week = firstWhole('week', from, timeZone);
  const result = (await db.execute(sql`
    select r.daypart_id, sum(r.cents)::float8 as cents, sum(r.orders)::int as orders, sum(r.spots)::int as spots
    from (
      select ${daypartHours.daypartId} as daypart_id, ${daypartHours.orders} as orders, ${daypartHours.spots} as spots, ${amount} as cents
      from ${daypartHours}
      where ${and(gte(daypartHours.hour, firstWholeHour(from, timeZone)), lt(daypartHours.hour, sql`(${day}::timestamp at time zone 'UTC')`), split.statuses(daypartHours.status))}
      union all
      select ${daypartDays.daypartId}, ${daypartDays.orders}, ${daypartDays.spots}, ${amount}
      from ${daypartDays}
      where ${and(gte(daypartDays.day, day), lt(daypartDays.day, week), split.statuses(daypartDays.status))}
      union all
      select ${daypartWeeks.daypartId}, ${daypartWeeks.orders}, ${daypartWeeks.spots}, ${amount}
      from ${daypartWeeks}
      where ${and(gte(daypartWeeks.week, week), split.statuses(daypartWeeks.status))}
    ) r
    group by r.daypart_id
    -- Rows whose orders all left (kept at zero by the deltas) are not a daypart of the window.
    having sum(r.orders) <> 0`)) as unknown as { rows: { daypart_id: string; cents: number; orders: number; spots: number }[] };
  return result.rows.map((r) => ({ daypartId: r.daypart_id, cents: Number(r.cents), orders: Number(r.orders), spots: Number(r.spots) }));
};

/**
 * Names the figures (the dayparts module's names, in one query; a daypart since deleted is left out) and
 * adds up figures of the same daypart (an order is in one part only: its orders add up too).
 */
const merged = async (db: Db, parts: DaypartIdFigures[][]): Promise<DaypartFigures[]> => {
  const names = await daypartNames(
    db,
    parts.flat().map((row) => row.daypartId),
  );
  const byName = new Map<string, DaypartFigures>();
  for (const { daypartId, ...figures } of parts.flat()) {
    const daypartName = names.get(daypartId);
    if (daypartName === undefined) continue;
    const row = { daypartName, ...figures };
    const seen = byName.get(row.daypartName);
    byName.set(row.daypartName, seen ? { ...seen, cents: seen.cents + row.cents, orders: seen.orders + row.orders, spots: seen.spots + row.spots } : row);
  }
  return [...byName.values()];
};

/** Highest amount first, then by name (as `order by cents desc, name` did). */
const ranked = (rows: DaypartFigures[]) =>
  rows.sort((a, b) => b.cents - a.cents || (a.daypartName < b.daypartName ? -1 : a.daypartName > b.daypartName ? 1 : 0));

/** The split of the orders in scope dated `from` or later (station days), per daypart. */
export const daypartSplit = async (db: Db, scope: AnalyticsScope, split: Split, from: string, timeZone: string): Promise<DaypartFigures[]> => {
  const since = gte(orderTime(), dayStart(from, timeZone));
  if (!readsRollups(scope)) return ranked(await merged(db, [await fromRows(db, split, and(ordersInScope(scope), since))]));
  const parts = await Promise.all([fromRollup(db, split, from, timeZone), fromRows(db, split, and(since, lt(orderTime(), firstWholeHour(from, timeZone))))]);
  return ranked(await merged(db, parts));
};
