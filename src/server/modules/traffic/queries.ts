/** Reading the traffic log: a broadcast day (admins) and an order's own spots (its owner or admins). */
import type { StationTime } from '../../../domain/dates';
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { addDays, daysBetween } from '../../../domain/dates';
import { airsOn, tookAPlace } from '../../../domain/traffic';
import { TRAFFIC_MESSAGES, type OrderSpots, type TrafficLog, type TrafficSpot } from '../../../domain/traffic-schemas';
import type { OrderActor } from '../../../domain/orders';
import { trafficDays, trafficSpots } from '../../db/schema';
import { daypartWindowsView } from '../dayparts/public';
import type { Db, Tx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { readableOrder } from '../orders/public';
import { channelClockOf } from '../channels/public';
import { selectSpotRows, separationConflictOf, type SpotRow } from './spot-rows';
import { programsOfChannel, type ProgramRow } from '../programs/public';
import { programAt } from '../../../domain/programs';

const selectSpots = (db: Tx, where: SQL | undefined) =>
  selectSpotRows(db, where).orderBy(asc(trafficSpots.scheduledAt), asc(trafficSpots.position), asc(trafficSpots.id));

/** Each channel's programs, for the channels of these rows (one query per channel). */
const programsFor = async (db: Tx, rows: readonly SpotRow[]): Promise<Map<string, ProgramRow[]>> => {
  const channelIds = [...new Set(rows.map((r) => r.spot.channelId))];
  return new Map(await Promise.all(channelIds.map(async (id) => [id, await programsOfChannel(db, id)] as const)));
};

/** The program a spot airs in: when it aired, else when it is scheduled (decision 060). */
const programOf = (spot: SpotRow['spot'], programs: Map<string, ProgramRow[]>, timeZone: string) =>
  programAt(programs.get(spot.channelId) ?? [], spot.airedAt ?? spot.scheduledAt, timeZone)?.name ?? null;

const toSpot =
  (time: StationTime, programs: Map<string, ProgramRow[]>) =>
  (row: SpotRow): TrafficSpot => {
    const { spot, daypartName, brandName, estimateName, adId, title } = row;
    return {
      id: spot.id,
      air_date: spot.airDate,
      scheduled_at: spot.scheduledAt.toISOString(),
      local_time: time.clockOf(spot.scheduledAt),
      break_at: spot.breakAt.toISOString(),
      position: spot.position,
      daypart_id: spot.daypartId,
      daypart_name: daypartName,
      brand_id: spot.brandId,
      brand_name: brandName,
      estimate_id: spot.estimateId,
      estimate_name: estimateName || null,
      media_asset_id: spot.mediaAssetId,
      house_code: spot.houseCode,
      ad_id: adId,
      title,
      no_ad_id: adId === null,
      duration_seconds: spot.durationSeconds,
      status: spot.status,
      aired_at: spot.airedAt?.toISOString() ?? null,
      makegood_offer_id: spot.makegoodOfferId,
      adu: spot.noCharge,
      simulated: spot.simulated,
      added_after_export: spot.addedAfterExportAt !== null,
      moved_from_date: spot.movedFromDate,
      desk_action: spot.deskAction,
      desk_reason: spot.deskReason,
      separation_conflict: separationConflictOf(row),
      program: programOf(spot, programs, time.timeZone),
    };
  };

/** What master control must hear about again: spots placed, cancelled or restored after the export, and those the desk preempted (decision 058). */
const CHANGEABLE = new Set(['scheduled', 'cancelled']);
const changeable = (spot: SpotRow['spot']) => CHANGEABLE.has(spot.status) || (spot.status === 'missed' && spot.deskAction === 'preempted');
const changedSince = (rows: readonly SpotRow[], exportedAt: Date) =>
  rows.filter(({ spot }) => changeable(spot) && (spot.updatedAt > exportedAt || (spot.addedAfterExportAt !== null && spot.addedAfterExportAt > exportedAt)));

/** One spot of the log as the log lists it; undefined when there is none. */
export const spotById = async (db: Tx, time: StationTime, id: string): Promise<TrafficSpot | undefined> => {
  const [row] = await selectSpots(db, eq(trafficSpots.id, id));
  // Its local time is its channel's (decision 053, "Time zones").
  return row ? toSpot(await channelClockOf(db, time, row.spot.channelId), await programsFor(db, [row]))(row) : undefined;
};

/** Whether the channel's day has been placed (a move to a day beyond the horizon places it first). */
export const isDayPlaced = async (db: Tx, channelId: string, date: string): Promise<boolean> => {
  const [day] = await db
    .select({ digest: trafficDays.inputsDigest })
    .from(trafficDays)
    .where(and(eq(trafficDays.channelId, channelId), eq(trafficDays.airDate, date)))
    .limit(1);
  return Boolean(day && day.digest !== '');
};

/** GET /traffic/logs/:date: the day's spots in air order and each daypart's fill. */
export const getTrafficLog = async ({
  db,
  time,
  channelId,
  date,
  onlyChanges = false,
}: {
  db: Db;
  time: StationTime;
  /** The channel whose log it is (decision 053). */
  channelId: string;
  date: string;
  /** Only the spots changed since the last export (the "changes" export). */ onlyChanges?: boolean;
}): Promise<TrafficLog> => {
  const [[day], parts, rows] = await Promise.all([
    db
      .select()
      .from(trafficDays)
      .where(and(eq(trafficDays.channelId, channelId), eq(trafficDays.airDate, date)))
      .limit(1),
    db
      .select()
      .from(daypartWindowsView)
      .where(eq(daypartWindowsView.channelId, channelId))
      .orderBy(asc(daypartWindowsView.startTime), asc(daypartWindowsView.name)),
    selectSpots(db, and(eq(trafficSpots.channelId, channelId), eq(trafficSpots.airDate, date))),
  ]);
  const exportedAt = day?.exportedAt ?? null;
  const changed = exportedAt ? changedSince(rows, exportedAt) : [];
  const spots = (onlyChanges && exportedAt ? changed : rows).map(toSpot(time, await programsFor(db, rows)));
  return {
    date,
    channel_id: channelId,
    time_zone: time.timeZone,
    built_at: day && day.inputsDigest !== '' ? day.builtAt.toISOString() : null,
    exported_at: day?.exportedAt?.toISOString() ?? null,
    first_exported_at: day?.firstExportedAt?.toISOString() ?? null,
    placed: Boolean(day && day.inputsDigest !== ''),
    changes_since_export: changed.length,
    dayparts: parts.map((d) => ({
      id: d.id,
      name: d.name,
      start_time: d.startTime,
      end_time: d.endTime,
      airs: airsOn(d, date),
      capacity: airsOn(d, date) ? d.spotFrequency : 0,
      placed: rows.filter(({ spot }) => spot.daypartId === d.id && tookAPlace(spot.status)).length,
    })),
    spots,
  };
};

/**
 * The first export hands the day to master control: from then on its times stay as sent. Each export
 * moves `exported_at` (the changes-only export counts from the latest); `first_exported_at` keeps the first (issue 44).
 */
export const markExported = async (db: Db, channelId: string, date: string, at: Date) => {
  await db.insert(trafficDays).values({ channelId, airDate: date, inputsDigest: '', exportedAt: at, firstExportedAt: at }).onConflictDoNothing();
  await db
    .update(trafficDays)
    .set({ exportedAt: at, firstExportedAt: sql`coalesce(${trafficDays.firstExportedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(trafficDays.channelId, channelId), eq(trafficDays.airDate, date)));
};

const MAX_RANGE_DAYS = 366;

/** GET /estimates/:id/spots: the order's spots by broadcast day, from `from` (default today) to `to` (default 30 days on). */
export const orderSpots = async ({
  db,
  time,
  actor,
  id,
  from,
  to,
}: {
  db: Db;
  time: StationTime;
  actor: OrderActor;
  id: string;
  from?: string;
  to?: string;
}): Promise<OrderSpots> => {
  const order = await readableOrder(db, actor, id);
  // The order's channel's days and clock (decision 053, "Time zones").
  const clock = await channelClockOf(db, time, order.channelId);
  const start = from ?? (order.startDate && order.startDate > clock.today() ? order.startDate : clock.today());
  const end = to ?? addDays(start, 30);
  if (end < start || daysBetween(start, end) >= MAX_RANGE_DAYS) throw badRequest(TRAFFIC_MESSAGES.badRange);
  const rows = await selectSpots(db, and(eq(trafficSpots.estimateId, order.id), gte(trafficSpots.airDate, start), lte(trafficSpots.airDate, end)));
  const byDay = new Map<string, TrafficSpot[]>();
  for (const spot of rows.map(toSpot(clock, await programsFor(db, rows)))) byDay.set(spot.air_date, [...(byDay.get(spot.air_date) ?? []), spot]);
  return {
    estimate_id: order.id,
    from: start,
    to: end,
    time_zone: clock.timeZone,
    days: [...byDay.entries()].map(([date, spots]) => ({ date, spots })),
  };
};
