/**
 * Loading an order for a change, and keeping its computed columns (weekly cost, end date,
 * amount owed) in step with its budget, start date and items. Shared with estimate-items.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ESTIMATE_MESSAGES, MAX_CAMPAIGN_DAYS } from '../../../domain/estimate-schemas';
import { toCents, toDollars } from '../../../domain/money';
import { BOOKED_STATUSES, amountOwed, canReadOrder, type OrderActor, type OrderStatus } from '../../../domain/orders';
import { campaignDuration, quoteOrder, selectionDefaults, weeklyCost, type DaypartLimits, type PricedSelection } from '../../../domain/pricing';
import { estimateItems, estimates } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { sqlArray } from '../../platform/sql-arrays';
import { byAirtime, daypartsByIds, type DaypartRow } from '../dayparts/public';
import { scheduleQuote } from './schedule-store';

export type OrderRow = typeof estimates.$inferSelect;
type ItemRow = typeof estimateItems.$inferSelect;

export const isBooked = (status: OrderStatus) => (BOOKED_STATUSES as readonly OrderStatus[]).includes(status);

/** The order, when the caller may see it (404 otherwise); no lock, for reads. */
export const readableOrder = async (db: Tx, actor: OrderActor, id: string): Promise<OrderRow> => {
  const [order] = await db.select().from(estimates).where(eq(estimates.id, id)).limit(1);
  if (!order || !canReadOrder(actor, order)) throw notFound(ESTIMATE_MESSAGES.notFound);
  return order;
};

/** The order, locked for the rest of the transaction; 404 when it is missing or not the caller's to see. */
export const lockReadableOrder = async (tx: Tx, actor: OrderActor, id: string): Promise<OrderRow> => {
  const [order] = await tx.select().from(estimates).where(eq(estimates.id, id)).limit(1).for('update');
  if (!order || !canReadOrder(actor, order)) throw notFound(ESTIMATE_MESSAGES.notFound);
  return order;
};

/** The order locked for the rest of the transaction, with no actor check (the caller already checked or acts as the station); undefined when missing. */
export const lockOrder = async (tx: Tx, id: string): Promise<OrderRow | undefined> => {
  const [order] = await tx.select().from(estimates).where(eq(estimates.id, id)).limit(1).for('update');
  return order;
};

export const daypartLimits = (d: DaypartRow): DaypartLimits => ({
  name: d.name,
  spotFrequency: d.spotFrequency,
  minCpm: toDollars(d.minCpmCents),
  baseCpm: toDollars(d.baseCpmCents),
});

/** What an item's price is made of; the booked rate is there once its order is booked. */
export interface PricedItem {
  spotsPerOccurrence: number;
  userDefinedCpmCents: number | null;
  bookedCpmCents?: number | null;
  bookedMultiplier?: number | null;
}

/** These items' priced terms, by id, in one query (one array parameter): what an airing of their spots spends (an as-run import). */
export const pricedItems = async (db: Tx, ids: readonly string[]): Promise<Map<string, PricedItem>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: estimateItems.id,
      spotsPerOccurrence: estimateItems.spotsPerOccurrence,
      userDefinedCpmCents: estimateItems.userDefinedCpmCents,
      bookedCpmCents: estimateItems.bookedCpmCents,
      bookedMultiplier: estimateItems.bookedMultiplier,
    })
    .from(estimateItems)
    .where(sql`${estimateItems.id} = any(${sqlArray(ids, 'uuid')})`);
  return new Map(rows.map(({ id, ...item }) => [id, item]));
};

/**
 * How one item is priced: once booked, at the CPM and multiplier it was booked at (decision 029: a
 * rate-card change after booking changes nothing booked); before, its custom CPM, else the daypart's
 * default (base CPM, else $5), and the daypart's multiplier.
 */
export const selectionOf = (d: DaypartRow, item: PricedItem): PricedSelection => ({
  multiplier: item.bookedMultiplier ?? d.multiplier,
  spotsPerDay: item.spotsPerOccurrence,
  cpm:
    item.bookedCpmCents != null
      ? toDollars(item.bookedCpmCents)
      : item.userDefinedCpmCents != null
        ? toDollars(item.userDefinedCpmCents)
        : selectionDefaults(daypartLimits(d)).cpm,
  daysPerWeek: d.daysOfWeek.length,
});

/** The rate an item is booked at now: its custom CPM, else the daypart's default; the daypart's multiplier. */
export const bookedRateOf = (d: DaypartRow, item: PricedItem) => {
  const live = selectionOf(d, { ...item, bookedCpmCents: null, bookedMultiplier: null });
  return { bookedCpmCents: toCents(live.cpm), bookedMultiplier: live.multiplier };
};

/** An order no longer booked nor delivered (back to draft, review or rejected) prices at the rate card again. */
const priceIsLive = (status: OrderStatus) => !isBooked(status) && status !== 'completed';

