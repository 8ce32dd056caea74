/**
 * What the campaigns module offers the other modules (issue 39): a campaign's figures read by its
 * order, in batch, so that no other module names the campaigns tables. This file imports no other
 * module, so that any module may import it.
 */
import { inArray, sql } from 'drizzle-orm';
import { campaigns } from '../../db/schema';
import type { Tx } from '../../platform/db';

export interface CertifiedAired {
  spots: number;
  spendCents: number;
  impressions: number;
}

/**
 * What aired for real per order (the campaign's counters less its simulated airings, decision 052,
 * never delivery), in one query: the map has an entry for each order that has a campaign.
 */
export const certifiedAiredOf = async (db: Tx, estimateIds: readonly string[]): Promise<Map<string, CertifiedAired>> => {
  const wanted = [...new Set(estimateIds)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      estimateId: campaigns.estimateId,
      spots: sql<number>`(${campaigns.airedSpots} - ${campaigns.simulatedSpots})`.mapWith(Number),
      spendCents: sql<number>`(${campaigns.spendCents} - ${campaigns.simulatedSpendCents})`.mapWith(Number),
      impressions: sql<number>`(${campaigns.totalImpressions} - ${campaigns.simulatedImpressions})`.mapWith(Number),
    })
    .from(campaigns)
    .where(inArray(campaigns.estimateId, wanted));
  return new Map(rows.map(({ estimateId, ...aired }) => [estimateId, aired]));
};
