/**
 * What the dayparts module offers the other modules (issue 39): reads of the rate card by id, in batch,
 * so that no other module names the dayparts table (channel scoping, when it comes, is applied here
 * once). This file imports no other module, so that any module may import it.
 */
import { asc, inArray, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { IMPRESSIONS_PER_SPOT } from '../../../domain/constants';
import { dayparts } from '../../db/schema';
import type { Tx } from '../../platform/db';

export type DaypartRow = typeof dayparts.$inferSelect;

/** Names of the given dayparts, in one query. */
export const daypartNames = async (db: Tx, ids: readonly (string | null | undefined)[]): Promise<Map<string, string>> => {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: dayparts.id, name: dayparts.name }).from(dayparts).where(inArray(dayparts.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
};

/**
 * An order line's weekly cost at its daypart's rate (SQL `item_weekly_cost`, the rule migration 0030
 * shares with the view daypart_item_shares), as an SQL expression over the line's columns: the daypart
 * is read here, by its id, so that a report computing shares names no dayparts table.
 */
export const itemWeeklyCostSql = (line: { daypartId: SQLWrapper; spotsPerOccurrence: SQLWrapper; userDefinedCpmCents: SQLWrapper }): SQL<number> =>
  sql<number>`(select item_weekly_cost(${dayparts.multiplier}, ${line.spotsPerOccurrence}, item_cpm_cents(${line.userDefinedCpmCents}, ${dayparts.baseCpmCents}), cardinality(${dayparts.daysOfWeek}))
    from ${dayparts} where ${dayparts.id} = ${line.daypartId})`;
/**
 * An order line's weekly impressions on the spec's constant (multiplier × 1,366 × spots × days a week), as
 * an SQL expression over the line's columns, the daypart read here by its id.
 */
export const itemWeeklyImpressionsSql = (line: { daypartId: SQLWrapper; spotsPerOccurrence: SQLWrapper }): SQL<number> =>
  sql<number>`(select ${dayparts.multiplier} * ${sql.raw(String(IMPRESSIONS_PER_SPOT))} * ${line.spotsPerOccurrence} * cardinality(${dayparts.daysOfWeek})
    from ${dayparts} where ${dayparts.id} = ${line.daypartId})`;

/** Dayparts by id, in one query: the map has an entry for each id that exists. */
export const daypartsByIds = async (db: Tx, ids: readonly (string | null | undefined)[]): Promise<Map<string, DaypartRow>> => {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(dayparts).where(inArray(dayparts.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
};

/** Dayparts in airtime order: by start time, then name (as the rate card lists them). */
export const byAirtime = (a: Pick<DaypartRow, 'startTime' | 'name'>, b: Pick<DaypartRow, 'startTime' | 'name'>): number =>
  a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/** The whole rate card, by start time, then name. */
export const rateCard = (db: Tx): Promise<DaypartRow[]> => db.select().from(dayparts).orderBy(asc(dayparts.startTime), asc(dayparts.name));

/** Whether any daypart sells at a flat rate per spot. */
export const anyFlatRate = async (db: Tx): Promise<boolean> =>
  (await db.select({ id: dayparts.id }).from(dayparts).where(isNotNull(dayparts.flatRateCents)).limit(1)).length > 0;

/** Dayparts locked for the rest of the transaction, in id order (so two lockers never deadlock): a booking, a makegood and an ADU never take the same last spot. */
export const lockDayparts = async (tx: Tx, ids: readonly string[]): Promise<DaypartRow[]> =>
  ids.length === 0
    ? []
    : tx
        .select()
        .from(dayparts)
        .where(inArray(dayparts.id, [...new Set(ids)]))
        .orderBy(asc(dayparts.id))
        .for('update');

/**
 * Dayparts held against deletion for the rest of the transaction (FOR KEY SHARE: their edits and bookings go on),
 * for a caller that writes rows naming them (an as-run's deliveries, decision 065).
 */
export const holdDaypartKeys = async (tx: Tx, ids: readonly string[]): Promise<void> => {
  if (ids.length > 0)
    await tx
      .select({ id: dayparts.id })
      .from(dayparts)
      .where(inArray(dayparts.id, [...new Set(ids)]))
      .orderBy(asc(dayparts.id))
      .for('key share');
};

/** A daypart's placement window (channel, hours, days, spot frequency), for joins in another module's SQL (sql/published.sql). */
export { daypartWindowsView } from '../../db/schema';
