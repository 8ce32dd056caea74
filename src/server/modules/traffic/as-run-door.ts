/**
 * The traffic log's door for the as-run import (issue 39, decisions 044, 055 and 062): the spots an as-run
 * may settle, read by house code and ranges of days or by id; their settling, set-based (one statement per
 * part the caller makes); the closing of what a file covers; the orders' counts after an import. The as-run
 * module names no traffic table: it calls these with its matched rows. Each runs in the caller's transaction.
 *
 * The import's own writes set the transaction-local `spotbook.audit_source` to the import while they run:
 * the spots' audit trigger skips them, since the import's changes list is their trail (decision 055).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Closing } from '../../../domain/as-run-match';
import { trafficSpots } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { withHeldKeys } from '../../platform/held-keys';
import { sqlArray, textArray } from '../../platform/sql-arrays';
import { executeInTurn } from '../../platform/statements-in-turn';

export type AsRunSpotStatus = (typeof trafficSpots.$inferSelect)['status'];

/**
 * Spots as the as-run import matches them, as columns by position (the scheduled time as epoch ms). A file's
 * 100,000 are read as one JSON value per query, parsed natively: read as rows, PGlite's protocol parser took
 * 3–4 times as long as the query, a slice per field (issue 45, decision 066).
 */
export interface AsRunSpots {
  id: string[];
  estimateId: string[];
  estimateItemId: (string | null)[];
  scheduleLineId: (string | null)[];
  daypartId: string[];
  houseCode: string[];
  airDate: string[];
  scheduledAt: number[];
  status: AsRunSpotStatus[];
  missedByClose: boolean[];
  noCharge: boolean[];
  /**
   * The heap page the spot's row is on (its ctid's block), a hint only: the import settles its spots in this order,
   * so that each page is written once (settleReportedSpots). A row another transaction moves is still found by id.
   */
  page: number[];
}

const COLUMNS: Record<keyof AsRunSpots, SQL> = {
  id: sql`s.id`,
  estimateId: sql`s.estimate_id`,
  estimateItemId: sql`s.estimate_item_id`,
  scheduleLineId: sql`s.schedule_line_id`,
  daypartId: sql`s.daypart_id`,
  houseCode: sql`s.house_code`,
  airDate: sql`s.air_date::text`,
  scheduledAt: sql`floor(extract(epoch from s.scheduled_at) * 1000)::float8`,
  status: sql`s.status`,
  missedByClose: sql`s.missed_by_close`,
  noCharge: sql`s.no_charge`,
  page: sql`(s.ctid::text::point)[0]`,
};

/** The spots `where` names (`s` is traffic_spots in `from`), as columns: every aggregate of one query sees its rows in the same order. */
const asRunSpotsWhere = async (tx: Tx, where: SQL, from: SQL = sql`traffic_spots s`): Promise<AsRunSpots> => {
  const columns = sql.join(
    Object.entries(COLUMNS).map(([name, value]) => sql`${name}::text, coalesce(json_agg(${value}), '[]'::json)`),
    sql`, `,
  );
  const { rows } = (await tx.execute(sql`select json_build_object(${columns}) as spots from ${from} where ${where}`)) as unknown as {
    rows: { spots: AsRunSpots }[];
  };
  return rows[0]!.spots;
};

/**
 * The channel's spots of these house codes on these ranges of broadcast days (`codes[i]` from `froms[i]`
 * to `tos[i]`, both included; domain/as-run-near-days makes them from a file's rows): one probe of
 * `traffic_spots_house_day_idx` per range. A spot is answered once when the ranges of a code do not overlap.
 */
export const asRunSpotsInRanges = (
  tx: Tx,
  channelId: string,
  ranges: { codes: readonly string[]; froms: readonly string[]; tos: readonly string[] },
): Promise<AsRunSpots> =>
  asRunSpotsWhere(
    tx,
    sql`s.channel_id = ${channelId}`,
    sql`unnest(${textArray(ranges.codes)}, ${textArray(ranges.froms)}::date[], ${textArray(ranges.tos)}::date[]) v(code, from_day, to_day)
      join traffic_spots s on s.house_code = v.code and s.air_date between v.from_day and v.to_day`,
  );

/** The channel's spots of these ids (an as-run row may name its spot). */
export const asRunSpotsByIds = (tx: Tx, channelId: string, ids: readonly string[]): Promise<AsRunSpots | null> =>
  ids.length === 0 ? Promise.resolve(null) : asRunSpotsWhere(tx, sql`s.channel_id = ${channelId} and s.id = any(${sqlArray(ids, 'uuid')})`);

const auditSource = (tx: Tx, importId: string | null) =>
  tx.execute(sql`select set_config('spotbook.audit_source', ${importId === null ? '' : `as-run:${importId}`}, true)`);

/** What an as-run row reported of its spot: aired (at an instant, ISO, for a length) or missed. */
export interface ReportedSpots {
  ids: string[];
  aired: boolean[];
  /** ISO instants; null for a missed spot. */
  at: (string | null)[];
  seconds: (number | null)[];
}

