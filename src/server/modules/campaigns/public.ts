/**
 * What the campaigns module offers the other modules (issue 39): a campaign's figures read by its
 * order, in batch, so that no other module names the campaigns tables. This file imports no other
 * module, so that any module may import it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { campaignDeliveries, campaigns } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { sqlArray } from '../../platform/sql-arrays';

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

/** Each order's campaign (its id and status), in one query: the map has an entry for each order that has one. */
export const campaignsOfOrders = async (db: Tx, estimateIds: readonly string[]): Promise<Map<string, { id: string; status: string }>> => {
  const wanted = [...new Set(estimateIds)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ estimateId: campaigns.estimateId, id: campaigns.id, status: campaigns.status })
    .from(campaigns)
    .where(inArray(campaigns.estimateId, wanted));
  return new Map(rows.map(({ estimateId, ...campaign }) => [estimateId, campaign]));
};

/**
 * The real (not simulated, decision 052) delivery recorded against each of these log spots, in one query
 * (one array parameter): impressions and spend in cents per spot id; a spot without any is left out.
 */
export const realDeliveryOfSpots = async (db: Tx, spotIds: readonly string[]): Promise<Map<string, { impressions: number; spendCents: number }>> => {
  if (spotIds.length === 0) return new Map();
  const rows = await db
    .select({
      spotId: sql<string>`${campaignDeliveries.spotId}`,
      impressions: sql<number>`sum(${campaignDeliveries.impressions})::float8`.mapWith(Number),
      spendCents: sql<number>`sum(${campaignDeliveries.spendCents})::float8`.mapWith(Number),
    })
    .from(campaignDeliveries)
    .where(and(sql`${campaignDeliveries.spotId} = any(${sql.param([...new Set(spotIds)])}::uuid[])`, eq(campaignDeliveries.simulated, false)))
    .groupBy(campaignDeliveries.spotId);
  return new Map(rows.map(({ spotId, ...delivered }) => [spotId, delivered]));
};

/** The channel of a campaign (its order's, decision 053); null when no campaign has this id. */
export const channelOfCampaign = async (db: Tx, id: string): Promise<string | null> => {
  const [row] = await db.select({ channelId: campaigns.channelId }).from(campaigns).where(eq(campaigns.id, id)).limit(1);
  return row?.channelId ?? null;
};

/** A campaign's status and counters by its order, for joins in another module's SQL (sql/published.sql). */
export { campaignStatesView } from '../../db/schema';

/**
 * Each order's campaign with what is left of its budget, locked (FOR UPDATE) for the caller's transaction
 * (what an as-run import spends from), in one query: the map has an entry for each order that has one.
 */
export const lockCampaignBudgetsOfOrders = async (tx: Tx, estimateIds: readonly string[]): Promise<Map<string, { id: string; remainingCents: number }>> => {
  const wanted = [...new Set(estimateIds)];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: campaigns.id, estimateId: campaigns.estimateId, budget: campaigns.totalBudgetCents, spend: campaigns.spendCents })
    .from(campaigns)
    // One array parameter, not one parameter per order (an as-run import names 10,000).
    .where(sql`${campaigns.estimateId} = any(${sqlArray(wanted, 'uuid')})`)
    .for('update');
  return new Map(rows.map((row) => [row.estimateId, { id: row.id, remainingCents: row.budget - row.spend }]));
};
