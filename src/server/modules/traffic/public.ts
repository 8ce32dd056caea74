/**
 * What the traffic module offers the other modules (issue 39): reads and the few changes of log spots
 * others make, so that no other module names traffic_spots. Each runs in the caller's transaction. This
 * file imports no other module, so that any module may import it.
 */
import { and, asc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { trafficSpots } from '../../db/schema';
import type { Tx } from '../../platform/db';

/**
 * The order's earliest scheduled spot whose time has passed, locked for the rest of the transaction
 * (what a simulated airing airs); undefined when none is due.
 */
export const lockNextDueSpot = async (tx: Tx, estimateId: string, now: Date) => {
  const [spot] = await tx
    .select({
      id: trafficSpots.id,
      estimateItemId: trafficSpots.estimateItemId,
      scheduleLineId: trafficSpots.scheduleLineId,
      daypartId: trafficSpots.daypartId,
      scheduledAt: trafficSpots.scheduledAt,
    })
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

// Billing's reads and marks of aired spots (the traffic log's column that says which invoice billed a spot).

export type SpotRow = typeof trafficSpots.$inferSelect;

/** Aired, real (not simulated, decision 031), not an ADU (no charge, decision 057) and not yet billed. */
const unbilledAired = () =>
  and(eq(trafficSpots.status, 'aired'), eq(trafficSpots.simulated, false), eq(trafficSpots.noCharge, false), isNull(trafficSpots.invoiceId));

/**
 * The orders with aired, unbilled spots dated within [from, to], as an SQL subquery of their ids for
 * billing's query of the orders to bill (the traffic_spots table is named here only).
 */
export const ordersWithUnbilledSpotsSql = (from: string, to: string): SQL =>
  sql`(select ${trafficSpots.estimateId} from ${trafficSpots} where ${and(unbilledAired(), gte(trafficSpots.airDate, from), lte(trafficSpots.airDate, to))})`;

/** The order's aired, unbilled spots (within [from, to] when given), locked, by air date, time and id. */
export const lockUnbilledSpots = (tx: Tx, estimateId: string, period?: { from: string; to: string }) =>
  tx
    .select({
      id: trafficSpots.id,
      daypartId: trafficSpots.daypartId,
      estimateItemId: trafficSpots.estimateItemId,
      scheduleLineId: trafficSpots.scheduleLineId,
    })
    .from(trafficSpots)
    .where(
      and(
        eq(trafficSpots.estimateId, estimateId),
        unbilledAired(),
        period ? gte(trafficSpots.airDate, period.from) : undefined,
        period ? lte(trafficSpots.airDate, period.to) : undefined,
      ),
    )
    .orderBy(asc(trafficSpots.airDate), asc(trafficSpots.scheduledAt), asc(trafficSpots.id))
    .for('update');

/** Marks the spots billed by the invoice (those not billed meanwhile), a thousand ids a statement. */
export const markSpotsBilled = async (tx: Tx, spotIds: readonly string[], invoiceId: string): Promise<void> => {
  for (let i = 0; i < spotIds.length; i += 1000) {
    await tx
      .update(trafficSpots)
      .set({ invoiceId })
      .where(and(inArray(trafficSpots.id, spotIds.slice(i, i + 1000)), isNull(trafficSpots.invoiceId)));
  }
};

/** The invoice's spots are billable again (a voided invoice). */
export const unmarkSpotsBilled = async (tx: Tx, invoiceId: string): Promise<void> => {
  await tx.update(trafficSpots).set({ invoiceId: null }).where(eq(trafficSpots.invoiceId, invoiceId));
};

/** The spots an invoice billed, in airing order. */
export const spotsOfInvoice = (db: Tx, invoiceId: string, airedOnly = false): Promise<SpotRow[]> =>
  db
    .select()
    .from(trafficSpots)
    .where(and(eq(trafficSpots.invoiceId, invoiceId), airedOnly ? eq(trafficSpots.status, 'aired') : undefined))
    .orderBy(asc(trafficSpots.scheduledAt), asc(trafficSpots.position));

/** The order's aired, real spots within its flight (either end open when null), in airing order. */
export const airedSpotsOfOrder = (db: Tx, estimateId: string, flight: { start: string | null; end: string | null }): Promise<SpotRow[]> =>
  db
    .select()
    .from(trafficSpots)
    .where(
      and(
        eq(trafficSpots.estimateId, estimateId),
        eq(trafficSpots.status, 'aired'),
        eq(trafficSpots.simulated, false),
        flight.start ? gte(trafficSpots.airDate, flight.start) : undefined,
        flight.end ? lte(trafficSpots.airDate, flight.end) : undefined,
      ),
    )
    .orderBy(asc(trafficSpots.scheduledAt), asc(trafficSpots.position));

/** The order's aired, real spots as a post-buy values them (issue 43): air date, daypart, line and whether it is a no-charge ADU. */
export const airedSpotsToPost = (db: Tx, estimateId: string) =>
  db
    .select({
      airDate: trafficSpots.airDate,
      daypartId: trafficSpots.daypartId,
      estimateItemId: trafficSpots.estimateItemId,
      scheduleLineId: trafficSpots.scheduleLineId,
      noCharge: trafficSpots.noCharge,
    })
    .from(trafficSpots)
    .where(and(eq(trafficSpots.estimateId, estimateId), eq(trafficSpots.status, 'aired'), eq(trafficSpots.simulated, false)));

/** The order's aired, real ADUs (no charge, decision 057) of [from, to], in airing order: the EI lists them at no charge. */
export const airedNoChargeSpotsOfOrder = (db: Tx, estimateId: string, period: { from: string; to: string }): Promise<SpotRow[]> =>
  db
    .select()
    .from(trafficSpots)
    .where(
      and(
        eq(trafficSpots.estimateId, estimateId),
        eq(trafficSpots.status, 'aired'),
        eq(trafficSpots.simulated, false),
        eq(trafficSpots.noCharge, true),
        gte(trafficSpots.airDate, period.from),
        lte(trafficSpots.airDate, period.to),
      ),
    )
    .orderBy(asc(trafficSpots.scheduledAt), asc(trafficSpots.position));

/** The order's real spots of [from, to] settled as aired, missed or made good, in airing order: what an affidavit certifies. */
export const settledSpotsOfOrder = (db: Tx, estimateId: string, period: { from: string; to: string }): Promise<SpotRow[]> =>
  db
    .select()
    .from(trafficSpots)
    .where(
      and(
        eq(trafficSpots.estimateId, estimateId),
        gte(trafficSpots.airDate, period.from),
        lte(trafficSpots.airDate, period.to),
        inArray(trafficSpots.status, ['aired', 'missed', 'made_good']),
        eq(trafficSpots.simulated, false),
      ),
    )
    .orderBy(asc(trafficSpots.scheduledAt), asc(trafficSpots.position));

/** Spots by id, in one query: the map has an entry for each id that exists. */
export const spotsByIds = async (db: Tx, ids: readonly string[]): Promise<Map<string, SpotRow>> => {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(trafficSpots).where(inArray(trafficSpots.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
};

/** The real (not simulated) log spots of these orders: their order, daypart, status and whether each is a makegood. */
export const realSpotsOfOrders = async (db: Tx, estimateIds: readonly string[]) => {
  if (estimateIds.length === 0) return [];
  return db
    .select({
      id: trafficSpots.id,
      estimateId: trafficSpots.estimateId,
      daypartId: trafficSpots.daypartId,
      status: trafficSpots.status,
      makegood: sql<boolean>`${trafficSpots.makegoodOfferId} is not null`,
    })
    .from(trafficSpots)
    .where(and(inArray(trafficSpots.estimateId, [...estimateIds]), eq(trafficSpots.simulated, false)));
};

/** The channel a log spot is on; null when no spot has this id. */
export const channelOfSpot = async (tx: Tx, id: string): Promise<string | null> => {
  const [spot] = await tx.select({ channelId: trafficSpots.channelId }).from(trafficSpots).where(eq(trafficSpots.id, id)).limit(1);
  return spot?.channelId ?? null;
};

/** A makegood's missed spot is made good once its makegood is accepted (only while it is still missed). */
export const markSpotMadeGood = async (tx: Tx, spotId: string, now: Date): Promise<void> => {
  await tx
    .update(trafficSpots)
    .set({ status: 'made_good', updatedAt: now })
    .where(and(eq(trafficSpots.id, spotId), eq(trafficSpots.status, 'missed')));
};

/** Withdrawn makegoods' spots that have not aired are cancelled. */
export const cancelScheduledSpotsOfOffers = async (tx: Tx, offerIds: readonly string[], now: Date): Promise<void> => {
  if (offerIds.length === 0) return;
  await tx
    .update(trafficSpots)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(inArray(trafficSpots.makegoodOfferId, [...offerIds]), eq(trafficSpots.status, 'scheduled')));
};

/** Log spots (time, house code, status, line, makegood) and log days (exported or not), for joins in another module's SQL (sql/published.sql). */
export { logDaysView, logSpotsView } from '../../db/schema';

// The as-run import's reads and settling of spots (decision 044): its own file, one purpose.
export {
  asRunSpotsByIds,
  asRunSpotsInRanges,
  closeUnreportedSpots,
  settleReportedSpots,
  spotCountsOfImportOrders,
  type AsRunSpots,
  type AsRunSpotStatus,
  type ClosedSpot,
  type ReportedSpots,
} from './as-run-door';
