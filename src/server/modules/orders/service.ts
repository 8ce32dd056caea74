/** Creating, editing and deleting orders. Status changes are in status.ts. */
import { eq } from 'drizzle-orm';
import {
  ESTIMATE_MESSAGES,
  ORDER_CONTENT_FIELDS,
  type EstimateCreateInput,
  type EstimateDetail,
  type EstimateUpdateInput,
} from '../../../domain/estimate-schemas';
import { START_DATE_DEFAULT_LEAD_DAYS } from '../../../domain/constants';
import { addDays, type StationTime } from '../../../domain/dates';
import { toCents } from '../../../domain/money';
import { canDeleteOrder, canEditOrder, canSubmitOrder, type OrderActor } from '../../../domain/orders';
import { isAdmin } from '../../../domain/roles';
import { estimates } from '../../db/schema';
import { isForeignKeyViolation, type Db, type Tx } from '../../platform/db';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import { assertOrderNotInvoiced } from '../billing/order-lock';
import { releaseOrderCouponUses } from '../coupons/service';
import { assertCapacityForBooking } from '../dayparts/service';
import { approveOrderMedia } from './media-gate';
import { channelClock, channelClockOf, channelToActOn } from '../channels/public';
import { isBooked, lockReadableOrder, quotedTotals, recomputeOrder, type OrderRow } from './orders';
import { getEstimate } from './queries';
import { assertBrandUsable, assertCardOfOwner, assertMediaOfBrand, mediaBrandOf } from './references';
import { assertAdminCanSet, setStatusByAdmin, submitOrder } from './status';
import { countUnconfirmedSpots } from '../traffic/unconfirmed';
import { unconfirmedSpotsWarning } from '../../../domain/traffic';
import type { Staged } from '../notifications';
import { emitOrderEvent } from '../webhooks/outbox';

export const createEstimate = async ({
  db,
  actor,
  input,
  time,
}: {
  db: Db;
  actor: OrderActor;
  input: EstimateCreateInput;
  /** The station's clock: "today" is the order's channel's (decision 053, "Time zones"). */
  time: StationTime;
}): Promise<EstimateDetail> => {
  const id = await db.transaction(async (tx) => {
    if (input.brand_id) await assertBrandUsable(tx, actor, input.brand_id);
    const channel = await channelToActOn(tx, input.channel_id);
    const today = channelClock(time, channel).today();
    const startDate = input.start_date === undefined ? addDays(today, START_DATE_DEFAULT_LEAD_DAYS) : input.start_date;
    const totalSpendCents = toCents(input.total_spend ?? 0);
    const [row] = await tx
      .insert(estimates)
      .values({
        ownerId: actor.id,
        channelId: channel.id,
        brandId: input.brand_id ?? null,
        estimateName: input.estimate_name ?? '',
        startDate,
        totalSpendCents,
        // A new order has no items yet: its quote is known here, with no recomputation after the insert.
        ...quotedTotals({ totalSpendCents, startDate, discountCents: 0 }, []),
        notes: input.notes ?? null,
        agencyEstimateNumber: input.agency_estimate_number ?? null,
        clientCode: input.client_code ?? null,
        productCode: input.product_code ?? null,
        poNumber: input.po_number ?? null,
      })
      .returning({ id: estimates.id });
    await emitOrderEvent(tx, 'order.created', { id: row!.id, ownerId: actor.id, estimateName: input.estimate_name ?? '', status: 'draft' }, 'draft');
    return row!.id;
  });
  return getEstimate({ db, actor, id });
};

/** Writes the edited fields; brand, media and card are checked against the order. Answers the order as written. */
const applyFields = async (tx: Tx, actor: OrderActor, order: OrderRow, input: EstimateUpdateInput): Promise<OrderRow> => {
  const set: Partial<typeof estimates.$inferInsert> = {};
  if (input.estimate_name !== undefined) set.estimateName = input.estimate_name;
  if (input.start_date !== undefined) set.startDate = input.start_date;
  if (input.total_spend !== undefined) set.totalSpendCents = toCents(input.total_spend);
  if (input.notes !== undefined) set.notes = input.notes;
  if (input.agency_estimate_number !== undefined) set.agencyEstimateNumber = input.agency_estimate_number;
  if (input.client_code !== undefined) set.clientCode = input.client_code;
  if (input.product_code !== undefined) set.productCode = input.product_code;
  if (input.po_number !== undefined) set.poNumber = input.po_number;
  if (input.target_demo !== undefined) set.targetDemo = input.target_demo;
  if (input.audience_guarantee !== undefined) {
    const g = input.audience_guarantee;
    Object.assign(set, { guaranteeDemo: g?.demo ?? null, guaranteeImpressions: g?.impressions ?? null, guaranteeGrps: g?.grps ?? null });
  }
  if (input.brand_id !== undefined && input.brand_id !== order.brandId) {
    if (input.brand_id) await assertBrandUsable(tx, actor, input.brand_id);
    set.brandId = input.brand_id;
  }
  const brandId = set.brandId !== undefined ? set.brandId : order.brandId;
  if (input.media_asset_id) {
    await assertMediaOfBrand(tx, input.media_asset_id, brandId, actor);
    set.mediaAssetId = input.media_asset_id;
  } else if (input.media_asset_id === null) {
    set.mediaAssetId = null;
  } else if (set.brandId !== undefined && order.mediaAssetId && (await mediaBrandOf(tx, order.mediaAssetId)) !== brandId) {
    // The media picker offers the brand's assets: another brand's spot no longer fits.
    set.mediaAssetId = null;
  }
  if (input.payment_method_id) await assertCardOfOwner(tx, input.payment_method_id, { ownerId: order.ownerId, brandId }, actor);
  if (input.payment_method_id !== undefined) set.paymentMethodId = input.payment_method_id;
  if (input.coupon_code !== undefined && input.coupon_code !== order.couponCode) {
    // A new code is redeemed at the next submit; until then nothing is discounted, and the use of
    // the code it replaces is given back.
    await releaseOrderCouponUses(tx, order.id);
    Object.assign(set, { couponCode: input.coupon_code, couponId: null, discountCents: 0 });
  }
  if (Object.keys(set).length === 0) return order;
  const [updated] = await tx.update(estimates).set(set).where(eq(estimates.id, order.id)).returning();
  return updated!;
};

