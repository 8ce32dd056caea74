/**
 * Late bookings (decision 031): a day master control already has (exported) or that has begun to air
 * keeps its times, but a booking it lacks is not dropped. What the placement would hold beyond what
 * the day has, booking by booking, is added after the spots already in its break, stamped
 * `added_after_export_at`, so the log says "N changes since export — export again". A spot whose time
 * has already passed is not added here (that airtime is gone): it moves to the nearest free day of
 * its window (`moveClosedSpots`).
 */
import { and, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import { addDays } from '../../../domain/dates';
import type { DayName } from '../../../domain/rate-card';
import { lineMoveDays } from '../../../domain/schedule-days';
import { airsOn, nearestFreeDay, orderLineOf, type DaypartWindow, type PlacedSpot } from '../../../domain/traffic';
import { trafficDays, trafficMoves, trafficSpots } from '../../db/schema';
import { orderScheduleLinesView, orderSchedulesView } from '../orders/views';
import { takenCounter } from '../makegoods/capacity';
import type { Tx } from '../../platform/db';

const keyOf = (s: { estimateItemId: string | null; scheduleLineId: string | null; makegoodOfferId: string | null; estimateId: string }) =>
  `${s.estimateId}|${orderLineOf(s)}|${s.makegoodOfferId ?? ''}`;

/**
 * Adds the spots a frozen day lacks; answers how many were added and the spots whose time had
 * already passed (`passed`: the caller moves them to the nearest free day of their window).
 * `movedAway` counts, by key, the spots already moved off this day: they are not lacking.
 */
export const addLateSpots = async (
  tx: Tx,
  channelId: string,
  date: string,
  placement: readonly PlacedSpot[],
  now: Date,
  movedAway: ReadonlyMap<string, number> = new Map(),
): Promise<{ added: number; passed: PlacedSpot[] }> => {
  const existing = await tx
    .select()
    .from(trafficSpots)
    .where(and(eq(trafficSpots.channelId, channelId), eq(trafficSpots.airDate, date)));
  const have = new Map<string, number>(movedAway);
  for (const spot of existing) have.set(keyOf(spot), (have.get(keyOf(spot)) ?? 0) + 1);
  const wanted = new Map<string, PlacedSpot[]>();
  for (const spot of placement) wanted.set(keyOf(spot), [...(wanted.get(keyOf(spot)) ?? []), spot]);

  // Where each break of each daypart ends now: a late spot runs after what is already there.
  const breakEnd = new Map<string, { at: number; count: number }>();
  const breakKey = (daypartId: string, breakAt: Date) => `${daypartId}|${breakAt.getTime()}`;
  for (const spot of existing) {
    const key = breakKey(spot.daypartId, spot.breakAt);
    const end = spot.scheduledAt.getTime() + spot.durationSeconds * 1000;
    const known = breakEnd.get(key);
    breakEnd.set(key, { at: Math.max(known?.at ?? 0, end), count: Math.max(known?.count ?? 0, spot.position) });
  }

  const added: (typeof trafficSpots.$inferInsert)[] = [];
  const passed: PlacedSpot[] = [];
  for (const [key, spots] of wanted) {
    const missing = spots.length - (have.get(key) ?? 0);
    if (missing <= 0) continue;
    for (const spot of spots.slice(spots.length - missing)) {
      const slot = breakKey(spot.daypartId, spot.breakAt);
      const end = breakEnd.get(slot);
      const scheduledAt = new Date(Math.max(spot.breakAt.getTime(), end?.at ?? 0));
      if (scheduledAt.getTime() <= now.getTime()) {
        passed.push(spot);
        continue;
      }
      const position = (end?.count ?? 0) + 1;
      breakEnd.set(slot, { at: scheduledAt.getTime() + spot.durationSeconds * 1000, count: position });
      added.push({ ...spot, scheduledAt, position, addedAfterExportAt: now, updatedAt: now });
    }
  }
  if (added.length > 0) await tx.insert(trafficSpots).values(added);
  return { added: added.length, passed };
};

/**
 * Spots a closed day could not take (their time had passed): each goes to the nearest free day of
 * its window (after the closed day, within its order's flight, on the daypart's days, on a day not
 * yet exported and with room; a schedule line's spot on the line's days of the same week), recorded in `traffic_moves`; with no such day, the move is recorded
 * without a day so the traffic desk sees the shortfall. Answers the days that gained a spot.
 */
export const moveClosedSpots = async ({
  tx,
  channelId,
  date,
  passed,
  dayparts,
  flightEnd,
}: {
  tx: Tx;
  channelId: string;
  date: string;
  passed: readonly PlacedSpot[];
  dayparts: readonly DaypartWindow[];
  flightEnd: (spot: PlacedSpot) => string | undefined;
}): Promise<string[]> => {
  const movable = passed.filter((s) => s.status === 'scheduled' && s.makegoodOfferId === null && (s.estimateItemId !== null || s.scheduleLineId !== null));
  if (movable.length === 0) return [];
  // A schedule line's spot moves within its week, on the line's days (decision 056): the week's buy holds.
  const lineIds = [...new Set(movable.map((s) => s.scheduleLineId).filter((id): id is string => !!id))];
  const lineDays = new Map<string, string[]>();
  if (lineIds.length > 0)
    for (const row of await tx
      .select({
        id: orderScheduleLinesView.id,
        days: orderScheduleLinesView.days,
        startDate: orderSchedulesView.startDate,
        endDate: orderSchedulesView.endDate,
        weekStartDay: orderSchedulesView.weekStartDay,
      })
      .from(orderScheduleLinesView)
      .innerJoin(orderSchedulesView, eq(orderSchedulesView.estimateId, orderScheduleLinesView.estimateId))
      .where(inArray(orderScheduleLinesView.id, lineIds)))
      lineDays.set(row.id, lineMoveDays({ startDate: row.startDate, endDate: row.endDate, weekStartDay: row.weekStartDay as DayName }, row, date));
  const lastOf = (s: PlacedSpot) => (s.scheduleLineId ? (lineDays.get(s.scheduleLineId)?.at(-1) ?? date) : (flightEnd(s) ?? date));
  const moveOf = (s: PlacedSpot, to: string | null) => ({
    estimateId: s.estimateId,
    estimateItemId: s.estimateItemId,
    scheduleLineId: s.estimateItemId ? null : s.scheduleLineId,
    daypartId: s.daypartId,
    fromDate: date,
    toDate: to,
  });
  const last = movable.reduce((max, s) => {
    const end = lastOf(s);
    return end > max ? end : max;
  }, date);
  if (last <= date) {
    await tx.insert(trafficMoves).values(movable.map((s) => moveOf(s, null)));
    return [];
  }
  const first = addDays(date, 1);
  const [taken, exported] = await Promise.all([
    takenCounter(tx, first, last),
    tx
      .select({ airDate: trafficDays.airDate })
      .from(trafficDays)
      .where(and(eq(trafficDays.channelId, channelId), isNotNull(trafficDays.exportedAt), gte(trafficDays.airDate, first), lte(trafficDays.airDate, last))),
  ]);
  const closed = new Set(exported.map((d) => d.airDate));
  const byId = new Map(dayparts.map((d) => [d.id, d]));
  const targets = new Set<string>();
  for (const spot of movable) {
    const daypart = byId.get(spot.daypartId);
    const end = lastOf(spot);
    const days = spot.scheduleLineId ? new Set(lineDays.get(spot.scheduleLineId) ?? []) : null;
    const to = daypart
      ? nearestFreeDay({
          daypart,
          closed: date,
          last: end,
          taken: (d) => taken.taken(daypart, d),
          open: (d) => !closed.has(d) && (days === null || (days.has(d) && airsOn(daypart, d))),
        })
      : null;
    if (to) {
      taken.hold(spot.daypartId, to);
      targets.add(to);
    }
    await tx.insert(trafficMoves).values(moveOf(spot, to));
  }
  return [...targets].sort();
};

/** The spots already moved off a day, by booking key (they are no longer lacking there). */
export const movedAwayFrom = async (tx: Tx, date: string): Promise<Map<string, number>> => {
  const rows = await tx
    .select({ estimateId: trafficMoves.estimateId, estimateItemId: trafficMoves.estimateItemId, scheduleLineId: trafficMoves.scheduleLineId })
    .from(trafficMoves)
    .where(eq(trafficMoves.fromDate, date));
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = keyOf({ ...row, makegoodOfferId: null });
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
};
