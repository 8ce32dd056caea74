/**
 * Orders per station day and status from `from` (up to the day before `until` when given): what
 * overview, revenue trends, budget's months and forecast add up. Admins read the rollup
 * `status_hours` (migration 0035, decision 037): a few rows an hour whatever the number of orders.
 * An hour that a station midnight cuts (a zone not on whole hours) belongs to two days: its orders
 * are read from the rows instead. Clients' own orders and a channel's are read from the rows.
 */
import { and, gte, lt, or, sql } from 'drizzle-orm';
import { addDays, startOfStationDay, type StationTime } from '../../../domain/dates';
import { statusHours } from '../../db/schema';
import { ordersView } from '../orders/views';
import { stationZoneSql, type Db } from '../../platform/db';
import { dayStart, orderTime } from './daypart-split';
import { ordersInScope, readsRollups, type AnalyticsScope } from './scope';

export interface StatusDay {
  date: string;
  status: string;
  orders: number;
  amountCents: number;
  spendCents: number;
  /** end_date - start_date summed over the orders that have both, and how many have both. */
  days: number;
  dated: number;
}

const orderDay = (timeZone: string) => sql`(${orderTime()} at time zone ${stationZoneSql(timeZone)})::date`;
/** One order's figures, the shape of a status_hours row. */
const orderFigures = sql`${ordersView.status} as status, 1 as orders, ${ordersView.totalAmountCents}::float8 as amount, ${ordersView.totalSpendCents}::float8 as spend,
  coalesce(${ordersView.endDate} - ${ordersView.startDate}, 0) as days, (${ordersView.endDate} - ${ordersView.startDate} is not null)::int as dated`;

const HOUR = 3_600_000;
/** The UTC hours from `from` to `last` that a station midnight cuts (none in a zone on whole hours). */
const cutHours = (from: string, last: string, timeZone: string): Date[] => {
  const cut: Date[] = [];
  for (let day = from; day <= last; day = addDays(day, 1)) {
    const midnight = startOfStationDay(day, timeZone).getTime();
    if (midnight % HOUR !== 0) cut.push(new Date(midnight - (midnight % HOUR)));
  }
  return cut;
};

const fromRollup = (from: string, until: string | undefined, station: StationTime) => {
  const inRange = (time: unknown) =>
    and(gte(sql`${time}`, dayStart(from, station.timeZone)), until ? lt(sql`${time}`, dayStart(until, station.timeZone)) : undefined);
  // The cut hours are given as constants, so that the planner sees how few orders they hold.
  const cut = cutHours(from, until ?? addDays(station.today(), 1), station.timeZone).map((hour) => hour.toISOString());
  const rollup = sql`select (${statusHours.hour} at time zone ${stationZoneSql(station.timeZone)})::date as day, ${statusHours.status} as status, ${statusHours.orders} as orders,
      ${statusHours.amountCents}::float8 as amount, ${statusHours.spendCents}::float8 as spend, ${statusHours.days} as days, ${statusHours.dated} as dated
    from ${statusHours}
    where ${and(
      inRange(statusHours.hour),
      cut.length > 0
        ? sql`${statusHours.hour} not in (${sql.join(
            cut.map((hour) => sql`${hour}::timestamptz`),
            sql`, `,
          )})`
        : undefined,
    )}`;
  if (cut.length === 0) return rollup;
  const inCut = or(...cut.map((hour) => sql`(${orderTime()} >= ${hour}::timestamptz and ${orderTime()} < ${hour}::timestamptz + interval '1 hour')`));
  return sql`${rollup} union all select ${orderDay(station.timeZone)} as day, ${orderFigures} from ${ordersView} where ${and(inRange(orderTime()), inCut)}`;
};

const fromRows = (scope: AnalyticsScope, from: string, until: string | undefined, timeZone: string) =>
  sql`select ${orderDay(timeZone)} as day, ${orderFigures} from ${ordersView}
    where ${and(ordersInScope(scope), gte(orderTime(), dayStart(from, timeZone)), until ? lt(orderTime(), dayStart(until, timeZone)) : undefined)}`;

export const statusDays = async (db: Db, scope: AnalyticsScope, time: StationTime, from: string, until?: string): Promise<StatusDay[]> => {
  const source = readsRollups(scope) ? fromRollup(from, until, time) : fromRows(scope, from, until, time.timeZone);
  const result = (await db.execute(sql`
    select s.day::text as date, s.status, sum(s.orders)::float8 as orders, sum(s.amount)::float8 as amount, sum(s.spend)::float8 as spend,
      sum(s.days)::float8 as days, sum(s.dated)::float8 as dated
    from (${source}) s
    group by s.day, s.status
    having sum(s.orders) <> 0`)) as unknown as {
    rows: { date: string; status: string; orders: number; amount: number; spend: number; days: number; dated: number }[];
  };
  return result.rows.map((r) => ({
    date: r.date,
    status: r.status,
    orders: Number(r.orders),
    amountCents: Number(r.amount),
    spendCents: Number(r.spend),
    days: Number(r.days),
    dated: Number(r.dated),
  }));
};
