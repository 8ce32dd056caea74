/**
 * AdCP's update_media_buy (decision 035): a change to a buy, made to its Spotbook order. Its own file
 * since issue 39 (buys.ts creates buys); unchanged.
 */
import { eq, sql } from 'drizzle-orm';
import { addDays, type StationTime } from '../../../domain/dates';
import { toCents } from '../../../domain/money';
import { adcpMediaBuys, adcpTasks } from '../../db/schema';
import { daypartsByIds } from '../dayparts/public';
import type { Db } from '../../platform/db';
import type { Actor } from '../auth/service';
import { changeCampaignStatus } from '../campaigns/service';
import { isBooked, lockReadableOrder, reviseOrder } from '../orders/public';
import { submitOrder, withdrawOrder } from '../orders/transitions';
import type { Staged } from '../notifications';
import { requestBuyChange } from './changes';
import { AWAITING, readBuy, readBuys } from './buy-views';
import { checkFlight, spotsPerDayFor, type StoredPackage } from './flight';
import { adcpError } from './errors';
import { CPM_OPTION_ID } from './products';

export interface UpdateBuyInput {
  media_buy_id?: string | null;
  buyer_ref?: string | null;
  revision?: number | null;
  paused?: boolean | null;
  canceled?: boolean | null;
  start_time?: string | null;
  end_time?: string | null;
  packages?:
    { package_id?: string | null; buyer_ref?: string | null; budget?: number | null; paused?: boolean | null; creative_ids?: string[] | null }[] | null;
  ext?: Record<string, unknown> | null;
}

export interface UpdateBuyResult {
  estimateId: string;
  taskId?: string;
  events: Staged[];
  /** True when the change waits for the station's approval again. */
  submitted: boolean;
}

const findBuyId = async (db: Db, actor: Actor, input: UpdateBuyInput) => {
  if (input.media_buy_id) return (await readBuy(db, actor, input.media_buy_id)).order.id;
  if (input.buyer_ref) {
    const [view] = await readBuys(db, actor, { buyerRefs: [input.buyer_ref] });
    if (view) return view.order.id;
  }
  throw adcpError('MEDIA_BUY_NOT_FOUND', 'Name the media buy with media_buy_id (or buyer_ref)', { field: 'media_buy_id' });
};

