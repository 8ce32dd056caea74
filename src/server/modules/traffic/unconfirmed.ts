/**
 * Past days without an as-run (decision 031): once a broadcast day has ended and the grace period
 * (ASRUN_GRACE_HOURS) has passed, its spots that are still scheduled become unconfirmed. They are not
 * aired, not missed, not billed and not certified; a later as-run settles them like scheduled ones.
 */
import { and, count, eq, inArray, lte, or } from 'drizzle-orm';
import type { ChannelClocks } from '../channels/public';
import { lastUnconfirmableDay } from '../../../domain/traffic';
import { trafficSpots } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

/** Marks the unreported spots of days past their grace period; answers how many became unconfirmed. */
export const markUnconfirmed = async ({ db, now, clocks, graceHours }: { db: Db; now: Date; clocks: ChannelClocks; graceHours: number }): Promise<number> => {
  // A channel's day ends at its own midnight (decision 053, "Time zones"): channels sharing a zone share the last day.
  const byLastDay = new Map<string, string[]>();
  for (const id of clocks.ids) {
    const last = lastUnconfirmableDay(now, graceHours, clocks.of(id).timeZone);
    byLastDay.set(last, [...(byLastDay.get(last) ?? []), id]);
  }
  let count = 0;
  for (const [last, channelIds] of byLastDay) {
    const changed = await db
      .update(trafficSpots)
      .set({ status: 'unconfirmed', updatedAt: now })
      .where(and(eq(trafficSpots.status, 'scheduled'), lte(trafficSpots.airDate, last), inArray(trafficSpots.channelId, channelIds)))
      .returning({ id: trafficSpots.id });
    count += changed.length;
  }
  return count;
};

/**
 * Spots no as-run has confirmed at `now`: unconfirmed ones, and those still scheduled whose air time
 * has passed (their as-run may still come within the grace period). Completing an order with any
 * needs a warning (decision 031).
 */
export const notConfirmedWhere = (now: Date) =>
  or(eq(trafficSpots.status, 'unconfirmed'), and(eq(trafficSpots.status, 'scheduled'), lte(trafficSpots.scheduledAt, now)));

/** How many of an order's spots are unconfirmed (past the grace period): completing it by hand asks the admin to confirm. */
export const countUnconfirmedSpots = async (tx: Tx, estimateId: string): Promise<number> => {
  const [row] = await tx
    .select({ n: count() })
    .from(trafficSpots)
    .where(and(eq(trafficSpots.estimateId, estimateId), eq(trafficSpots.status, 'unconfirmed')));
  return Number(row?.n ?? 0);
};

/**
 * How many of an order's spots no as-run has confirmed at `now`, also those still within the grace
 * period: the station clock, which completes orders with nobody watching, warns the desk of them.
 */
export const countNotConfirmedSpots = async (tx: Tx, estimateId: string, now: Date): Promise<number> => {
  const [row] = await tx
    .select({ n: count() })
    .from(trafficSpots)
    .where(and(eq(trafficSpots.estimateId, estimateId), notConfirmedWhere(now)));
  return Number(row?.n ?? 0);
};
