/** The makegood decision of each missed spot (Discrepancies, decision 031): its offer's status, if any. */
import { inArray } from 'drizzle-orm';
import { makegoodOffers } from '../../db/schema';
import type { Tx } from '../../platform/db';

export const makegoodStatusOfSpots = async (db: Tx, spotIds: readonly string[]): Promise<Map<string, string>> => {
  if (spotIds.length === 0) return new Map();
  const rows = await db
    .select({ spotId: makegoodOffers.missedSpotId, status: makegoodOffers.status })
    .from(makegoodOffers)
    .where(inArray(makegoodOffers.missedSpotId, [...spotIds]));
  return new Map(rows.flatMap((r) => (r.spotId ? [[r.spotId, r.status] as const] : [])));
};

/** A missed spot still waits for a decision when it has no offer or its offer is still open. */
export const isUndecided = (status: string | undefined): boolean => status === undefined || status === 'offered';
