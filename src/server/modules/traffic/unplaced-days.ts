/**
 * Days never placed (issue 44): broadcast days of the last 30 that passed with no log, while sold orders
 * had spots booked on them — the station (its clock) was not running past the horizon. Their spots never
 * aired, were never missed and are not billed; nothing else lists them, so Discrepancies does, day by day.
 */
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { addDays } from '../../../domain/dates';
import { SOLD_STATUSES } from '../../../domain/orders';
import type { Discrepancies } from '../../../domain/traffic-schemas';
import { airsOn } from '../../../domain/traffic';
import { trafficDays } from '../../db/schema';
import { campaignStatesView } from '../campaigns/public';
import { daypartWindowsView } from '../dayparts/public';
import { orderItemsView, ordersView } from '../orders/views';
import type { Db } from '../../platform/db';

/** How far back Discrepancies looks for days never placed. */
export const UNPLACED_LOOKBACK_DAYS = 30;

export const unplacedDays = async (db: Db, today: string, channels: readonly string[] | null): Promise<Discrepancies['unplaced_days']> => {
  const from = addDays(today, -UNPLACED_LOOKBACK_DAYS);
  const to = addDays(today, -1);
  const inChannels = channels ? inArray(daypartWindowsView.channelId, [...channels]) : undefined;
  const [items, placed] = await Promise.all([
    db
      .select({
        estimateId: ordersView.id,
        startDate: ordersView.startDate,
        endDate: ordersView.endDate,
        spots: orderItemsView.spotsPerOccurrence,
        channelId: daypartWindowsView.channelId,
        daysOfWeek: daypartWindowsView.daysOfWeek,
        campaignStatus: campaignStatesView.status,
      })
      .from(orderItemsView)
      .innerJoin(ordersView, eq(ordersView.id, orderItemsView.estimateId))
      .innerJoin(daypartWindowsView, eq(daypartWindowsView.id, orderItemsView.daypartId))
      .leftJoin(campaignStatesView, eq(campaignStatesView.estimateId, ordersView.id))
      .where(and(inArray(ordersView.status, [...SOLD_STATUSES]), lte(ordersView.startDate, to), gte(ordersView.endDate, from), inChannels)),
    db
      .select({ channelId: trafficDays.channelId, airDate: trafficDays.airDate, digest: trafficDays.inputsDigest, exportedAt: trafficDays.exportedAt })
      .from(trafficDays)
      .where(and(gte(trafficDays.airDate, from), lte(trafficDays.airDate, to))),
  ]);
  const placedKeys = new Set(placed.filter((d) => d.digest !== '' || d.exportedAt !== null).map((d) => `${d.channelId}|${d.airDate}`));
  const days = new Map<string, { channel_id: string; date: string; spots: number; orders: Set<string> }>();
  for (const item of items) {
    if (!item.startDate || !item.endDate || item.campaignStatus === 'paused') continue;
    for (let date = item.startDate < from ? from : item.startDate; date <= item.endDate && date <= to; date = addDays(date, 1)) {
      if (!airsOn(item, date) || placedKeys.has(`${item.channelId}|${date}`)) continue;
      const key = `${item.channelId}|${date}`;
      const day = days.get(key) ?? { channel_id: item.channelId, date, spots: 0, orders: new Set<string>() };
      day.spots += item.spots;
      day.orders.add(item.estimateId);
      days.set(key, day);
    }
  }
  return [...days.values()]
    .sort((a, b) => (a.date === b.date ? a.channel_id.localeCompare(b.channel_id) : b.date.localeCompare(a.date)))
    .map(({ orders, ...day }) => ({ ...day, orders: orders.size }));
};