export const updateMediaBuy = async ({
  db,
  actor,
  input,
  time,
}: {
  db: Db;
  actor: Actor;
  input: UpdateBuyInput;
  time: StationTime;
}): Promise<UpdateBuyResult> => {
  const today = time.today();
  const id = await findBuyId(db, actor, input);
  const events: Staged[] = [];
  const view = await readBuy(db, actor, id);
  if (input.revision != null && input.revision !== view.buy.revision) {
    throw adcpError('CONFLICT', `The media buy is at revision ${view.buy.revision}, not ${input.revision}`, {
      field: 'revision',
      suggestion: 'Read the buy again (get_media_buys) and retry with its revision',
      details: { current_revision: view.buy.revision },
    });
  }
  const wantsCancel = input.canceled === true || input.ext?.cancel === true;
  if (wantsCancel) {
    // Cancel before air is the owner's withdraw (decision 018): only while the station has not reviewed it.
    if (!AWAITING.includes(view.order.status)) {
      throw adcpError('CONFLICT', 'Only a buy the station has not reviewed yet can be canceled here; ask the traffic desk to cancel a booked buy', {
        field: 'canceled',
      });
    }
    await withdrawOrder({ db, actor, id, events });
    await bumpRevision(db, id);
    return { estimateId: id, events, submitted: false };
  }

  const paused = input.paused ?? input.packages?.find((p) => p.paused != null)?.paused ?? null;
  if (paused !== null && paused !== undefined) {
    if (!view.campaignId || !['active', 'paused'].includes(view.campaignStatus ?? '') || view.order.status === 'completed') {
      throw adcpError('CONFLICT', 'A buy can be paused or resumed once it airs (its campaign is active)', { field: 'paused' });
    }
    const want = paused ? 'paused' : 'active';
    if (view.campaignStatus !== want) await changeCampaignStatus({ db, actor, id: view.campaignId, to: want, today });
  }

  const budgets = (input.packages ?? []).filter((p) => p.budget != null);
  const flightChange = input.start_time != null || input.end_time != null;
  const assignments = (input.packages ?? []).filter((p) => p.creative_ids != null);
  let submitted = false;
  let taskId: string | undefined;
  if (budgets.length > 0 || flightChange || assignments.length > 0) {
    await db.transaction(async (tx) => {
      const order = await lockReadableOrder(tx, actor, id);
      const [buy] = await tx.select().from(adcpMediaBuys).where(eq(adcpMediaBuys.estimateId, id)).for('update');
      const packages = structuredClone(buy!.packages as StoredPackage[]);
      const find = (p: { package_id?: string | null; buyer_ref?: string | null }, index: number) => {
        const found = packages.find((s) => (p.package_id ? s.package_id === p.package_id : p.buyer_ref ? s.buyer_ref === p.buyer_ref : false));
        if (!found)
          throw adcpError('PACKAGE_NOT_FOUND', `Package ${p.package_id ?? p.buyer_ref ?? ''} is not in this media buy`, {
            field: `packages[${index}].package_id`,
          });
        return found;
      };
      for (const [index, p] of (input.packages ?? []).entries()) if (p.creative_ids != null) find(p, index).creative_ids = p.creative_ids;
      if (budgets.length > 0 || flightChange) {
        for (const [index, p] of (input.packages ?? []).entries()) {
          if (p.budget == null) continue;
          if (!(p.budget > 0) || !Number.isInteger(p.budget))
            throw adcpError('INVALID_REQUEST', 'Total budget must be greater than 0', { field: `packages[${index}].budget` });
          find(p, index).budget = p.budget;
        }
      }
      if ((budgets.length > 0 || flightChange) && isBooked(order.status)) {
        // After approval: a modification that waits for the desk; the booked order airs as booked meanwhile (decision 035).
        taskId = await requestBuyChange({
          tx,
          actor,
          order,
          pending: buy!.pendingChange,
          packages,
          startTime: input.start_time,
          endTime: input.end_time,
          time,
        });
        submitted = true;
        return;
      }
      if (budgets.length > 0 || flightChange) {
        // A budget or flight change is a modification the station approves again (decision 035).
        if (!AWAITING.includes(order.status)) {
          throw adcpError('CONFLICT', 'This buy can no longer change: it is rejected, canceled or complete', {
            field: budgets.length > 0 ? 'packages' : 'start_time',
            suggestion: 'Create a new media buy for more airtime',
          });
        }
        const start = input.start_time ?? order.startDate!;
        const end = input.end_time ?? `${addDays(order.endDate ?? order.startDate!, 1)}T00:00:00Z`;
        const flight = checkFlight(start, end, time);
        const rows = await daypartsByIds(
          tx,
          packages.map((p) => p.daypart_id),
        );
        for (const p of packages) {
          p.spots_per_day = spotsPerDayFor(rows.get(p.daypart_id)!, p.spot_length, p.pricing_option_id ?? CPM_OPTION_ID, p.budget, flight.days);
        }
        const priced = await reviseOrder(tx, id, {
          startDate: flight.start,
          totalSpendCents: toCents(packages.reduce((sum, p) => sum + p.budget, 0)),
          spotsByDaypart: packages.map((p) => ({ daypartId: p.daypart_id, spotsPerOccurrence: p.spots_per_day })),
          status: 'ordered',
        });
        // Submitted again: the order form's rules run on the new figures (the status is already "ordered").
        await submitOrder(tx, { ...priced, status: order.status }, events, { today, invoicedWithMediaLater: true });
        const [task] = await tx.insert(adcpTasks).values({ ownerId: actor.id, taskType: 'update_media_buy', estimateId: id }).returning({ id: adcpTasks.id });
        taskId = task!.id;
        submitted = true;
      }
      await tx
        .update(adcpMediaBuys)
        .set({ packages, revision: sql`${adcpMediaBuys.revision} + 1`, updatedAt: new Date() })
        .where(eq(adcpMediaBuys.estimateId, id));
    });
  } else if (paused !== null && paused !== undefined) {
    await bumpRevision(db, id);
  }
  return { estimateId: id, taskId, events, submitted };
};

const bumpRevision = (db: Db, id: string) =>
  db.transaction((tx) =>
    tx
      .update(adcpMediaBuys)
      .set({ revision: sql`${adcpMediaBuys.revision} + 1`, updatedAt: new Date() })
      .where(eq(adcpMediaBuys.estimateId, id)),
  );
