/**
 * get_media_buy_delivery (decision 035): per package and in total, the buy's spots on the traffic log
 * by status (scheduled, aired, missed, unconfirmed), and the impressions and spend of the airings
 * master control reported (as-run). Makegoods count as the delivery they add. `is_final` once the
 * flight is over and no spot is left to settle. Simulated (demo) airings are never delivery.
 */
import { toDollars } from '../../../domain/money';
import { realDeliveryOfSpots } from '../campaigns/public';
import { realSpotsOfOrders } from '../traffic/public';
import type { Tx } from '../../platform/db';
import { mediaBuyStatusOf, packagesOf, type BuyView } from './buy-views';
import { CPM_OPTION_ID } from './products';

interface Counts {
  scheduled: number;
  aired: number;
  missed: number;
  unconfirmed: number;
  makegoods_aired: number;
  impressions: number;
  spend_cents: number;
}
const empty = (): Counts => ({ scheduled: 0, aired: 0, missed: 0, unconfirmed: 0, makegoods_aired: 0, impressions: 0, spend_cents: 0 });

const metrics = (c: Counts) => ({
  impressions: c.impressions,
  spend: toDollars(c.spend_cents),
  ext: {
    spotbook: {
      spots_scheduled: c.scheduled,
      spots_aired: c.aired,
      spots_missed: c.missed,
      spots_unconfirmed: c.unconfirmed,
      makegood_spots_aired: c.makegoods_aired,
    },
  },
});

/**
 * The orders' real spots per order, daypart, status and makegood (the traffic module's), with the
 * delivery recorded against them (the campaigns module's): a count and sums per group.
 */
const spotGroupsOf = async (db: Tx, estimateIds: string[]) => {
  const spots = await realSpotsOfOrders(db, estimateIds);
  const delivered = await realDeliveryOfSpots(
    db,
    spots.map((spot) => spot.id),
  );
  const groups = new Map<
    string,
    { estimateId: string; daypartId: string; status: string; makegood: boolean; impressions: number; spendCents: number; count: number }
  >();
  for (const spot of spots) {
    const key = `${spot.estimateId}|${spot.daypartId}|${spot.status}|${spot.makegood}`;
    const group = groups.get(key) ?? {
      estimateId: spot.estimateId,
      daypartId: spot.daypartId,
      status: spot.status,
      makegood: spot.makegood,
      impressions: 0,
      spendCents: 0,
      count: 0,
    };
    const delivery = delivered.get(spot.id);
    group.count += 1;
    group.impressions += delivery?.impressions ?? 0;
    group.spendCents += delivery?.spendCents ?? 0;
    groups.set(key, group);
  }
  return [...groups.values()];
};

export const deliveryOf = async (db: Tx, views: BuyView[], today: string) => {
  const ids = views.map((v) => v.order.id);
  const spots = await spotGroupsOf(db, ids);
  const deliveries = views.map((view) => {
    const packages = packagesOf(view);
    const byPackage = new Map(packages.map((p) => [p.daypart_id, empty()]));
    const total = empty();
    for (const row of spots.filter((s) => s.estimateId === view.order.id)) {
      for (const c of [byPackage.get(row.daypartId), total]) {
        if (!c) continue;
        if (row.status === 'scheduled') c.scheduled += row.count;
        if (row.status === 'aired' || row.status === 'made_good') c.aired += row.count;
        if (row.status === 'aired' && row.makegood) c.makegoods_aired += row.count;
        if (row.status === 'missed') c.missed += row.count;
        if (row.status === 'unconfirmed') c.unconfirmed += row.count;
        c.impressions += Math.round(Number(row.impressions));
        c.spend_cents += Number(row.spendCents);
      }
    }
    const status = mediaBuyStatusOf(view.order.status, view.campaignStatus);
    const flightOver = view.order.endDate !== null && view.order.endDate < today;
    const isFinal = flightOver && total.scheduled === 0 && total.unconfirmed === 0 && ['completed', 'active'].includes(view.order.status);
    return {
      media_buy_id: view.order.id,
      buyer_ref: view.buy.buyerRef ?? undefined,
      status,
      pricing_model: 'cpm' as const,
      is_final: isFinal,
      totals: {
        ...metrics(total),
        effective_rate: total.impressions > 0 ? Math.round((toDollars(total.spend_cents) / total.impressions) * 1000 * 100) / 100 : undefined,
      },
      by_package: packages.map((p) => ({
        package_id: p.package_id,
        buyer_ref: p.buyer_ref ?? undefined,
        pricing_model: 'cpm' as const,
        currency: 'USD',
        paused: status === 'paused',
        ...metrics(byPackage.get(p.daypart_id) ?? empty()),
        ext: {
          spotbook: {
            ...metrics(byPackage.get(p.daypart_id) ?? empty()).ext.spotbook,
            pricing_option_id: p.pricing_option_id ?? CPM_OPTION_ID,
            spot_length_seconds: p.spot_length,
          },
        },
      })),
    };
  });
  const starts = views.map((v) => v.order.startDate).filter((d): d is string => !!d);
  const ends = views.map((v) => v.order.endDate).filter((d): d is string => !!d);
  return {
    reporting_period: { start: `${starts.sort()[0] ?? today}T00:00:00Z`, end: `${ends.sort().at(-1) ?? today}T23:59:59Z` },
    currency: 'USD',
    notification_type: deliveries.length > 0 && deliveries.every((d) => d.is_final) ? ('final' as const) : ('scheduled' as const),
    aggregated_totals: {
      impressions: deliveries.reduce((sum, d) => sum + d.totals.impressions, 0),
      spend: Math.round(deliveries.reduce((sum, d) => sum + d.totals.spend, 0) * 100) / 100,
      media_buy_count: deliveries.length,
    },
    media_buy_deliveries: deliveries,
  };
};