/** True when the edit would change what the order costs: its budget, start date or coupon. */
const changesPrice = (order: OrderRow, input: EstimateUpdateInput): boolean =>
  (input.total_spend !== undefined && toCents(input.total_spend) !== order.totalSpendCents) ||
  (input.start_date !== undefined && input.start_date !== order.startDate) ||
  (input.coupon_code !== undefined && input.coupon_code !== order.couponCode);

/**
 * PUT /estimates/:id. A client edits their order and may submit it (`status: "ordered"`);
 * an admin edits any order but an approved one, and may set any settable status (Order
 * Management), also on an approved order when only status and notes are sent.
 */
export const updateEstimate = async ({
  db,
  actor,
  id,
  input,
  events,
  time,
}: {
  db: Db;
  actor: OrderActor;
  id: string;
  input: EstimateUpdateInput;
  /** The station's clock: "today" (the lead time of a submission) is the order's channel's (decision 053, "Time zones"). */
  time: StationTime;
  /** Notifications stored with a status change; the caller delivers them after the commit. */
  events: Staged[];
}): Promise<EstimateDetail> => {
  await db.transaction(async (tx) => {
    const order = await lockReadableOrder(tx, actor, id);
    const editsContent = ORDER_CONTENT_FIELDS.some((field) => input[field] !== undefined);
    // A client's form may send the status it already has: that is no change.
    const status = input.status !== undefined && (isAdmin(actor.role) || input.status !== order.status) ? input.status : undefined;
    // An owner's "ordered" is Submit Order, with its checks, also for an admin's own order.
    const submits = status === 'ordered' && canSubmitOrder(actor, order);
    // An invoiced order's price is frozen (decision 013); submitting would redeem its coupon again.
    if (changesPrice(order, input) || submits) await assertOrderNotInvoiced(tx, order.id);
    if (isAdmin(actor.role)) {
      if (status && !submits) assertAdminCanSet(order.status, status);
      // Spots no as-run has reported are neither aired nor missed: completing says so first (decision 031).
      if (status === 'completed' && input.confirm_unconfirmed !== true) {
        const unconfirmed = await countUnconfirmedSpots(tx, order.id);
        if (unconfirmed > 0) throw conflict(unconfirmedSpotsWarning(unconfirmed));
      }
      if ((editsContent || !status) && !canEditOrder(actor, order)) throw forbidden(ESTIMATE_MESSAGES.editRefused);
    } else {
      if (!canEditOrder(actor, order)) throw forbidden(ESTIMATE_MESSAGES.editRefused);
      if (status && status !== 'ordered') throw forbidden(ESTIMATE_MESSAGES.statusRefused);
    }
    const current = await recomputeOrder(tx, await applyFields(tx, actor, order, input));
    if (submits) await submitOrder(tx, current, events, { today: (await channelClockOf(tx, time, current.channelId)).today() });
    else if (status) await setStatusByAdmin(tx, current, status, events);
    const staysBooked = isBooked(current.status) && (!status || isBooked(status));
    // An edit of an order that stays booked may take more spots (entering a booked status was checked above).
    if (editsContent && staysBooked) await assertCapacityForBooking({ tx, estimateId: id });
    // …nor may it swap in a spot the desk could not approve (the media gate runs on entering a booked status).
    if (staysBooked && current.mediaAssetId !== order.mediaAssetId) await approveOrderMedia(tx, current);
  });
  return getEstimate({ db, actor, id });
};

export const deleteEstimate = async ({ db, actor, id }: { db: Db; actor: OrderActor; id: string }) => {
  try {
    await db.transaction(async (tx) => {
      const order = await lockReadableOrder(tx, actor, id);
      if (!canDeleteOrder(actor, order)) throw badRequest(ESTIMATE_MESSAGES.deleteRefused);
      // A deleted order gives its coupon use back.
      await releaseOrderCouponUses(tx, order.id);
      await tx.delete(estimates).where(eq(estimates.id, id));
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict('This order is referenced by other records and cannot be deleted');
    throw error;
  }
};
