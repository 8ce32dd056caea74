/**
 * POST /campaigns/:id/simulate-impression (admins): one simulated airing on every station (decision
 * 048). With demo data (SPOTBOOK_DEMO) it airs a log spot whose time has passed, at its time, marked
 * simulated (decision 031); without demo data it records an airing tied to no log spot, at now: no
 * spot changes status. Either way "Simulated" on screen, never certified on an affidavit, never billed.
 */
import { CAMPAIGN_MESSAGES, type SimulateImpressionReply } from '../../../domain/campaign-schemas';
import { airingOf, displayStatusOf, lineAiringOf } from '../../../domain/campaigns';
import { toCents, toDollars } from '../../../domain/money';
import type { OrderActor } from '../../../domain/orders';
import type { Db, Tx } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { daypartsByIds } from '../dayparts/public';
import { itemsWithDayparts, scheduleLinesOf, selectionOf } from '../orders/public';
import { lockNextDueSpot, markSpotSimulatedAired, orderHasSpots } from '../traffic/public';
import { recordAirings } from './airings';
import { getCampaign, visibleCampaignRow } from './queries';

type DueSpot = Awaited<ReturnType<typeof lockNextDueSpot>>;

/** An item's airing: the spot's item (or daypart), else the order's dayparts in turn; the item's CPM. */
const itemAiring = (rows: Awaited<ReturnType<typeof itemsWithDayparts>>, spot: DueSpot, airedSpots: number, remaining: number) => {
  const next = (spot && rows.find((r) => r.item.id === spot.estimateItemId || r.daypart.id === spot.daypartId)) ?? rows[airedSpots % rows.length]!;
  const selection = selectionOf(next.daypart, next.item);
  return { daypart: next.daypart, ...airingOf(selection.multiplier, toCents(selection.cpm), remaining) };
};

/**
 * A schedule's airing (issue 42, decision 056): the spot's line, else the lines with spots in turn; the
 * daypart's impressions at the line's rate per spot (lineAiringOf, as an as-run's airing of the line).
 */
const lineAiring = async (tx: Tx, estimateId: string, spot: DueSpot, airedSpots: number, remaining: number) => {
  const lines = (await scheduleLinesOf(tx, estimateId)).filter((l) => l.weeks.some((w) => w.spots > 0));
  const line = (spot && lines.find((l) => l.id === spot.scheduleLineId)) ?? lines[airedSpots % Math.max(1, lines.length)];
  if (!line) throw conflict(CAMPAIGN_MESSAGES.noItems);
  const daypart = (await daypartsByIds(tx, [line.daypartId])).get(line.daypartId);
  if (!daypart) throw conflict(CAMPAIGN_MESSAGES.noItems);
  return { daypart, ...lineAiringOf(daypart.multiplier, line.rateCents, remaining) };
};

/**
 * Records one airing of one spot: the order's next scheduled spot on the traffic log (marked aired
 * and linked to the delivery, the path as-run imports take), or before the log has one, the order's
 * dayparts taken in turn (airtime order, the next after the spots already aired): 1366 × multiplier impressions, spend = impressions ÷ 1000 × CPM
 * (the custom CPM, else the base); a schedule's spot, the daypart's impressions at its line's rate per spot. Only an active campaign airs; the spend never passes the budget
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
    const airedAt = spot?.scheduledAt ?? now;
    const aired =
      rows.length > 0
        ? itemAiring(rows, spot, campaign.airedSpots, remaining)
        : await lineAiring(tx, campaign.estimateId, spot, campaign.airedSpots, remaining);
    if (spot) await markSpotSimulatedAired(tx, spot.id, airedAt, now);
    await recordAirings(tx, [
      {
        campaignId: campaign.id,
        daypartId: aired.daypart.id,
        airedAt,
        impressions: aired.impressions,
        spendCents: aired.spendCents,
        spotId: spot?.id ?? null,
        simulated: true,
      },
    ]);
    return {
      daypart_id: aired.daypart.id,
      daypart_name: aired.daypart.name,
      aired_at: airedAt.toISOString(),
      impressions: aired.impressions,
      spend: toDollars(aired.spendCents),
    };
  });
  return {
    message: `Recorded ${airing.impressions} impressions for ${airing.daypart_name}`,
    airing,
    campaign: await getCampaign({ db, actor, id, today }),
  };
};
