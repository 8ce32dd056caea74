/**
 * Offering makegoods for the spots an as-run import found missed: each gets the nearest free day
 * of its daypart (within the flight or up to 14 days after it), or, when there is none, is credited
 * at once. Runs inside the import's transaction; the owners' notifications are staged with it.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { airingOf } from '../../../domain/campaigns';
import { stationTime } from '../../../domain/dates';
import { channelClocks } from '../channels/public';
import { makegoodAnswerBy, makegoodWindow, onLineDays, proposeMakegoodDay } from '../../../domain/makegoods';
import { toCents } from '../../../domain/money';
import { SOLD_STATUSES } from '../../../domain/orders';
import { makegoodEvents, makegoodOffers } from '../../db/schema';
import { lockDayparts, type DaypartRow } from '../dayparts/public';
import { logSpotsView } from '../traffic/public';
import { orderItemsView, orderScheduleLinesView, ordersView } from '../orders/views';
import { spotCostCentsOf, type ScheduleLineTerms } from '../../../domain/spot-terms';
import type { Tx } from '../../platform/db';
import { selectionOf, type PricedItem } from '../orders/public';
import { stageMakegoodOffer } from '../notifications/events';
import type { Staged } from '../notifications';
import { takenCounter } from './capacity';
import { emitEvent } from '../webhooks/outbox';

const CHUNK = 1000;

/**
 * What one spot costs, in cents (domain/spot-terms): a schedule line's spot its rate per spot (issue 42);
 * an item's spot its delivery's spend at the item's CPM (decision 005); 0 when its line is gone.
 */
export const spotCostCents = (daypart: DaypartRow, item: PricedItem | null, line: ScheduleLineTerms | null = null) =>
  spotCostCentsOf(line, () => {
    if (!item) return 0;
    const selection = selectionOf(daypart, item);
    return airingOf(selection.multiplier, toCents(selection.cpm), Number.MAX_SAFE_INTEGER).spendCents;
  });

/** The rate per spot and spot length of schedule lines (the orders view, one query), by id. */
export const scheduleLineTerms = async (db: Tx, ids: readonly (string | null)[]): Promise<Map<string, ScheduleLineTerms & { days: string[] }>> => {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: orderScheduleLinesView.id,
      rateCents: orderScheduleLinesView.rateCents,
      spotLength: orderScheduleLinesView.spotLength,
      days: orderScheduleLinesView.days,
    })
    .from(orderScheduleLinesView)
    .where(inArray(orderScheduleLinesView.id, wanted));
  return new Map(rows.map((r) => [r.id, { rateCents: r.rateCents, spotLength: r.spotLength, days: r.days }]));
};

/**
 * Offers a makegood for each missed spot without one: those an as-run import settled (`importId`), or
 * the spots the traffic desk names (`spotIds`: a preempted spot, decision 058).
 */
