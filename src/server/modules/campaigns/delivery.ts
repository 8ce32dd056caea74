/**
 * POST /campaigns/:id/simulate-impression (admins): one simulated airing on every station (decision
 * 048). With demo data (SPOTBOOK_DEMO) it airs a log spot whose time has passed, at its time, marked
 * simulated (decision 031); without demo data it records an airing tied to no log spot, at now: no
 * spot changes status. Either way "Simulated" on screen, never certified on an affidavit, never billed.
 */
import { CAMPAIGN_MESSAGES, type SimulateImpressionReply } from '../../../domain/campaign-schemas';
import { airingOf, displayStatusOf } from '../../../domain/campaigns';
import { toCents, toDollars } from '../../../domain/money';
import type { OrderActor } from '../../../domain/orders';
import type { Db } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { itemsWithDayparts, selectionOf } from '../orders/public';
import { lockNextDueSpot, markSpotSimulatedAired, orderHasSpots } from '../traffic/public';
import { recordAirings } from './airings';
import { getCampaign, visibleCampaignRow } from './queries';

/**
 * Records one airing of one spot: the order's next scheduled spot on the traffic log (marked aired
 * and linked to the delivery, the path as-run imports take), or before the log has one, the order's
 * dayparts taken in turn (airtime order, the next after the spots already aired): 1366 × multiplier impressions, spend = impressions ÷ 1000 × CPM
 * (the custom CPM, else the base). Only an active campaign airs; the spend never passes the budget
 * (the last airing is cut to what is left) and no more spots air than were planned.
 */
export const simulateImpression = async ({
  db,
  actor,
  id,
  demo,
  now,
  today,
}: {
  db: Db;
  actor: OrderActor;
  id: string;
  demo: boolean;
  now: Date;
  today: string;
}): Promise<SimulateImpressionReply> => {
  const airing = await db.transaction(async (tx) => {
    const campaign = await visibleCampaignRow(tx, actor, id, true);
    if (displayStatusOf(campaign.status, campaign.endDate, today) !== 'active') throw conflict(CAMPAIGN_MESSAGES.notActive);
    const remaining = campaign.totalBudgetCents - campaign.spendCents;
    if (remaining <= 0) throw conflict(CAMPAIGN_MESSAGES.budgetSpent);
    if (campaign.airedSpots >= campaign.totalSpots) throw conflict(CAMPAIGN_MESSAGES.allAired);
    const rows = await itemsWithDayparts(tx, campaign.estimateId);
    // The log's earliest scheduled spot whose time has passed airs, at its time; before the log holds
    // any spot of the order, the dayparts take turns (an airing with no spot, simulated all the same).
    // Without demo data the traffic log is the station's truth: nothing on it is touched (decision 052).
    const spot = demo ? await lockNextDueSpot(tx, campaign.estimateId, now) : undefined;
    if (!spot && demo && (await orderHasSpots(tx, campaign.estimateId))) throw conflict(CAMPAIGN_MESSAGES.nothingDue);
    const next =
      (spot && rows.find((r) => r.item.id === spot.estimateItemId || r.daypart.id === spot.daypartId)) ?? rows[campaign.airedSpots % Math.max(1, rows.length)];
    if (!next) throw conflict(CAMPAIGN_MESSAGES.noItems);
    const selection = selectionOf(next.daypart, next.item);
    const { impressions, spendCents } = airingOf(selection.multiplier, toCents(selection.cpm), remaining);
    const airedAt = spot?.scheduledAt ?? now;
    if (spot) await markSpotSimulatedAired(tx, spot.id, airedAt, now);
    await recordAirings(tx, [
      { campaignId: campaign.id, daypartId: next.daypart.id, airedAt, impressions, spendCents, spotId: spot?.id ?? null, simulated: true },
    ]);
    return { daypart_id: next.daypart.id, daypart_name: next.daypart.name, aired_at: airedAt.toISOString(), impressions, spend: toDollars(spendCents) };
  });
  return {
    message: `Recorded ${airing.impressions} impressions for ${airing.daypart_name}`,
    airing,
    campaign: await getCampaign({ db, actor, id, today }),
  };
};
