/** Performance figures: the realtime totals and the daily history of one campaign, and the dashboard stats. */
import { and, eq, gte, inArray, isNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { CampaignStats, PerformanceHistory, RealtimePerformance } from '../../../domain/campaign-schemas';
import { averageCpm, campaignFigures, displayStatusOf } from '../../../domain/campaigns';
import { addDays, type StationTime } from '../../../domain/dates';
import { toDollars } from '../../../domain/money';
import type { OrderActor } from '../../../domain/orders';
import { isAdmin } from '../../../domain/roles';
import { campaignCounts, campaignDeliveries, campaigns } from '../../db/schema';
import { stationZoneSql, type Tx } from '../../platform/db';
import { campaignScope, displayStatusSql, visibleCampaignRow } from './queries';

export const realtimePerformance = async ({ db, actor, id, today }: { db: Tx; actor: OrderActor; id: string; today: string }): Promise<RealtimePerformance> => {
  const c = await visibleCampaignRow(db, actor, id);
  const { total_impressions, total_spend, total_budget, avg_cpm, budget_utilization, completion_percentage, aired_spots, total_spots } = campaignFigures({
    budgetCents: c.totalBudgetCents,
    spendCents: c.spendCents,
    impressions: c.totalImpressions,
    airedSpots: c.airedSpots,
    totalSpots: c.totalSpots,
  });
  return {
    campaign_id: c.id,
    status: c.status,
    display_status: displayStatusOf(c.status, c.endDate, today),
    total_impressions,
    total_spend,
    total_budget,
    avg_cpm,
    budget_utilization,
    completion_percentage,
    aired_spots,
    total_spots,
    last_aired_at: c.lastAiredAt?.toISOString() ?? null,
    simulated: { spots: c.simulatedSpots, impressions: Number(c.simulatedImpressions), spend: toDollars(c.simulatedSpendCents) },
    as_of: new Date().toISOString(),
  };
};

/** The last `days` station days, today included, oldest first; a day without airings is a row of zeros. */
export const performanceHistory = async ({
  db,
  actor,
  id,
  days,
  time,
}: {
  db: Tx;
  actor: OrderActor;
  id: string;
  days: number;
  time: StationTime;
}): Promise<PerformanceHistory> => {
  const campaign = await visibleCampaignRow(db, actor, id);
  const first = addDays(time.today(), -(days - 1));
  const day = sql<string>`to_char(${campaignDeliveries.airedAt} at time zone ${stationZoneSql(time.timeZone)}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      date: day,
      impressions: sql<string>`sum(${campaignDeliveries.impressions})::bigint::text`,
      spendCents: sql<string>`sum(${campaignDeliveries.spendCents})::bigint::text`,
      spots: sql<number>`count(*)::int`,
      simulatedSpots: sql<number>`(count(*) filter (where ${campaignDeliveries.simulated}))::int`,
    })
    .from(campaignDeliveries)
    .where(and(eq(campaignDeliveries.campaignId, campaign.id), gte(campaignDeliveries.airedAt, new Date(`${first}T00:00:00Z`))))
    .groupBy(day);
  const byDate = new Map(rows.map((r) => [r.date, r]));
  const history = Array.from({ length: days }, (_, i) => {
    const date = addDays(first, i);
    const row = byDate.get(date);
    return {
      date,
      impressions: Number(row?.impressions ?? 0),
      spend: toDollars(Number(row?.spendCents ?? 0)),
      spots: Number(row?.spots ?? 0),
      simulated_spots: Number(row?.simulatedSpots ?? 0),
    };
  });
  return { campaign_id: campaign.id, days, history };
};

/**
 * GET /campaigns/stats/dashboard, over the campaigns the caller may see. Admins read the rollup
 * `campaign_counts` (a few rows per status and end date instead of every campaign; decision 045);
 * a client, its own campaigns; some channels (decision 053), their orders' campaigns.
 */
export const campaignStats = async ({
  db,
  actor,
  channels = null,
  today,
}: {
  db: Tx;
  actor: OrderActor;
  channels?: readonly string[] | null;
  today: string;
}): Promise<CampaignStats> => {
  const sums = <T extends typeof campaigns | typeof campaignCounts>(
    of: T,
    columns: { count: SQL; impressions: AnyColumn; spend: AnyColumn; budget: AnyColumn },
  ) => {
    const active = sql`${displayStatusSql(today, of)} = 'active'`;
    return {
      total: sql<string>`coalesce(${columns.count}, 0)::bigint::text`,
      active: sql<string>`coalesce(${columns.count} filter (where ${active}), 0)::bigint::text`,
      impressions: sql<string>`coalesce(sum(${columns.impressions}), 0)::bigint::text`,
      spendCents: sql<string>`coalesce(sum(${columns.spend}), 0)::bigint::text`,
      activeBudgetCents: sql<string>`coalesce(sum(${columns.budget}) filter (where ${active}), 0)::bigint::text`,
    };
  };
  const [row] =
    isAdmin(actor.role) && !channels
      ? await db
          .select(
            sums(campaignCounts, {
              count: sql`sum(${campaignCounts.campaigns})`,
              impressions: campaignCounts.impressions,
              spend: campaignCounts.spendCents,
              budget: campaignCounts.budgetCents,
            }),
          )
          .from(campaignCounts)
      : await db
          .select(
            sums(campaigns, {
              count: sql`count(*)`,
              impressions: campaigns.totalImpressions,
              spend: campaigns.spendCents,
              budget: campaigns.totalBudgetCents,
            }),
          )
          .from(campaigns)
          .where(and(campaignScope(actor), channels ? inArray(campaigns.channelId, [...channels]) : undefined));
  const impressions = Number(row?.impressions ?? 0);
  const spendCents = Number(row?.spendCents ?? 0);
  return {
    total_campaigns: Number(row?.total ?? 0),
    active_campaigns: Number(row?.active ?? 0),
    total_impressions: impressions,
    total_spend: toDollars(spendCents),
    active_budget: toDollars(Number(row?.activeBudgetCents ?? 0)),
    average_cpm: averageCpm(spendCents, impressions),
  };
};

/**
 * The campaigns of a period, for the analytics dashboard: those running in it (started by its
 * end, not ended before its start, not cancelled), with what was delivered during it.
 */
export const campaignTotalsSince = async ({
  db,
  actor,
  channels = null,
  from,
  today,
}: {
  db: Tx;
  actor: OrderActor;
  /** The channels whose orders' campaigns count (decision 053); null: every channel. */
  channels?: readonly string[] | null;
  from: string;
  today: string;
}) => {
  const ofChannels = channels ? inArray(campaigns.channelId, [...channels]) : undefined;
  /** The running campaigns and the active ones, counted from `of` (`count` is its count of campaigns). */
  const running = (of: typeof campaigns | typeof campaignCounts, count: SQL) => ({
    total: sql<number>`coalesce(${count}, 0)::int`.mapWith(Number),
    active: sql<number>`coalesce(${count} filter (where ${displayStatusSql(today, of)} = 'active'), 0)::int`.mapWith(Number),
  });
  // Independent reads, run together (on PostgreSQL, on two connections). Admins count from the rollup
  // `campaign_counts` (its end date 'infinity' for none; decision 045), a client its own campaigns.
  const [[counts], [delivered]] = await Promise.all([
    isAdmin(actor.role) && !channels
      ? db
          .select(running(campaignCounts, sql`sum(${campaignCounts.campaigns})`))
          .from(campaignCounts)
          .where(and(ne(campaignCounts.status, 'cancelled'), gte(campaignCounts.endDate, from)))
      : db
          .select(running(campaigns, sql`count(*)`))
          .from(campaigns)
          .where(and(campaignScope(actor), ofChannels, ne(campaigns.status, 'cancelled'), or(isNull(campaigns.endDate), gte(campaigns.endDate, from)))),
    db
      .select({
        impressions: sql<string>`coalesce(sum(${campaignDeliveries.impressions}), 0)::bigint::text`,
        spendCents: sql<string>`coalesce(sum(${campaignDeliveries.spendCents}), 0)::bigint::text`,
      })
      .from(campaignDeliveries)
      // Admins count every airing: the campaigns are joined only to scope a client's.
      .where(
        and(
          gte(campaignDeliveries.airedAt, new Date(`${from}T00:00:00Z`)),
          isAdmin(actor.role) && !channels
            ? undefined
            : inArray(
                campaignDeliveries.campaignId,
                db
                  .select({ id: campaigns.id })
                  .from(campaigns)
                  .where(and(campaignScope(actor), ofChannels)),
              ),
        ),
      ),
  ]);
  const impressions = Number(delivered?.impressions ?? 0);
  const spendCents = Number(delivered?.spendCents ?? 0);
  return {
    total_campaigns: counts?.total ?? 0,
    active_campaigns: counts?.active ?? 0,
    total_impressions: impressions,
    total_spend: toDollars(spendCents),
    avg_cpm: averageCpm(spendCents, impressions),
  };
};
