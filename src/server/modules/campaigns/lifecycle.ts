/**
 * A campaign's life: made from an order (automatically when the order is scheduled or activated,
 * or by an admin from a booked order), moved with its order's status, paused and resumed by admins.
 */
import { eq } from 'drizzle-orm';
import { CAMPAIGN_MESSAGES, type Campaign } from '../../../domain/campaign-schemas';
import {
  CAMPAIGN_SOURCE_STATUSES,
  campaignFollowUp,
  campaignPlan,
  scheduleCampaignPlan,
  displayStatusOf,
  initialCampaignStatus,
  statusChangeRefusal,
  type CampaignStatus,
  type CampaignStatusChange,
} from '../../../domain/campaigns';
import { toDollars } from '../../../domain/money';
import type { OrderActor, OrderStatus } from '../../../domain/orders';
import { campaigns } from '../../db/schema';
import { isUniqueViolation, type Db, type Tx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { itemsWithDayparts, lockOrder, scheduleLinesOf, selectionOf, type OrderRow } from '../orders/public';
import { getCampaign, visibleCampaignRow } from './queries';

/** Name, brand, dates, budget and spots of the campaign, from its order as it is now. */
const planFromOrder = async (tx: Tx, order: OrderRow) => {
  const rows = await itemsWithDayparts(tx, order.id);
  // An order holding a schedule has no items: its spots are its schedule's (decision 056).
  const scheduled = rows.length === 0 ? await scheduleLinesOf(tx, order.id) : [];
  const plan =
    rows.length > 0
      ? campaignPlan(
          toDollars(order.totalSpendCents),
          rows.map((r) => selectionOf(r.daypart, r.item)),
        )
      : scheduleCampaignPlan(scheduled);
  const columns = {
    name: order.estimateName,
    brandId: order.brandId,
    startDate: order.startDate,
    endDate: order.endDate,
    totalBudgetCents: order.totalSpendCents,
    weeklySpots: plan.weeklySpots,
    totalSpots: plan.totalSpots,
  };
  return { columns, itemCount: rows.length + scheduled.length };
};

const campaignOfOrder = async (tx: Tx, estimateId: string) => {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.estimateId, estimateId)).limit(1).for('update');
  return row ?? null;
};

/**
 * The hook of the order's status changes (Order Management and review), inside their transaction:
 * scheduling creates the campaign (waiting for its start date), activating starts it, completing
 * completes it, moving the order back to draft, ordered, modified or rejected cancels it (see
 * campaignFollowUp). When the campaign is scheduled or started its plan is refreshed from the order.
 */
export const syncCampaignWithOrder = async (tx: Tx, order: OrderRow, to: OrderStatus): Promise<void> => {
  const current = await campaignOfOrder(tx, order.id);
  const followUp = campaignFollowUp(to, current?.status ?? null);
  if (!followUp) return;
  if (!current) {
    const { columns } = await planFromOrder(tx, order);
    await tx.insert(campaigns).values({ ...columns, estimateId: order.id, channelId: order.channelId, ownerId: order.ownerId, status: followUp.status });
    return;
  }
  const refresh = followUp.status === 'scheduled' || followUp.status === 'active';
  const columns = refresh ? (await planFromOrder(tx, order)).columns : {};
  await tx
    .update(campaigns)
    .set({ ...columns, status: followUp.status, updatedAt: new Date() })
    .where(eq(campaigns.id, current.id));
};

/** POST /campaigns/from-estimate/:estimateId (admins): a booked order (approved, scheduled or active) becomes a campaign. */
export const createCampaignFromEstimate = async ({
  db,
  actor,
  estimateId,
  today,
}: {
  db: Db;
  actor: OrderActor;
  estimateId: string;
  today: string;
}): Promise<Campaign> => {
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, estimateId);
      if (!order) throw notFound(CAMPAIGN_MESSAGES.estimateNotFound);
      if (await campaignOfOrder(tx, order.id)) throw conflict(CAMPAIGN_MESSAGES.exists);
      if (!(CAMPAIGN_SOURCE_STATUSES as readonly OrderStatus[]).includes(order.status)) throw conflict(CAMPAIGN_MESSAGES.sourceStatus);
      const { columns, itemCount } = await planFromOrder(tx, order);
      if (itemCount === 0) throw badRequest(CAMPAIGN_MESSAGES.noItems);
      if (!columns.startDate) throw badRequest(CAMPAIGN_MESSAGES.noStartDate);
      const [row] = await tx
        .insert(campaigns)
        .values({ ...columns, estimateId: order.id, channelId: order.channelId, ownerId: order.ownerId, status: initialCampaignStatus(order.status) })
        .returning({ id: campaigns.id });
      return row!.id;
    });
  } catch (error) {
    // Two admins at once: the second one finds the campaign made.
    if (isUniqueViolation(error)) throw conflict(CAMPAIGN_MESSAGES.exists);
    throw error;
  }
  return getCampaign({ db, actor, id, today });
};

/** PATCH /campaigns/:id/status (admins): pause an active campaign, resume a paused one. */
export const changeCampaignStatus = async ({
  db,
  actor,
  id,
  to,
  today,
}: {
  db: Db;
  actor: OrderActor;
  id: string;
  to: CampaignStatusChange;
  today: string;
}): Promise<Campaign> => {
  await db.transaction(async (tx) => {
    const row = await visibleCampaignRow(tx, actor, id, true);
    const refusal = statusChangeRefusal(displayStatusOf(row.status, row.endDate, today), to);
    if (refusal) throw conflict(refusal);
    const status: CampaignStatus = to;
    await tx.update(campaigns).set({ status, updatedAt: new Date() }).where(eq(campaigns.id, id));
  });
  return getCampaign({ db, actor, id, today });
};
