/**
 * The traffic desk's actions on one spot (issue 44, decision 058). Each runs in one transaction under
 * the spot's row lock, only on a scheduled spot whose time has not come, and leaves the order as it
 * is (an Active order stays Active):
 * - preempt: the spot is missed, as an as-run's missed spot is (the affidavit lists it, it is not
 *   billed), and a makegood is offered for it;
 * - cancel: the spot is cancelled (neither aired nor billed);
 * - move: the spot is cancelled where it was ("moved") and a new spot of the same booking is placed at
 *   the desk's time (the BXF changes deletes the one and adds the other).
 * The day acted on (both days of a move) is held: placement no longer rewrites it, so the desk's
 * decision stands; its separation conflicts are read again (decision 059). The audit trail records each change (its status and the desk's reason, with who),
 * and the order's owner is notified after the commit.
 */
import { and, eq, sql } from 'drizzle-orm';
import { formatCalendarDate } from '../../../domain/display-dates';
import { localClockOf } from '../../../domain/dates';
import { DESK_MESSAGES, checkMove, type SpotMove } from '../../../domain/traffic-desk';
import type { DeskAction } from '../../../domain/traffic';
import { trafficDays, trafficSpots } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { daypartsByIds } from '../dayparts/public';
import { offerMakegoods } from '../makegoods/offer';
import { stationAutoOffersMakegoods } from '../station/public';
import type { Staged } from '../notifications';
import { stageSpotChanged } from '../notifications/events';
import { ordersView } from '../orders/views';
import { refreshSeparationConflicts } from './separation';

interface DeskContext {
  db: Db;
  id: string;
  now: Date;
  timeZone: string;
}

