/** Reading campaigns as the API answers them: one query with the brand and the owner, scoped to the caller. */
import { and, desc, eq, getTableColumns, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { CAMPAIGN_MESSAGES, type Campaign, type CampaignListQuery } from '../../../domain/campaign-schemas';
import { campaignFigures, displayStatusOf, type DisplayStatus } from '../../../domain/campaigns';
import type { OrderActor } from '../../../domain/orders';
import { isAdmin } from '../../../domain/roles';
import { campaigns } from '../../db/schema';
import { brandSummaries } from '../brands/public';
import { userSummaries } from '../users/public';
import type { Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';

export type CampaignRow = typeof campaigns.$inferSelect;

/**
 * The display status in SQL, the same rule as displayStatusOf (an active campaign past its end date shows completed),
 * of the campaigns' columns or of another table's (the rollup campaign_counts, whose end date is never null).
 */
export const displayStatusSql = (today: string, of: { status: SQL | AnyColumn; endDate: SQL | AnyColumn } = campaigns): SQL<DisplayStatus> =>
  sql<DisplayStatus>`(case when ${of.status} = 'active' and ${of.endDate} < ${today}::date then 'completed' else ${of.status} end)`;

/** Clients see the campaigns of their own orders; admins all. */
export const campaignScope = (actor: OrderActor): SQL | undefined => (isAdmin(actor.role) ? undefined : eq(campaigns.ownerId, actor.id));

const selectCampaigns = (db: Tx) =>
  db
    .select({ campaign: getTableColumns(campaigns) })
    .from(campaigns)
    .$dynamic();

type SelectedRow = { campaign: CampaignRow; brandName: string | null; ownerEmail: string };

/** The campaigns with their brands' names and owners' e-mails: one query to each module (no owner: not shown). */
const withNames = async (db: Tx, rows: { campaign: CampaignRow }[]): Promise<SelectedRow[]> => {
  const [names, owners] = await Promise.all([
    brandSummaries(
      db,
      rows.map((row) => row.campaign.brandId),
    ),
    userSummaries(
      db,
      rows.map((row) => row.campaign.ownerId),
    ),
  ]);
  return rows.flatMap(({ campaign }) => {
    const owner = owners.get(campaign.ownerId);
    return owner ? [{ campaign, brandName: (campaign.brandId && names.get(campaign.brandId)?.commonName) ?? null, ownerEmail: owner.email }] : [];
  });
};

export const toCampaign = ({ campaign: c, brandName, ownerEmail }: SelectedRow, today: string): Campaign => ({
  campaign_id: c.id,
  estimate_id: c.estimateId,
  name: c.name,
  brand_id: c.brandId,
  brand_name: brandName,
  owner_id: c.ownerId,
  owner_email: ownerEmail,
  status: c.status,
  display_status: displayStatusOf(c.status, c.endDate, today),
  start_date: c.startDate,
  end_date: c.endDate,
  ...campaignFigures({
    budgetCents: c.totalBudgetCents,
    spendCents: c.spendCents,
    impressions: c.totalImpressions,
    airedSpots: c.airedSpots,
    totalSpots: c.totalSpots,
  }),
  weekly_spots: c.weeklySpots,
  last_aired_at: c.lastAiredAt?.toISOString() ?? null,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

export const listCampaigns = async ({
  db,
  actor,
  query,
  channels = null,
  today,
}: {
  db: Tx;
  actor: OrderActor;
  query: CampaignListQuery;
  /** The channels whose orders' campaigns are listed (decision 053); null: every channel. */
  channels?: readonly string[] | null;
  today: string;
}): Promise<Campaign[]> => {
  const rows = await selectCampaigns(db)
    .where(
      and(
        campaignScope(actor),
        channels ? inArray(campaigns.channelId, [...channels]) : undefined,
        query.status ? eq(displayStatusSql(today), query.status) : undefined,
        query.brand_id ? eq(campaigns.brandId, query.brand_id) : undefined,
      ),
    )
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(1000);
  return (await withNames(db, rows)).map((row) => toCampaign(row, today));
};

export const getCampaign = async ({ db, actor, id, today }: { db: Tx; actor: OrderActor; id: string; today: string }): Promise<Campaign> => {
  const [row] = await withNames(
    db,
    await selectCampaigns(db)
      .where(and(eq(campaigns.id, id), campaignScope(actor)))
      .limit(1),
  );
  if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound);
  return toCampaign(row, today);
};

/** The campaign row when the caller may see it (404 otherwise); `lock` takes it for the rest of the transaction. */
export const visibleCampaignRow = async (tx: Tx, actor: OrderActor, id: string, lock = false): Promise<CampaignRow> => {
  const query = tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), campaignScope(actor)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound);
  return row;
};
