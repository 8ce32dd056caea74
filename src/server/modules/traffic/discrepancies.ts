/**
 * GET /traffic/discrepancies (admins, decision 031): what the traffic desk must look at — spots no
 * as-run confirmed, missed spots without a makegood decision, as-run rows that matched nothing, and
 * spots booked after their day went to master control, spots aired off their scheduled time, past
 * days never placed (issue 44), spots moved off a closed day, completed orders with spots no as-run
 * confirmed, and spots to air placed against the product separation (decision 059, soonest first).
 * Newest first otherwise, at most 200 of each.
 */
import type { StationTime } from '../../../domain/dates';
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { OFF_SCHEDULE_SECONDS, offScheduleNote } from '../../../domain/as-run-match';
import { addDays } from '../../../domain/dates';
import type { Discrepancies, DiscrepancySpot } from '../../../domain/traffic-schemas';
import { trafficMoves, trafficSpots } from '../../db/schema';
import { brandNamesView } from '../brands/public';
import { daypartWindowsView } from '../dayparts/public';
import { mediaNamesView } from '../media/public';
import { ordersView } from '../orders/views';
import { notConfirmedWhere } from './unconfirmed';
import { unplacedDays } from './unplaced-days';
import type { Db } from '../../platform/db';
import { latestUnmatchedRows } from '../as-run/unmatched-list';
import { isUndecided, makegoodStatusOfSpots } from '../makegoods/decisions';
import { selectSpotRows, separationConflictOf, type SpotRow } from './spot-rows';
import { channelClocks, type ChannelClocks } from '../channels/public';

const LIMIT = 200;

const spotRowsWhere = (db: Db, where: SQL | undefined, limit: number, soonestFirst = false) =>
  selectSpotRows(db, where)
    .orderBy(soonestFirst ? asc(trafficSpots.scheduledAt) : desc(trafficSpots.scheduledAt))
    .limit(limit);

/** A spot's times are on its channel's wall clock (decision 053, "Time zones"). */
const toDiscrepancySpot = (clocks: ChannelClocks) => (row: SpotRow) => {
  const { spot, daypartName, brandName, estimateName } = row;
  return {
    id: spot.id,
    air_date: spot.airDate,
    local_time: clocks.of(spot.channelId).clockOf(spot.scheduledAt),
    daypart_name: daypartName,
    house_code: spot.houseCode,
    estimate_id: spot.estimateId,
    estimate_name: estimateName || null,
    brand_name: brandName,
    status: spot.status,
    separation_conflict: separationConflictOf(row),
  };
};

const spotsWhere = async (db: Db, clocks: ChannelClocks, where: SQL | undefined, limit = LIMIT, soonestFirst = false) =>
  (await spotRowsWhere(db, where, limit, soonestFirst)).map(toDiscrepancySpot(clocks));

/** Drops the separation conflict a list of spots does not publish. */
const plain = ({ separation_conflict: _, ...spot }: Awaited<ReturnType<typeof spotsWhere>>[number]): DiscrepancySpot => spot;

/** Spots of the last 7 days that aired more than a minute off their scheduled time, with the airing's time and by how much. */
const offScheduleSpots = async (db: Db, time: StationTime, clocks: ChannelClocks, channels: SQL | undefined): Promise<Discrepancies['off_schedule']> =>
  (
    await spotRowsWhere(
      db,
      and(
        channels,
        eq(trafficSpots.status, 'aired'),
        gte(trafficSpots.airDate, addDays(time.today(), -7)),
        sql`abs(extract(epoch from ${trafficSpots.airedAt} - ${trafficSpots.scheduledAt})) > ${OFF_SCHEDULE_SECONDS}`,
      ),
      LIMIT,
    )
  ).map((row) => ({
    ...plain(toDiscrepancySpot(clocks)(row)),
    aired_time: clocks.of(row.spot.channelId).clockOf(row.spot.airedAt!),
    off_by: offScheduleNote(row.spot.scheduledAt.getTime(), row.spot.airedAt!.getTime()) ?? '',
  }));

