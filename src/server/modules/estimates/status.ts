/** Moving an order between statuses: the client's submit, the admin's review and Order Management. */
import { emitOrderEvent } from '../webhooks/outbox';
import { eq } from 'drizzle-orm';
import { todayIso } from '../../../domain/dates';
import { CAMPAIGN_TOO_LONG, ESTIMATE_MESSAGES, type EstimateDetail } from '../../../domain/estimate-schemas';
import { toDollars } from '../../../domain/money';
import { STATUS_LABELS, canAdminSetStatus, isSubmitted, canReview, reviewRefusal, type OrderActor, type OrderStatus, type ReviewDecision } from '../../../domain/orders';
import { orderFormError } from '../../../domain/pricing';
import { estimates } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import { syncCampaignWithOrder } from '../campaigns/service';
import { assertOrderNotInvoiced } from '../billing/order-lock';
import { applyOrderCoupon, releaseOrderCouponUses, setOrderCouponUsesCounted } from '../coupons/service';
import { assertCapacityForBooking } from '../dayparts/service';
import { stageEstimateStatusChange, stageNewEstimate, type Staged } from '../notifications';
import { isBooked, itemsWithDayparts, keepBookedRates, lockReadableOrder, quoteFor, selectionOf, type OrderRow } from './orders';
import { approveOrderMedia } from './media-gate';
import { getEstimate } from './queries';
import { assertCardOfOwner, assertMediaOfBrand } from './references';

const REVIEWED: readonly OrderStatus[] = ['approved', 'rejected', 'modified'];

/** Timestamps that go with entering a status. */
const stampsFor = (to: OrderStatus) => ({
  ...(to === 'ordered' && { submittedAt: new Date() }),
  ...(REVIEWED.includes(to) && { reviewedAt: new Date() }),
});

/**
 * Entering a booked status takes the order's spots: refused (409) when a daypart would be overbooked,
 * or while its media is rejected or unchecked; its checked pending media is approved with it.
 */
const bookIfEntering = async (tx: Tx, order: OrderRow, to: OrderStatus) => {
  if (!isBooked(to) || isBooked(order.status)) return;
  await approveOrderMedia(tx, order);
  await assertCapacityForBooking({ tx, estimateId: order.id });
};

export const assertAdminCanSet = (from: OrderStatus, to: OrderStatus) => {
  if (from === to) throw conflict(`Order is already ${STATUS_LABELS[to]}`);
  if (!canAdminSetStatus(from, to)) throw badRequest(`An order cannot be set to ${STATUS_LABELS[to]}`);
};

/** Order Management: any settable status but the current one (checked by assertAdminCanSet). */
/** A rejected order gives its coupon use back (resubmitting redeems it again). */
const releaseCouponIfRejected = async (tx: Tx, order: OrderRow, to: OrderStatus) => {
  if (to !== 'rejected') return;
  // Dropping the coupon reprices the order: refused while it has a live invoice.
  if (order.couponId || order.discountCents > 0) await assertOrderNotInvoiced(tx, order.id);
  await releaseOrderCouponUses(tx, order.id);
  await tx.update(estimates).set({ couponId: null, discountCents: 0, totalAmountCents: order.totalSpendCents }).where(eq(estimates.id, order.id));
};

/** Only a submitted order's coupon use counts: set to draft, it stops counting; out of draft, it counts. */
const countCouponIfSubmitted = async (tx: Tx, order: OrderRow, to: OrderStatus) => {
  if (to === 'rejected' || isSubmitted(order.status) === isSubmitted(to)) return;
  await setOrderCouponUsesCounted(tx, order.id, isSubmitted(to));
};

export const setStatusByAdmin = async (tx: Tx, order: OrderRow, to: OrderStatus, events: Staged[]) => {
  await bookIfEntering(tx, order, to);
  await keepBookedRates(tx, order, to);
  await releaseCouponIfRejected(tx, order, to);
  await countCouponIfSubmitted(tx, order, to);
  await tx.update(estimates).set({ status: to, ...stampsFor(to) }).where(eq(estimates.id, order.id));
  await syncCampaignWithOrder(tx, order, to);
  events.push(await stageEstimateStatusChange(tx, order, to));
  await emitOrderEvent(tx, 'order.status_changed', order, to);
};

