/** Moving an order between statuses: the client's submit, the admin's review and Order Management. */
import { emitOrderEvent } from '../webhooks/outbox';
import { eq } from 'drizzle-orm';
import { CAMPAIGN_TOO_LONG, ESTIMATE_MESSAGES, type EstimateDetail } from '../../../domain/estimate-schemas';
import { toDollars } from '../../../domain/money';
import {
  STATUS_LABELS,
  amountOwed,
  canAdminSetStatus,
  isSubmitted,
  canReview,
  reviewRefusal,
  type OrderActor,
  type OrderStatus,
  type ReviewDecision,
} from '../../../domain/orders';
import { orderFormError } from '../../../domain/pricing';
import { estimates } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import { freezeLineAudiences, thawLineAudiences } from '../audience/public';
import { syncCampaignWithOrder } from '../campaigns/service';
import { assertOrderNotInvoiced } from '../billing/order-lock';
import { applyOrderCoupon, releaseOrderCouponUses, setOrderCouponUsesCounted } from '../coupons/service';
import { assertCapacityForBooking } from '../dayparts/service';
import { stageEstimateStatusChange, stageNewEstimate, stageOrderWithdrawn, type Staged } from '../notifications';
import { isBooked, itemsWithDayparts, keepBookedRates, lockReadableOrder, quoteFor, selectionOf, type OrderRow } from './orders';
import { approveOrderMedia } from './media-gate';
import { getEstimate } from './queries';
import { assertCardOfOwner, assertMediaOfBrand } from './references';
import { scheduleSubmitCheck } from './schedule-submit';
import { scheduleLinesOf } from './schedule-store';

const REVIEWED: readonly OrderStatus[] = ['approved', 'rejected', 'modified'];

/** One status change: who makes it (the desk: review, Order Management, the clock; the owner: submit, withdraw). */
interface Move {
  tx: Tx;
  order: OrderRow;
  to: OrderStatus;
  by: 'desk' | 'owner';
  events: Staged[];
  /** Columns written with the status (review notes, the coupon's redemption, a withdrawal's reset). */
  fields: Partial<typeof estimates.$inferInsert>;
}

const withdrawn = ({ by, to }: Move) => by === 'owner' && to === 'draft';
const submitted = ({ by, to }: Move) => by === 'owner' && to === 'ordered';

/**
 * Entering a booked status takes the order's spots: refused (409) when a daypart would be overbooked,
 * or while its media is rejected or unchecked; its checked pending media is approved with it.
 */
const bookIfEntering = async ({ tx, order, to }: Move) => {
  if (!isBooked(to) || isBooked(order.status)) return;
  await approveOrderMedia(tx, order);
  await assertCapacityForBooking({ tx, estimateId: order.id });
};

/** Leaving the live price freezes the order's rates; coming back to it thaws them (decision 029). */
const keepRates = ({ tx, order, to }: Move) => keepBookedRates(tx, order, to);

/** Booking freezes each line's audience on the channel's current book; going back before booking thaws it (decision 057). */
const keepAudience = async ({ tx, order, to }: Move) => {
  const live = (status: OrderStatus) => !isBooked(status) && status !== 'completed';
  if (!live(to)) {
    const rows = await itemsWithDayparts(tx, order.id);
    const scheduled = await scheduleLinesOf(tx, order.id);
    await freezeLineAudiences(tx, order.id, order.channelId, [
      ...rows.map((r) => ({ lineId: r.item.id, daypartId: r.daypart.id })),
      ...scheduled.map((l) => ({ lineId: l.id, daypartId: l.daypartId })),
    ]);
  } else if (!live(order.status)) await thawLineAudiences(tx, order.id);
};

/** A rejected order, or one its owner withdraws, gives its coupon use back (resubmitting redeems it again). */
const giveCouponBack = async (move: Move) => {
  const { tx, order, to } = move;
  if (to !== 'rejected' && !withdrawn(move)) return;
  // Dropping the coupon reprices the order: refused while it has a live invoice.
  if (order.couponId || order.discountCents > 0) await assertOrderNotInvoiced(tx, order.id);
  await releaseOrderCouponUses(tx, order.id);
  Object.assign(move.fields, { couponId: null, discountCents: 0, totalAmountCents: order.totalSpendCents });
};

/** Order Management between draft and submitted: the order's coupon use counts, or stops counting. */
const countCouponIfSubmitted = async ({ tx, order, to, by }: Move) => {
  if (by !== 'desk' || to === 'rejected' || isSubmitted(order.status) === isSubmitted(to)) return;
  await setOrderCouponUsesCounted(tx, order.id, isSubmitted(to));
};

/** The status and the timestamps that go with entering it. */
const writeStatus = async ({ tx, order, to, fields }: Move) => {
  const stamps = {
    ...(to === 'ordered' && { submittedAt: new Date() }),
    ...(REVIEWED.includes(to) && { reviewedAt: new Date() }),
  };
  await tx
    .update(estimates)
    .set({ status: to, ...stamps, ...fields })
    .where(eq(estimates.id, order.id));
};