/**
 * Keeps the order's booked rates with its status (decision 029): entering a booked status stamps every
 * item without one at today's rate; going back before booking clears them. Completed and reopened
 * orders keep theirs. Runs in the status change's transaction.
 */
export const keepBookedRates = async (tx: Tx, order: Pick<OrderRow, 'id' | 'status'>, to: OrderStatus) => {
  if (!priceIsLive(to)) {
    for (const { item, daypart } of await itemsWithDayparts(tx, order.id)) {
      if (item.bookedCpmCents == null) await tx.update(estimateItems).set(bookedRateOf(daypart, item)).where(eq(estimateItems.id, item.id));
    }
  } else if (!priceIsLive(order.status)) {
    await tx.update(estimateItems).set({ bookedCpmCents: null, bookedMultiplier: null }).where(eq(estimateItems.estimateId, order.id));
  }
};

/** The order's items (or one of them) with their dayparts (read through the dayparts module), in airtime order. */
export const itemsWithDayparts = async (tx: Tx, estimateId: string, itemId?: string): Promise<{ item: ItemRow; daypart: DaypartRow }[]> => {
  const items = await tx
    .select()
    .from(estimateItems)
    .where(and(eq(estimateItems.estimateId, estimateId), itemId ? eq(estimateItems.id, itemId) : undefined));
  const byId = await daypartsByIds(
    tx,
    items.map((item) => item.daypartId),
  );
  return items
    .flatMap((item) => {
      const daypart = byId.get(item.daypartId);
      return daypart ? [{ item, daypart }] : [];
    })
    .sort((a, b) => byAirtime(a.daypart, b.daypart));
};

/**
 * The order's quote: weekly cost and reach of its items, and the end date its budget buys from
 * its start date. A budget that would last longer than MAX_CAMPAIGN_DAYS gives no end date.
 */
export const quoteFor = (order: Pick<OrderRow, 'totalSpendCents' | 'startDate'>, selections: readonly PricedSelection[]) => {
  const budget = toDollars(order.totalSpendCents);
  const tooLong = campaignDuration(budget, weeklyCost(selections)).days > MAX_CAMPAIGN_DAYS;
  return { ...quoteOrder({ selections, budget, startDate: tooLong ? null : order.startDate }), tooLong };
};

/** The columns an order's quote sets: weekly cost, end date, discount (never above the budget) and amount owed. */
export const quotedTotals = (order: Pick<OrderRow, 'totalSpendCents' | 'startDate' | 'discountCents'>, selections: readonly PricedSelection[]) => {
  const quote = quoteFor(order, selections);
  const discount = Math.min(order.discountCents, order.totalSpendCents);
  return {
    totalEstimatedCostCents: toCents(quote.weeklyCost),
    endDate: quote.endDate,
    discountCents: discount,
    totalAmountCents: amountOwed(order.totalSpendCents, discount),
  };
};

/** The columns a schedule sets on its order: budget, flight, weekly cost, discount and amount owed. */
const scheduledTotals = (
  order: Pick<OrderRow, 'discountCents'>,
  schedule: { totalSpendCents: number; startDate: string; endDate: string; weeklyCostCents: number },
) => {
  const discount = Math.min(order.discountCents, schedule.totalSpendCents);
  return {
    totalSpendCents: schedule.totalSpendCents,
    startDate: schedule.startDate,
    endDate: schedule.endDate,
    totalEstimatedCostCents: schedule.weeklyCostCents,
    discountCents: discount,
    totalAmountCents: amountOwed(schedule.totalSpendCents, discount),
  };
};

/**
 * Recomputes weekly cost, end date and amount owed from the stored budget, start date, discount and
 * items. Given the order's row as this transaction last wrote or locked it, it is not read again.
 */
export const recomputeOrder = async (tx: Tx, orderOrId: string | OrderRow): Promise<OrderRow> => {
  const estimateId = typeof orderOrId === 'string' ? orderOrId : orderOrId.id;
  const [order] = typeof orderOrId === 'string' ? await tx.select().from(estimates).where(eq(estimates.id, estimateId)).limit(1) : [orderOrId];
  if (!order) throw notFound(ESTIMATE_MESSAGES.notFound);
  // An order with a schedule (decision 056) takes its budget, flight and weekly cost from it.
  const scheduled = await scheduleQuote(tx, estimateId);
  const totals = scheduled
    ? scheduledTotals(order, scheduled)
    : quotedTotals(
        order,
        (await itemsWithDayparts(tx, estimateId)).map((r) => selectionOf(r.daypart, r.item)),
      );
  const [updated] = await tx
    .update(estimates)
    .set({ ...totals, updatedAt: new Date() })
    .where(eq(estimates.id, estimateId))
    .returning();
  return updated!;
};