/** Spots moved off a closed day (decision 031), newest first. */
const movedSpots = async (db: Db, today: string, ordersOf: SQL | undefined): Promise<Discrepancies['moved_spots']> =>
  (
    await db
      .select({ move: trafficMoves, daypartName: daypartWindowsView.name, brandName: brandNamesView.commonName, estimateName: ordersView.estimateName })
      .from(trafficMoves)
      .innerJoin(daypartWindowsView, eq(daypartWindowsView.id, trafficMoves.daypartId))
      .innerJoin(ordersView, eq(ordersView.id, trafficMoves.estimateId))
      .leftJoin(brandNamesView, eq(brandNamesView.id, ordersView.brandId))
      .where(and(ordersOf, or(isNull(trafficMoves.toDate), gte(trafficMoves.toDate, today))))
      .orderBy(desc(trafficMoves.createdAt), asc(trafficMoves.id))
      .limit(LIMIT)
  ).map(({ move, daypartName, brandName, estimateName }) => ({
    estimate_id: move.estimateId,
    estimate_name: estimateName || null,
    brand_name: brandName,
    daypart_name: daypartName,
    from_date: move.fromDate,
    to_date: move.toDate,
    moved_at: move.createdAt.toISOString(),
  }));

/** Completed orders with spots no as-run confirmed (the station clock completed them with a warning). */
const completedUnconfirmed = async (db: Db, now: Date, ordersOf: SQL | undefined): Promise<Discrepancies['completed_unconfirmed']> =>
  (
    await db
      .select({ id: ordersView.id, name: ordersView.estimateName, brandName: brandNamesView.commonName, endDate: ordersView.endDate, n: count() })
      .from(trafficSpots)
      .innerJoin(ordersView, eq(ordersView.id, trafficSpots.estimateId))
      .leftJoin(brandNamesView, eq(brandNamesView.id, ordersView.brandId))
      .where(and(ordersOf, eq(ordersView.status, 'completed'), notConfirmedWhere(now)))
      .groupBy(ordersView.id, ordersView.estimateName, brandNamesView.commonName, ordersView.endDate)
      .orderBy(desc(ordersView.endDate), asc(ordersView.id))
      .limit(LIMIT)
  ).map((r) => ({ estimate_id: r.id, estimate_name: r.name || null, brand_name: r.brandName, end_date: r.endDate, unconfirmed_spots: Number(r.n) }));

export const listDiscrepancies = async ({
  db,
  time,
  channels,
}: {
  db: Db;
  time: StationTime;
  /** The channels covered (decision 053); null: every channel. */
  channels: readonly string[] | null;
}): Promise<Discrepancies> => {
  const today = time.today();
  const clocks = await channelClocks(db, time);
  const inChannels = (where: SQL | undefined) => and(channels ? inArray(trafficSpots.channelId, [...channels]) : undefined, where);
  const spotsOf = async (where: SQL | undefined, limit?: number) => (await spotsWhere(db, clocks, inChannels(where), limit)).map(plain);
  const ordersOf = channels ? inArray(ordersView.channelId, [...channels]) : undefined;
  const [moved, completed, offSchedule, unplaced] = await Promise.all([
    movedSpots(db, today, ordersOf),
    completedUnconfirmed(db, time.now(), ordersOf),
    offScheduleSpots(db, time, clocks, channels ? inArray(trafficSpots.channelId, [...channels]) : undefined),
    unplacedDays(db, today, channels),
  ]);
  const [unconfirmed, missed, unmatched, late, noAdId, conflicts] = await Promise.all([
    spotsOf(eq(trafficSpots.status, 'unconfirmed')),
    spotsOf(eq(trafficSpots.status, 'missed'), LIMIT * 5),
    latestUnmatchedRows(db, LIMIT, channels),
    spotsOf(and(isNotNull(trafficSpots.addedAfterExportAt), inArray(trafficSpots.status, ['scheduled']), gte(trafficSpots.airDate, today))),
    spotsOf(and(isNull(mediaNamesView.adId), eq(trafficSpots.status, 'scheduled'), gte(trafficSpots.airDate, today))),
    spotsWhere(
      db,
      clocks,
      inChannels(and(isNotNull(trafficSpots.separationConflictBrandId), eq(trafficSpots.status, 'scheduled'), gt(trafficSpots.scheduledAt, time.now()))),
      LIMIT,
      true,
    ),
  ]);
  const decisions = await makegoodStatusOfSpots(
    db,
    missed.map((s) => s.id),
  );
  const undecided = missed
    .filter((s) => isUndecided(decisions.get(s.id)))
    .slice(0, LIMIT)
    .map((s) => ({ ...s, makegood_status: decisions.get(s.id) ?? null }));
  return {
    unconfirmed,
    missed_undecided: undecided,
    unmatched_rows: unmatched,
    late_bookings: late,
    off_schedule: offSchedule,
    unplaced_days: unplaced,
    moved_spots: moved,
    completed_unconfirmed: completed,
    no_ad_id: noAdId,
    separation_conflicts: conflicts.flatMap(({ separation_conflict, ...spot }) => (separation_conflict ? [{ ...spot, separation_conflict }] : [])),
  };
};