const syncCampaign = ({ tx, order, to }: Move) => syncCampaignWithOrder(tx, order, to);

/** The owner and the desk hear of it (stored with the change, delivered after the commit), and so do webhooks. */
const announce = async (move: Move) => {
  const { tx, order, to, events } = move;
  if (submitted(move)) {
    events.push(await stageNewEstimate(tx, order));
    await emitOrderEvent(tx, 'order.submitted', order, to);
    return;
  }
  events.push(await stageEstimateStatusChange(tx, order, to));
  await emitOrderEvent(tx, 'order.status_changed', order, to);
  if (withdrawn(move)) events.push(await stageOrderWithdrawn(tx, order));
};

/** What every status change does, in this order, whoever makes it: the one table of its side effects. */
const ON_STATUS_CHANGE: readonly ((move: Move) => Promise<void>)[] = [
  bookIfEntering,
  keepRates,
  keepAudience,
  giveCouponBack,
  countCouponIfSubmitted,
  writeStatus,
  syncCampaign,
  announce,
];

const moveOrder = async (move: Omit<Move, 'fields'> & { fields?: Move['fields'] }) => {
  const full: Move = { ...move, fields: { ...move.fields } };
  for (const effect of ON_STATUS_CHANGE) await effect(full);
};

export const assertAdminCanSet = (from: OrderStatus, to: OrderStatus) => {
  if (from === to) throw conflict(`Order is already ${STATUS_LABELS[to]}`);
  if (!canAdminSetStatus(from, to)) throw badRequest(`An order cannot be set to ${STATUS_LABELS[to]}`);
};

/** Order Management and the station clock: any status assertAdminCanSet allows. */
export const setStatusByAdmin = (tx: Tx, order: OrderRow, to: OrderStatus, events: Staged[]) => moveOrder({ tx, order, to, by: 'desk', events });

/** The owner takes a submitted, not yet reviewed order back to draft (withdraw.ts checks that it may). */
export const withdrawToDraft = (tx: Tx, order: OrderRow, events: Staged[]) =>
  moveOrder({ tx, order, to: 'draft', by: 'owner', events, fields: { submittedAt: null, updatedAt: new Date() } });

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
  { today, invoicedWithMediaLater = false }: { today: string; invoicedWithMediaLater?: boolean },
) => {
  if (!order.mediaAssetId && !invoicedWithMediaLater) throw badRequest(ESTIMATE_MESSAGES.mediaMissing, 'media_asset_id');
  if (!order.paymentMethodId && !invoicedWithMediaLater) throw badRequest(ESTIMATE_MESSAGES.cardMissing, 'payment_method_id');
  // A schedule (decision 056) stands for the order's time slots: its lines must all be mapped.
  const scheduled = await scheduleSubmitCheck(tx, order, today);
  // Its weeks must fit what the dayparts have free (decision 056), as at booking.
  if (scheduled) await assertCapacityForBooking({ tx, estimateId: order.id });
  const rows = scheduled ? [] : await itemsWithDayparts(tx, order.id);
  if (!scheduled) {
    if (rows.length === 0) throw badRequest(ESTIMATE_MESSAGES.itemsMissing, 'selectedDayparts');
    const selections = rows.map((r) => selectionOf(r.daypart, r.item));
    const formError = orderFormError(
      { estimateName: order.estimateName, brandId: order.brandId, startDate: order.startDate, totalSpend: toDollars(order.totalSpendCents), selections },
      today,
    );
    if (formError) throw badRequest(formError.message, formError.field);
    if (quoteFor(order, selections).tooLong) throw badRequest(CAMPAIGN_TOO_LONG);
  }
  if (order.mediaAssetId) await assertMediaOfBrand(tx, order.mediaAssetId, order.brandId);
  if (order.paymentMethodId) await assertCardOfOwner(tx, order.paymentMethodId, order);

  const coupon = await applyOrderCoupon({
    tx,
    couponCode: order.couponCode,
    userId: order.ownerId,
    estimateId: order.id,
    originalAmountCents: order.totalSpendCents,
    daypartIds: scheduled ? scheduled.daypartIds : rows.map((r) => r.daypart.id),
    today,
  });
  const discountCents = Math.min(coupon.discountCents, order.totalSpendCents);
  await moveOrder({
    tx,
    order,
    to: 'ordered',
    by: 'owner',
    events,
    fields: { couponId: coupon.couponId, discountCents, totalAmountCents: amountOwed(order.totalSpendCents, discountCents) },
  });
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
    await moveOrder({ tx, order, to: decision, by: 'desk', events, fields: notes !== undefined ? { notes } : {} });
  });
  return getEstimate({ db, actor, id });
};
