/**
 * A missed spot that turns out to have aired (a later as-run row, decision 028): its makegood
 * offer is withdrawn, its credit cancelled, and an accepted makegood's spot that has not aired yet
 * is cancelled. Runs inside the as-run import's transaction.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { makegoodEvents, makegoodOffers } from '../../db/schema';
import { cancelScheduledSpotsOfOffers, logSpotsView } from '../traffic/public';
import type { Tx } from '../../platform/db';

const CHUNK = 1000;

/** The missed spots (of these) whose accepted makegood has already aired: they stay missed. */
export const missedSpotsWithAiredMakegood = async (tx: Tx, missedSpotIds: readonly string[]): Promise<Set<string>> => {
  const aired = new Set<string>();
  for (let i = 0; i < missedSpotIds.length; i += CHUNK) {
    const rows = await tx
      .select({ missedSpotId: makegoodOffers.missedSpotId })
      .from(makegoodOffers)
      .innerJoin(logSpotsView, eq(logSpotsView.makegoodOfferId, makegoodOffers.id))
      .where(
        and(inArray(makegoodOffers.missedSpotId, missedSpotIds.slice(i, i + CHUNK)), isNotNull(logSpotsView.makegoodOfferId), eq(logSpotsView.status, 'aired')),
      );
    for (const row of rows) if (row.missedSpotId) aired.add(row.missedSpotId);
  }
  return aired;
};

/** Withdraws the makegoods of spots that aired after all; answers how many offers were withdrawn. */
export const withdrawMakegoods = async (tx: Tx, airedSpotIds: readonly string[]): Promise<number> => {
  let withdrawn = 0;
  for (let i = 0; i < airedSpotIds.length; i += CHUNK) {
    const offers = await tx
      .update(makegoodOffers)
      .set({ status: 'withdrawn', creditCents: 0, expiresAt: null, updatedAt: new Date() })
      .where(and(inArray(makegoodOffers.missedSpotId, airedSpotIds.slice(i, i + CHUNK)), sql`${makegoodOffers.status} <> 'withdrawn'`))
      .returning({ id: makegoodOffers.id, airDate: makegoodOffers.airDate });
    if (offers.length === 0) continue;
    withdrawn += offers.length;
    const ids = offers.map((o) => o.id);
    await cancelScheduledSpotsOfOffers(tx, ids, new Date());
    await tx.insert(makegoodEvents).values(offers.map((o) => ({ offerId: o.id, action: 'withdrawn' as const, airDate: o.airDate })));
  }
  return withdrawn;
};