/** Placement no longer rewrites the day (build.ts treats a held day as frozen). */
const holdDay = async (tx: Tx, channelId: string, date: string, now: Date) => {
  await tx.insert(trafficDays).values({ channelId, airDate: date, inputsDigest: '' }).onConflictDoNothing();
  await tx
    .update(trafficDays)
    .set({ heldAt: sql`coalesce(${trafficDays.heldAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(trafficDays.channelId, channelId), eq(trafficDays.airDate, date)));
};

/**
 * Holds the spot's day, then answers the spot and its order, locked; 404 when there is no such spot,
 * 409 when it is no longer the desk's to change. The day's row is locked first, as the station clock
 * locks it before the day's spots, so the two never wait on each other.
 */
const lockSpot = async (tx: Tx, id: string, now: Date) => {
  const [where] = await tx
    .select({ channelId: trafficSpots.channelId, airDate: trafficSpots.airDate })
    .from(trafficSpots)
    .where(eq(trafficSpots.id, id))
    .limit(1);
  if (!where) throw notFound(DESK_MESSAGES.notFound);
  await holdDay(tx, where.channelId, where.airDate, now);
  const [row] = await tx
    .select({
      spot: trafficSpots,
      order: {
        id: ordersView.id,
        ownerId: ordersView.ownerId,
        estimateName: ordersView.estimateName,
        startDate: ordersView.startDate,
        endDate: ordersView.endDate,
      },
    })
    .from(trafficSpots)
    .innerJoin(ordersView, eq(ordersView.id, trafficSpots.estimateId))
    .where(eq(trafficSpots.id, id))
    .for('update', { of: trafficSpots })
    .limit(1);
  if (!row) throw notFound(DESK_MESSAGES.notFound);
  if (row.spot.status !== 'scheduled' || row.spot.scheduledAt <= now) throw conflict(DESK_MESSAGES.notOpen);
  return row;
};

const when = (at: Date, date: string, timeZone: string) => `${formatCalendarDate(date)} at ${localClockOf(at, timeZone).slice(0, 5)}`;

const settle = async (tx: Tx, id: string, status: 'missed' | 'cancelled', action: DeskAction, reason: string, now: Date) =>
  tx.update(trafficSpots).set({ status, deskAction: action, deskReason: reason, deskActedAt: now, updatedAt: now }).where(eq(trafficSpots.id, id));

/** POST /traffic/spots/:id/preempt: missed, with a makegood offered as for a missed spot. */
export const preemptSpot = ({ db, id, now, timeZone, reason, expiryHours }: DeskContext & { reason: string; expiryHours: number }) =>
  db.transaction(async (tx) => {
    const { spot, order } = await lockSpot(tx, id, now);
    await settle(tx, id, 'missed', 'preempted', reason, now);
    await refreshSeparationConflicts(tx, spot.channelId, spot.airDate);
    const staged: Staged[] = [await stageSpotChanged(tx, order, `the spot of ${when(spot.scheduledAt, spot.airDate, timeZone)} was preempted (${reason})`)];
    // As for an as-run's missed spot: offered at once when the station says so, else by the desk (Discrepancies).
    if (await stationAutoOffersMakegoods(tx)) staged.push(...(await offerMakegoods({ tx, spotIds: [id], now, timeZone, expiryHours })).staged);
    return { spotId: id, staged, message: 'The spot was preempted' };
  });

/** POST /traffic/spots/:id/makegood: the desk offers a makegood for a missed spot with no makegood decision yet. */
export const offerSpotMakegood = ({ db, id, now, timeZone, expiryHours }: DeskContext & { expiryHours: number }) =>
  db.transaction(async (tx) => {
    // Locked: two clicks never offer twice.
    const [spot] = await tx.select({ status: trafficSpots.status }).from(trafficSpots).where(eq(trafficSpots.id, id)).for('update').limit(1);
    if (!spot) throw notFound(DESK_MESSAGES.notFound);
    const { made, staged } = await offerMakegoods({ tx, spotIds: [id], now, timeZone, expiryHours });
    const [offer] = made;
    if (!offer) throw conflict(DESK_MESSAGES.noMakegood);
    return {
      spotId: id,
      staged,
      message:
        offer.status === 'offered' ? `A makegood on ${formatCalendarDate(offer.airDate)} was offered` : 'No free slot for a makegood: the spot was credited',
    };
  });

/** POST /traffic/spots/:id/cancel: neither aired nor billed. */
export const cancelSpot = ({ db, id, now, timeZone, reason }: DeskContext & { reason: string }) =>
  db.transaction(async (tx) => {
    const { spot, order } = await lockSpot(tx, id, now);
    await settle(tx, id, 'cancelled', 'cancelled', reason, now);
    await refreshSeparationConflicts(tx, spot.channelId, spot.airDate);
    const staged = [await stageSpotChanged(tx, order, `the spot of ${when(spot.scheduledAt, spot.airDate, timeZone)} was cancelled (${reason})`)];
    return { spotId: id, staged, message: 'The spot was cancelled' };
  });

/** POST /traffic/spots/:id/move: to another time or day of its order's flight and its daypart. */
export const moveSpot = ({ db, id, now, timeZone, move }: DeskContext & { move: SpotMove }) =>
  db.transaction(async (tx) => {
    const { spot, order } = await lockSpot(tx, id, now);
    const daypart = (await daypartsByIds(tx, [spot.daypartId])).get(spot.daypartId);
    if (!daypart) throw notFound(DESK_MESSAGES.notFound);
    const checked = checkMove({
      daypart,
      flight: { start: order.startDate, end: order.endDate },
      date: move.date,
      time: move.time,
      durationSeconds: spot.durationSeconds,
      now,
      timeZone,
    });
    if ('error' in checked) throw badRequest(checked.error, checked.field);
    const at = checked.at;
    if (at.getTime() === spot.scheduledAt.getTime()) throw badRequest(DESK_MESSAGES.sameTime, 'time');
    const to = when(at, move.date, timeZone);
    await holdDay(tx, spot.channelId, move.date, now);
    await settle(tx, id, 'cancelled', 'moved', move.reason ? `Moved to ${to}: ${move.reason}` : `Moved to ${to}`, now);
    const [target] = await tx
      .select({ exportedAt: trafficDays.exportedAt })
      .from(trafficDays)
      .where(and(eq(trafficDays.channelId, spot.channelId), eq(trafficDays.airDate, move.date)))
      .limit(1);
    // Its own break at the desk's time, after any spot already starting there.
    const [{ taken } = { taken: 0 }] = await tx
      .select({ taken: sql<number>`count(*)::int` })
      .from(trafficSpots)
      .where(and(eq(trafficSpots.channelId, spot.channelId), eq(trafficSpots.airDate, move.date), eq(trafficSpots.breakAt, at)));
    const { id: _old, createdAt: _created, ...copy } = spot;
    const [moved] = await tx
      .insert(trafficSpots)
      .values({
        ...copy,
        airDate: move.date,
        breakAt: at,
        scheduledAt: at,
        position: taken + 1,
        status: 'scheduled',
        movedFromDate: spot.airDate,
        addedAfterExportAt: target?.exportedAt ? now : null,
        deskAction: null,
        deskReason: null,
        deskActedAt: null,
        updatedAt: now,
      })
      .returning({ id: trafficSpots.id });
    // Product separation (decision 059) of both held days: the moved spot may clear a conflict or make one.
    for (const date of new Set([spot.airDate, move.date])) await refreshSeparationConflicts(tx, spot.channelId, date);
    const from = when(spot.scheduledAt, spot.airDate, timeZone);
    const staged = [await stageSpotChanged(tx, order, `the spot of ${from} was moved to ${to}${move.reason ? ` (${move.reason})` : ''}`)];
    return { spotId: moved!.id, staged, message: `The spot was moved to ${to}` };
  });
