/**
 * A budget or flight change of a buy the station has approved (decision 035): it waits for the traffic
 * desk beside the booked order, which keeps airing as booked meanwhile. The desk approves it (the order
 * is re-priced at its booked rates and re-checked: budget, overbooking; the lead time was checked when
 * it was asked) or rejects it; either completes its `update_media_buy` task and tells the buyer.
 */
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { PendingChangeView } from '../../../domain/adcp-changes';
import { addDays, daysBetween, type StationTime } from '../../../domain/dates';
import { toCents, toDollars } from '../../../domain/money';
import { budgetTooSmallMessage, weeklyCost } from '../../../domain/pricing';
import { adcpMediaBuys, adcpTasks } from '../../db/schema';
import { ordersView } from '../orders/views';
import type { Db, Tx } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import type { Actor } from '../auth/service';
import { assertOrderNotInvoiced } from '../billing/order-lock';
import { syncCampaignWithOrder } from '../campaigns/service';
import { assertCapacityForBooking } from '../dayparts/service';
import { itemsWithDayparts, lockReadableOrder, reviseOrder, selectionOf, type OrderRow } from '../orders/public';
import { adcpError } from './errors';
import { announceTaskChange } from './buy-views';
import { checkFlight, spotsPerDayFor, stationDateOf, type StoredPackage } from './flight';
import { CPM_OPTION_ID } from './products';

/** The order statuses a waiting change may still be applied to. */
const CHANGEABLE: readonly string[] = ['approved', 'scheduled', 'active'];

export interface PendingChange {
  task_id: string;
  asked_at: string;
  start_date: string;
  end_date: string;
  total_budget: number;
  packages: StoredPackage[];
  previous: { start_date: string; end_date: string; total_budget: number };
}

/**
 * Records the change the buyer asks of an approved buy, after the checks that need no desk: the flight
 * (a new start keeps the lead time and only before the flight starts), and the spec's budget rule on the
 * re-spread spots. Answers the new task's id.
 */
export const requestBuyChange = async ({
  tx,
  actor,
  order,
  pending,
  packages,
  startTime,
  endTime,
  time,
}: {
  tx: Tx;
  actor: Actor;
  order: OrderRow;
  pending: unknown;
  packages: StoredPackage[];
  time: StationTime;
  startTime?: string | null;
  endTime?: string | null;
}): Promise<string> => {
  if (pending)
    throw adcpError('CONFLICT', "A change of this buy already waits for the station's review", {
      field: 'packages',
      suggestion: 'Wait for its task to complete (tasks/get), then ask again',
    });
  const today = time.today();
  const start = order.startDate!;
  const end = order.endDate ?? start;
  if (startTime != null && start <= today)
    throw adcpError('CONFLICT', 'The flight has started: only its end date and budgets can change', { field: 'start_time' });
  const endArg = endTime ?? `${addDays(end, 1)}T00:00:00Z`;
  const flight = startTime != null ? checkFlight(startTime, endArg, time) : { start, end: stationDateOf(endArg, 'end_time', time, { endExclusive: true }) };
  if (flight.end < flight.start || flight.end < today)
    throw adcpError('INVALID_REQUEST', 'end_time must be after start_time and not in the past', { field: 'end_time' });
  const days = daysBetween(flight.start, flight.end) + 1;
  const rows = await itemsWithDayparts(tx, order.id);
  for (const p of packages)
    p.spots_per_day = spotsPerDayFor(
      rows.find((r) => r.daypart.id === p.daypart_id)!.daypart,
      p.spot_length,
      p.pricing_option_id ?? CPM_OPTION_ID,
      p.budget,
      days,
    );
  const total = packages.reduce((sum, p) => sum + p.budget, 0);
  // The spec's rule, at the rates the order is booked at: the budget covers a week of its spots.
  const cost = weeklyCost(
    rows.map((r) => selectionOf(r.daypart, { ...r.item, spotsPerOccurrence: packages.find((p) => p.daypart_id === r.daypart.id)!.spots_per_day })),
  );
  if (total < cost)
    throw adcpError('INVALID_REQUEST', budgetTooSmallMessage(cost), { field: 'packages', suggestion: 'Raise the budget or shorten the flight' });
  const [task] = await tx
    .insert(adcpTasks)
    .values({ ownerId: actor.id, taskType: 'update_media_buy', status: 'submitted', estimateId: order.id })
    .returning({ id: adcpTasks.id });
  const change: PendingChange = {
    task_id: task!.id,
    asked_at: new Date().toISOString(),
    start_date: flight.start,
    end_date: flight.end,
    total_budget: total,
    packages,
    previous: { start_date: start, end_date: end, total_budget: toDollars(order.totalSpendCents) },
  };
  await tx
    .update(adcpMediaBuys)
    .set({ pendingChange: change, revision: sql`${adcpMediaBuys.revision} + 1`, updatedAt: new Date() })
    .where(eq(adcpMediaBuys.estimateId, order.id));
  return task!.id;
};

