/**
 * An order's daypart selections. Every change runs in one transaction that holds the order's
 * row lock, and recomputes the order's weekly cost, end date and amount owed before it ends.
 */
import { and, eq } from 'drizzle-orm';
import { ESTIMATE_MESSAGES, type EstimateItem, type ItemBulkInput, type ItemCreateInput, type ItemUpdateInput } from '../../../domain/estimate-schemas';
import { toCents } from '../../../domain/money';
import { canEditOrder, type OrderActor } from '../../../domain/orders';
import { cpmError, selectionDefaults, spotsError } from '../../../domain/pricing';
import { CHANNEL_MESSAGES } from '../../../domain/channel-schemas';
import { estimateItems } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { daypartsByIds, type DaypartRow } from '../dayparts/public';
import { assertCapacityForBooking, getDaypart } from '../dayparts/service';
import { assertOrderNotInvoiced } from '../billing/order-lock';
import {
  bookedRateOf,
  daypartLimits,
  isBooked,
  itemsWithDayparts,
  keepBookedRates,
  lockReadableOrder,
  readableOrder,
  recomputeOrder,
  type OrderRow,
} from '../orders/orders';
import { getItem, listItems } from './items-queries';
import { hasSchedule } from './schedule-store';
import { SCHEDULE_MESSAGES } from '../../../domain/schedule-schemas';

/**
 * Spots and custom CPM checked against the daypart's limits (exact spec messages); a refusal names
 * the field, under `at` for an entry of a bulk selection (`selectedDayparts[2].`, decision 043).
 */
const checkSpots = (daypart: DaypartRow, spots: number, at = '') => {
  const error = spotsError(daypartLimits(daypart), spots);
  if (error) throw badRequest(error, `${at}spots_per_occurrence`);
  return spots;
};
const ofOrdersChannel = (order: OrderRow, daypart: DaypartRow, at: string) => {
  if (daypart.channelId !== order.channelId) throw badRequest(CHANNEL_MESSAGES.daypartOfOtherChannel, `${at}daypart_id`);
  return daypart;
};
const checkCpm = (daypart: DaypartRow, cpm: number | null, at = '') => {
  if (cpm == null) return null;
  const error = cpmError(daypartLimits(daypart), cpm);
  if (error) throw badRequest(error, `${at}user_defined_cpm`);
  return toCents(cpm);
};

/**
 * A new selection: a daypart of the order's channel (decision 053); spots default to the daypart's spot
 * frequency; no custom CPM means its base CPM.
 */
const newSelection = (order: OrderRow, daypart: DaypartRow, input: Omit<ItemCreateInput, 'daypart_id'>, at = '') => ({
  daypartId: ofOrdersChannel(order, daypart, at).id,
  spotsPerOccurrence: checkSpots(daypart, input.spots_per_occurrence ?? selectionDefaults(daypartLimits(daypart)).spotsPerDay, at),
  userDefinedCpmCents: checkCpm(daypart, input.user_defined_cpm ?? null, at),
});

/** The order locked for an item change: 409 once it has a live invoice (its price is frozen), 403 when the caller may not edit it. */
const lockOrderForItemChange = async (tx: Tx, actor: OrderActor, estimateId: string): Promise<OrderRow> => {
  const order = await lockReadableOrder(tx, actor, estimateId);
  await assertOrderNotInvoiced(tx, order.id);
  if (!canEditOrder(actor, order)) throw forbidden(ESTIMATE_MESSAGES.editRefused);
  // An order holds daypart items or a schedule, not both (decision 056).
  if (await hasSchedule(tx, order.id)) throw conflict(SCHEDULE_MESSAGES.hasSchedule);
  return order;
};

/** After any item change: a booked order's new items get their booked rate, the order's totals, and for a booked order its dayparts' capacity. */
const afterItemsChange = async (tx: Tx, order: OrderRow) => {
  await keepBookedRates(tx, order, order.status);
  // The order's row is locked and an item change leaves it as it was: it need not be read again.
  await recomputeOrder(tx, order);
  if (isBooked(order.status)) await assertCapacityForBooking({ tx, estimateId: order.id });
};

export const listOrderItems = async ({ db, actor, estimateId }: { db: Db; actor: OrderActor; estimateId: string }): Promise<EstimateItem[]> => {
  await readableOrder(db, actor, estimateId);
  return listItems(db, estimateId);
};