export const offerMakegoods = async ({
  tx,
  importId,
  spotIds,
  now,
  timeZone,
  expiryHours,
}: {
  tx: Tx;
  importId?: string;
  spotIds?: readonly string[];
  now: Date;
  timeZone: string;
  expiryHours: number;
}): Promise<{ offered: number; staged: Staged[]; made: { status: string; airDate: string | null }[] }> => {
  const missed = await tx
    .select({
      spotId: logSpotsView.id,
      channelId: logSpotsView.channelId,
      airDate: logSpotsView.airDate,
      daypartId: logSpotsView.daypartId,
      estimateItemId: logSpotsView.estimateItemId,
      scheduleLineId: logSpotsView.scheduleLineId,
      estimateId: ordersView.id,
      ownerId: ordersView.ownerId,
      estimateName: ordersView.estimateName,
      endDate: ordersView.endDate,
    })
    .from(logSpotsView)
    .innerJoin(ordersView, eq(ordersView.id, logSpotsView.estimateId))
    .leftJoin(makegoodOffers, eq(makegoodOffers.missedSpotId, logSpotsView.id))
    .where(
      and(
        importId !== undefined ? eq(logSpotsView.asRunImportId, importId) : inArray(logSpotsView.id, [...(spotIds ?? [])]),
        eq(logSpotsView.status, 'missed'),
        isNull(makegoodOffers.id),
        inArray(ordersView.status, [...SOLD_STATUSES]),
      ),
    )
    .orderBy(asc(logSpotsView.scheduledAt), asc(logSpotsView.id));
  if (missed.length === 0) return { offered: 0, staged: [], made: [] };

  // Each spot's days are its channel's (decision 053, "Time zones").
  const clocks = await channelClocks(
    tx,
    stationTime(timeZone, () => now),
  );
  const windows = missed.map((m) => makegoodWindow({ missedDate: m.airDate, flightEnd: m.endDate ?? m.airDate, today: clocks.of(m.channelId).today() }));
  const from = windows.reduce((min, w) => (w.first < min ? w.first : min), windows[0]!.first);
  const to = windows.reduce((max, w) => (w.last > max ? w.last : max), windows[0]!.last);
  // Locked in id order, as approvals lock them: an offer and a booking never take the same last spot.
  const daypartIds = [...new Set(missed.map((m) => m.daypartId))].sort();
  const parts = new Map((await lockDayparts(tx, daypartIds)).map((d) => [d.id, d]));
  const itemIds = [...new Set(missed.map((m) => m.estimateItemId).filter((id): id is string => id !== null))];
  const items = new Map<string, typeof orderItemsView.$inferSelect>();
  for (let i = 0; i < itemIds.length; i += CHUNK)
    for (const item of await tx
      .select()
      .from(orderItemsView)
      .where(inArray(orderItemsView.id, itemIds.slice(i, i + CHUNK))))
      items.set(item.id, item);
  const lines = await scheduleLineTerms(
    tx,
    missed.map((m) => m.scheduleLineId),
  );
  const counter = await takenCounter(tx, from, to);

  const offers: (typeof makegoodOffers.$inferInsert)[] = [];
  const perOrder = new Map<string, { ref: { id: string; ownerId: string; estimateName: string }; spots: number }>();
  for (const [k, spot] of missed.entries()) {
    const daypart = parts.get(spot.daypartId);
    if (!daypart) continue;
    const line = spot.scheduleLineId ? (lines.get(spot.scheduleLineId) ?? null) : null;
    const cost = spotCostCents(daypart, spot.estimateItemId ? (items.get(spot.estimateItemId) ?? null) : null, line);
    const window = windows[k]!;
    const day = proposeMakegoodDay({
      daypart: onLineDays(daypart, line?.days),
      first: window.first,
      last: window.last,
      taken: (date) => counter.taken(daypart, date),
    });
    if (day) counter.hold(daypart.id, day);
    offers.push({
      missedSpotId: spot.spotId,
      estimateId: spot.estimateId,
      estimateItemId: spot.estimateItemId,
      scheduleLineId: spot.scheduleLineId,
      daypartId: spot.daypartId,
      airDate: day,
      status: day ? 'offered' : 'unavailable',
      spotCostCents: cost,
      creditCents: day ? 0 : cost,
      expiresAt: day ? makegoodAnswerBy({ now, expiryHours, airDate: day, startTime: daypart.startTime, timeZone: clocks.of(spot.channelId).timeZone }) : null,
    });
    const order = perOrder.get(spot.estimateId) ?? { ref: { id: spot.estimateId, ownerId: spot.ownerId, estimateName: spot.estimateName }, spots: 0 };
    order.spots += 1;
    perOrder.set(spot.estimateId, order);
  }
  const allMade: { status: string; airDate: string | null }[] = [];
  for (let i = 0; i < offers.length; i += CHUNK) {
    const made = await tx
      .insert(makegoodOffers)
      .values(offers.slice(i, i + CHUNK))
      .returning({ id: makegoodOffers.id, status: makegoodOffers.status, airDate: makegoodOffers.airDate });
    await tx
      .insert(makegoodEvents)
      .values(made.map((o) => ({ offerId: o.id, action: o.status === 'offered' ? ('offered' as const) : ('unavailable' as const), airDate: o.airDate })));
    allMade.push(...made);
  }
  const staged: Staged[] = [];
  for (const { ref, spots } of perOrder.values()) {
    staged.push(await stageMakegoodOffer(tx, ref, spots));
    await emitEvent(tx, { type: 'makegood.offered', ownerId: ref.ownerId, data: { order_id: ref.id, missed_spots: spots } });
  }
  return { offered: offers.length, staged, made: allMade };
};
