/**
 * What the makegoods module offers the other modules (issue 39): reads of makegood offers by id, in
 * batch, so that no other module names makegood_offers. This file imports no other module, so that any
 * module may import it.
 */
import { and, count, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { HOLDING_STATUSES } from '../../../domain/makegoods';
import { makegoodOffers } from '../../db/schema';
import type { Tx } from '../../platform/db';

/** The missed spot each offer replaces, by offer id, in one query (an offer without one is left out). */
export const missedSpotsOfOffers = async (db: Tx, offerIds: readonly (string | null | undefined)[]): Promise<Map<string, string>> => {
  const wanted = [...new Set(offerIds.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: makegoodOffers.id, missedSpotId: makegoodOffers.missedSpotId })
    .from(makegoodOffers)
    .where(inArray(makegoodOffers.id, wanted));
  return new Map(rows.flatMap((row) => (row.missedSpotId ? [[row.id, row.missedSpotId] as const] : [])));
};

/** The credit of the makegood offer made for each of these missed spots, by spot id, in one query (a spot without one is left out). */
export const makegoodCreditsOfSpots = async (db: Tx, spotIds: readonly string[]): Promise<Map<string, number>> => {
  if (spotIds.length === 0) return new Map();
  const rows = await db
    .select({ spotId: makegoodOffers.missedSpotId, creditCents: makegoodOffers.creditCents })
    .from(makegoodOffers)
    .where(sql`${makegoodOffers.missedSpotId} = any(${sql.param([...new Set(spotIds)])}::uuid[])`);
  return new Map(rows.flatMap((row) => (row.spotId ? [[row.spotId, row.creditCents] as const] : [])));
};

/** The order a makegood offer is of; null when no offer has this id. */
export const orderOfOffer = async (db: Tx, id: string): Promise<string | null> => {
  const [row] = await db.select({ estimateId: makegoodOffers.estimateId }).from(makegoodOffers).where(eq(makegoodOffers.id, id)).limit(1);
  return row?.estimateId ?? null;
};

/** Makegoods that hold a slot (offered or accepted), counted per daypart and air day of [from, to]. */
export interface MakegoodHolds {
  daypartId: string;
  airDate: string;
  count: number;
}

/** The holds of [from, to], of one daypart when given, leaving one offer out when given (the one being moved). */
export const makegoodHolds = async (db: Tx, range: { from: string; to: string; daypartId?: string; excludeOfferId?: string }): Promise<MakegoodHolds[]> => {
  const rows = await db
    .select({ daypartId: makegoodOffers.daypartId, airDate: makegoodOffers.airDate, n: count() })
    .from(makegoodOffers)
    .where(
      and(
        inArray(makegoodOffers.status, [...HOLDING_STATUSES]),
        gte(makegoodOffers.airDate, range.from),
        lte(makegoodOffers.airDate, range.to),
        range.daypartId ? eq(makegoodOffers.daypartId, range.daypartId) : undefined,
        range.excludeOfferId ? ne(makegoodOffers.id, range.excludeOfferId) : undefined,
      ),
    )
    .groupBy(makegoodOffers.daypartId, makegoodOffers.airDate);
  return rows.flatMap((row) => (row.airDate ? [{ daypartId: row.daypartId, airDate: row.airDate, count: Number(row.n) }] : []));
};

/** Offers as traffic places them (kind, status, day, line), for joins in another module's SQL (sql/published.sql). */
export { makegoodBookingsView } from '../../db/schema';