/** Order Management: the changes of approved buys waiting for the desk. */
export const listPendingChanges = async ({ db }: { db: Db }): Promise<PendingChangeView[]> => {
  const rows = await db
    .select({ id: ordersView.id, name: ordersView.estimateName, buyer: ordersView.sourceName, change: adcpMediaBuys.pendingChange })
    .from(adcpMediaBuys)
    .innerJoin(ordersView, eq(ordersView.id, adcpMediaBuys.estimateId))
    .where(isNotNull(adcpMediaBuys.pendingChange))
    .orderBy(adcpMediaBuys.updatedAt);
  return rows.map((r) => {
    const c = r.change as PendingChange;
    return {
      media_buy_id: r.id,
      order_name: r.name ?? '',
      buyer: r.buyer,
      task_id: c.task_id,
      asked_at: c.asked_at,
      start_date: c.start_date,
      end_date: c.end_date,
      total_budget: c.total_budget,
      previous: c.previous,
    };
  });
};

/**
 * The desk's decision on a waiting change. Approved: the order takes the new budget, flight and spots a
 * day (booked rates kept), refused with the order form's and booking's messages when the budget no
 * longer covers a week or a daypart would be overbooked. Either way the task completes and the buyer
 * is told (push notification and account webhooks, in the same transaction).
 */
export const decideBuyChange = async ({ db, actor, id, approve, notes }: { db: Db; actor: Actor; id: string; approve: boolean; notes?: string | null }) =>
  db.transaction(async (tx) => {
    const order = await lockReadableOrder(tx, actor, id);
    const [buy] = await tx.select().from(adcpMediaBuys).where(eq(adcpMediaBuys.estimateId, id)).for('update');
    const change = buy?.pendingChange as PendingChange | null | undefined;
    if (!buy || !change) throw notFound('This order has no AdCP change waiting for review');
    if (approve) {
      // Withdrawn, rejected or complete since it was asked: nothing booked to change.
      if (!CHANGEABLE.includes(order.status)) throw conflict('This order is no longer booked: reject the change');
      await assertOrderNotInvoiced(tx, id);
      const totalCents = toCents(change.total_budget);
      const priced = await reviseOrder(tx, id, {
        startDate: change.start_date,
        totalSpendCents: totalCents,
        totalAmountCents: totalCents - order.discountCents,
        spotsByDaypart: change.packages.map((p) => ({ daypartId: p.daypart_id, spotsPerOccurrence: p.spots_per_day })),
      });
      const cost = weeklyCost((await itemsWithDayparts(tx, id)).map((r) => selectionOf(r.daypart, r.item)));
      if (change.total_budget < cost) throw conflict(budgetTooSmallMessage(cost));
      await assertCapacityForBooking({ tx, estimateId: id });
      if (priced.status === 'scheduled' || priced.status === 'active') await syncCampaignWithOrder(tx, priced, priced.status);
    }
    await tx
      .update(adcpMediaBuys)
      .set({ pendingChange: null, ...(approve && { packages: change.packages }), revision: sql`${adcpMediaBuys.revision} + 1`, updatedAt: new Date() })
      .where(eq(adcpMediaBuys.estimateId, id));
    await tx
      .update(adcpTasks)
      .set({ status: approve ? 'completed' : 'rejected', note: notes?.trim() || null })
      .where(eq(adcpTasks.id, change.task_id));
    await announceTaskChange(tx, { id, ownerId: order.ownerId }, order.status);
    return { media_buy_id: id, task_id: change.task_id, status: approve ? ('completed' as const) : ('rejected' as const) };
  });
