/**
 * What the traffic module offers the other modules (issue 39): reads and the few changes of log spots
 * others make, so that no other module names traffic_spots. Each runs in the caller's transaction. This
 * file imports no other module, so that any module may import it.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import { trafficSpots } from '../../db/schema';
import type { Tx } from '../../platform/db';

/**
 * The order's earliest scheduled spot whose time has passed, locked for the rest of the transaction
 * (what a simulated airing airs); undefined when none is due.
 */
export const lockNextDueSpot = async (tx: Tx, estimateId: string, now: Date) => {
  const [spot] = await tx
    .select({ id: trafficSpots.id, estimateItemId: trafficSpots.estimateItemId, daypartId: trafficSpots.daypartId, scheduledAt: trafficSpots.scheduledAt })
    .from(trafficSpots)
    .where(and(eq(trafficSpots.estimateId, estimateId), eq(trafficSpots.status, 'scheduled'), lte(trafficSpots.scheduledAt, now)))
    .orderBy(asc(trafficSpots.scheduledAt), asc(trafficSpots.position))
    .limit(1)
    .for('update');
  return spot;
};

/** True when the traffic log holds any spot of the order. */
export const orderHasSpots = async (tx: Tx, estimateId: string): Promise<boolean> => {
  const [spot] = await tx.select({ id: trafficSpots.id }).from(trafficSpots).where(eq(trafficSpots.estimateId, estimateId)).limit(1);
  return spot !== undefined;
};

/** Marks one log spot aired at `airedAt`, simulated (decision 031). */
export const markSpotSimulatedAired = async (tx: Tx, spotId: string, airedAt: Date, now: Date): Promise<void> => {
  await tx.update(trafficSpots).set({ status: 'aired', airedAt, simulated: true, updatedAt: now }).where(eq(trafficSpots.id, spotId));
};

/** True when a spot of the media asset has aired (what master control and the invoices named stays). */
export const mediaHasAired = async (tx: Tx, mediaAssetId: string): Promise<boolean> => {
  const [aired] = await tx
    .select({ id: trafficSpots.id })
    .from(trafficSpots)
    .where(and(eq(trafficSpots.mediaAssetId, mediaAssetId), eq(trafficSpots.status, 'aired')))
    .limit(1);
  return aired !== undefined;
};