export const addItem = async ({
  db,
  actor,
  estimateId,
  input,
}: {
  db: Db;
  actor: OrderActor;
  estimateId: string;
  input: ItemCreateInput;
}): Promise<EstimateItem> => {
  const itemId = await db.transaction(async (tx) => {
    const order = await lockOrderForItemChange(tx, actor, estimateId);
    const daypart = await getDaypart({ db: tx, id: input.daypart_id });
    const [taken] = await tx
      .select({ id: estimateItems.id })
      .from(estimateItems)
      .where(and(eq(estimateItems.estimateId, estimateId), eq(estimateItems.daypartId, daypart.id)))
      .limit(1);
    if (taken) throw conflict(ESTIMATE_MESSAGES.duplicateDaypart);
    const [row] = await tx
      .insert(estimateItems)
      .values({ estimateId, ...newSelection(order, daypart, input) })
      .returning({ id: estimateItems.id });
    await afterItemsChange(tx, order);
    return row!.id;
  });
  return getItem(db, estimateId, itemId);
};

/** Replaces the order's selection; every entry is checked before anything changes. */
export const replaceItems = async ({
  db,
  actor,
  estimateId,
  input,
}: {
  db: Db;
  actor: OrderActor;
  estimateId: string;
  input: ItemBulkInput;
}): Promise<EstimateItem[]> => {
  await db.transaction(async (tx) => {
    const order = await lockOrderForItemChange(tx, actor, estimateId);
    const byId = await daypartsByIds(
      tx,
      input.selectedDayparts.map((s) => s.daypart_id),
    );
    const seen = new Set<string>();
    const values = input.selectedDayparts.map((entry, index) => {
      const daypart = byId.get(entry.daypart_id);
      if (!daypart) throw notFound(ESTIMATE_MESSAGES.daypartNotFound);
      if (seen.has(daypart.id)) throw conflict(ESTIMATE_MESSAGES.duplicateDaypart);
      seen.add(daypart.id);
      return { estimateId, ...newSelection(order, daypart, entry, `selectedDayparts[${index}].`) };
    });
    await tx.delete(estimateItems).where(eq(estimateItems.estimateId, estimateId));
    if (values.length) await tx.insert(estimateItems).values(values);
    await afterItemsChange(tx, order);
  });
  return listItems(db, estimateId);
};

export const updateItem = async ({
  db,
  actor,
  estimateId,
  itemId,
  input,
}: {
  db: Db;
  actor: OrderActor;
  estimateId: string;
  itemId: string;
  input: ItemUpdateInput;
}): Promise<EstimateItem> => {
  await db.transaction(async (tx) => {
    const order = await lockOrderForItemChange(tx, actor, estimateId);
    const [row] = await itemsWithDayparts(tx, estimateId, itemId);
    if (!row) throw notFound(ESTIMATE_MESSAGES.itemNotFound);
    const set: Partial<typeof estimateItems.$inferInsert> = {};
    if (input.spots_per_occurrence !== undefined) set.spotsPerOccurrence = checkSpots(row.daypart, input.spots_per_occurrence);
    if (input.user_defined_cpm !== undefined) set.userDefinedCpmCents = checkCpm(row.daypart, input.user_defined_cpm);
    if (Object.keys(set).length === 0) return;
    // A new custom CPM on a booked line is its new booked CPM (the multiplier it was booked at stays).
    if (set.userDefinedCpmCents !== undefined && row.item.bookedCpmCents != null)
      set.bookedCpmCents = bookedRateOf(row.daypart, { ...row.item, ...set }).bookedCpmCents;
    await tx.update(estimateItems).set(set).where(eq(estimateItems.id, itemId));
    await afterItemsChange(tx, order);
  });
  return getItem(db, estimateId, itemId);
};

export const deleteItem = async ({ db, actor, estimateId, itemId }: { db: Db; actor: OrderActor; estimateId: string; itemId: string }) => {
  await db.transaction(async (tx) => {
    const order = await lockOrderForItemChange(tx, actor, estimateId);
    const [row] = await tx
      .delete(estimateItems)
      .where(and(eq(estimateItems.id, itemId), eq(estimateItems.estimateId, estimateId)))
      .returning({ id: estimateItems.id });
    if (!row) throw notFound(ESTIMATE_MESSAGES.itemNotFound);
    await afterItemsChange(tx, order);
  });
};