/**
 * Settles the spots the import's rows reported: aired (at, actual length) or missed; either way no longer
 * missed by a closing, and settled by this import. One statement per part (the caller's generator makes
 * each while the one before runs: executeInTurn); a missed spot keeps its airing columns. Each spot is named
 * once (a row settles a spot for the rows after it). Parts of spots on the same pages (AsRunSpots.page) write
 * each page once; parts in the file's order would write most of the table's pages for each part.
 */
export const settleReportedSpots = async (tx: Tx, importId: string, parts: Iterable<ReportedSpots>): Promise<void> => {
  await auditSource(tx, importId);
  const statements = function* () {
    for (const spots of parts) {
      if (spots.ids.length === 0) continue;
      // The spots are found through the primary key (`= any` of the part's ids): joined by hash, the whole table
      // would be read for each part, as the planner judges a table of a few parts' spots.
      yield sql`
      with v as (select * from unnest(${sqlArray(spots.ids, 'uuid')}, ${sqlArray(spots.aired, 'bool')},
        ${sqlArray(spots.at, 'timestamptz')}, ${sqlArray(spots.seconds, 'int')}) v(id, aired, at, seconds))
      update traffic_spots s set status = case when v.aired then 'aired' else 'missed' end, missed_by_close = false,
        aired_at = case when v.aired then v.at else s.aired_at end,
        actual_duration_seconds = case when v.aired then v.seconds else s.actual_duration_seconds end,
        as_run_import_id = ${importId}, updated_at = now()
      from v
      where s.id = v.id and s.id = any(array(select id from v))`;
    }
  };
  // The one key these statements write (as_run_import_id) is the import's own row, inserted by this transaction, and
  // the audit trigger would skip them (every row they change carries that import's id): held keys (decision 065).
  await withHeldKeys(tx, () => executeInTurn(tx, statements()));
  await auditSource(tx, null);
};

/** A spot a closing made missed, with the status it had before (its audit event's "before"). */
export interface ClosedSpot {
  id: string;
  airDate: string;
  scheduledAt: Date;
  houseCode: string;
  estimateId: string;
  previousStatus: string;
}

/**
 * What the file covers is settled (decision 044): the channel's spots there in one of `statuses` (those
 * no row reported) are missed, by a closing of this import. Answers them, by scheduled time.
 */
export const closeUnreportedSpots = async (
  tx: Tx,
  { importId, channelId, closing, statuses }: { importId: string; channelId: string; closing: Closing; statuses: readonly AsRunSpotStatus[] },
): Promise<ClosedSpot[]> => {
  let where: SQL | undefined;
  if (closing.kind === 'days')
    where = and(eq(trafficSpots.channelId, channelId), inArray(trafficSpots.airDate, closing.days), inArray(trafficSpots.status, [...statuses]));
  else if (closing.kind === 'range')
    where = and(
      eq(trafficSpots.channelId, channelId),
      sql`${trafficSpots.scheduledAt} between ${new Date(closing.from).toISOString()}::timestamptz and ${new Date(closing.to).toISOString()}::timestamptz`,
      inArray(trafficSpots.status, [...statuses]),
    );
  if (!where) return [];
  await auditSource(tx, importId);
  // The status each spot had before, read in the same statement.
  const { rows } = (await tx.execute(sql`
    update traffic_spots s set status = 'missed', missed_by_close = true, as_run_import_id = ${importId}, updated_at = now()
    from (select ${trafficSpots.id} as id, ${trafficSpots.status} as status from ${trafficSpots} where ${where} for update) o
    where s.id = o.id
    returning s.id, s.air_date as "airDate", s.scheduled_at as "scheduledAt", s.house_code as "houseCode", s.estimate_id as "estimateId", o.status as "previousStatus"`)) as unknown as {
    rows: { id: string; airDate: string; scheduledAt: Date | string; houseCode: string; estimateId: string; previousStatus: string }[];
  };
  await auditSource(tx, null);
  return rows.map((row) => ({ ...row, scheduledAt: new Date(row.scheduledAt) })).sort((a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime());
};

/** Per order an import settled spots of: its spots' counts by status now, by order id. */
export const spotCountsOfImportOrders = async (tx: Tx, importId: string) => {
  const count = (status: string) => sql<number>`(count(*) filter (where ${trafficSpots.status} = ${status}))::int`.mapWith(Number);
  const touched = tx.selectDistinct({ id: trafficSpots.estimateId }).from(trafficSpots).where(eq(trafficSpots.asRunImportId, importId));
  return tx
    .select({
      estimateId: trafficSpots.estimateId,
      aired: count('aired'),
      missed: count('missed'),
      madeGood: count('made_good'),
      unconfirmed: count('unconfirmed'),
      scheduled: count('scheduled'),
    })
    .from(trafficSpots)
    .where(inArray(trafficSpots.estimateId, touched))
    .groupBy(trafficSpots.estimateId)
    .orderBy(trafficSpots.estimateId);
};