/**
 * Submit Order: media, card and time slots first (the submit messages), then the order form's
 * rules; the coupon, when there is one, is redeemed in the same transaction.
 */
export const submitOrder = async (
  tx: Tx,
  order: OrderRow,
  events: Staged[],
  /**
   * An AdCP buy (decision 035) is billed on invoice, without a card, and its creatives may follow
   * the order (sync_creatives assigns them to its packages).
   */
  { invoicedWithMediaLater = false }: { invoicedWithMediaLater?: boolean } = {},
) => {
  if (!order.mediaAssetId && !invoicedWithMediaLater) throw badRequest(ESTIMATE_MESSAGES.mediaMissing);
  if (!order.paymentMethodId && !invoicedWithMediaLater) throw badRequest(ESTIMATE_MESSAGES.cardMissing);
  const rows = await itemsWithDayparts(tx, order.id);
  if (rows.length === 0) throw badRequest(ESTIMATE_MESSAGES.itemsMissing);
  const selections = rows.map((r) => selectionOf(r.daypart, r.item));
  const today = todayIso();
  const formError = orderFormError(
    { estimateName: order.estimateName, brandId: order.brandId, startDate: order.startDate, totalSpend: toDollars(order.totalSpendCents), selections },
    today,
  );
  if (formError) throw badRequest(formError);
  if (quoteFor(order, selections).tooLong) throw badRequest(CAMPAIGN_TOO_LONG);
  if (order.mediaAssetId) await assertMediaOfBrand(tx, order.mediaAssetId, order.brandId);
  if (order.paymentMethodId) await assertCardOfOwner(tx, order.paymentMethodId, order);

  const coupon = await applyOrderCoupon({
    tx,
    couponCode: order.couponCode,
    userId: order.ownerId,
    estimateId: order.id,
    originalAmountCents: order.totalSpendCents,
    daypartIds: rows.map((r) => r.daypart.id),
    today,
  });
  const discountCents = Math.min(coupon.discountCents, order.totalSpendCents);
  await tx
    .update(estimates)
    .set({ status: 'ordered', ...stampsFor('ordered'), couponId: coupon.couponId, discountCents, totalAmountCents: order.totalSpendCents - discountCents })
    .where(eq(estimates.id, order.id));
  events.push(await stageNewEstimate(tx, order));
  await emitOrderEvent(tx, 'order.submitted', order, 'ordered');
};

/** PATCH /estimates/:id/approve | reject | modify (admins): the review transitions, notes kept on the order. */
export const reviewOrder = async ({
  db,
  actor,
  id,
  decision,
  notes,
  events,
}: {
  db: Db;
  actor: OrderActor;
  id: string;
  decision: ReviewDecision;
  notes: string | null | undefined;
  /** Notifications stored with the change; the caller delivers them after the commit. */
  events: Staged[];
}): Promise<EstimateDetail> => {
  await db.transaction(async (tx) => {
    const order = await lockReadableOrder(tx, actor, id);
    if (!canReview(order.status, decision)) throw conflict(reviewRefusal(order.status, decision));
    await bookIfEntering(tx, order, decision);
    await keepBookedRates(tx, order, decision);
    await releaseCouponIfRejected(tx, order, decision);
    await tx
      .update(estimates)
      .set({ status: decision, ...stampsFor(decision), ...(notes !== undefined && { notes }) })
      .where(eq(estimates.id, id));
    await syncCampaignWithOrder(tx, order, decision);
    events.push(await stageEstimateStatusChange(tx, order, decision));
    await emitOrderEvent(tx, 'order.status_changed', order, decision);
  });
  return getEstimate({ db, actor, id });
};
