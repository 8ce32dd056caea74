/** The events of the specification, as the ordering and media flows raise them. */
import { formatCalendarDate } from '../../../domain/display-dates';
import { formatCurrency } from '../../../domain/format';
import { STATUS_LABELS, type OrderStatus } from '../../../domain/orders';
import type { SystemSubType } from '../../../domain/realtime';
import type { AppContext } from '../../context';
import type { Tx } from '../../platform/db';
import { publishNotification, stageNotification } from './publish';
import type { Recipients } from './store';

interface OrderRef {
  id: string;
  ownerId: string;
  estimateName: string;
}

const orderName = (order: OrderRef) => order.estimateName.trim() || 'Untitled order';

export const estimateStatusMessage = (name: string, status: OrderStatus): string => {
  if (status === 'approved') return `Your order "${name}" was approved`;
  if (status === 'rejected') return `Your order "${name}" was rejected`;
  if (status === 'modified') return `Changes were requested on your order "${name}"`;
  return `Your order "${name}" is now ${STATUS_LABELS[status]}`;
};

/** estimate_status_change → the order's owner: stored in the transaction that changes the status, delivered after it commits. */
export const stageEstimateStatusChange = (tx: Tx, order: OrderRef, status: OrderStatus) =>
  stageNotification(
    tx,
    { userIds: [order.ownerId] },
    {
      type: 'estimate_status_change',
      status,
      message: estimateStatusMessage(orderName(order), status),
      estimateId: order.id,
      estimateName: orderName(order),
    },
  );

/** new_estimate → every admin: stored in the submit transaction, delivered after it commits. */
export const stageNewEstimate = (tx: Tx, order: OrderRef) =>
  stageNotification(
    tx,
    { admins: true },
    {
      type: 'new_estimate',
      status: 'ordered',
      message: `New order "${orderName(order)}" was submitted for approval`,
      estimateId: order.id,
      estimateName: orderName(order),
    },
  );

/** The owner withdrew a submitted order to draft → every admin (it leaves the review queue). */
export const stageOrderWithdrawn = (tx: Tx, order: OrderRef) =>
  stageNotification(
    tx,
    { admins: true },
    {
      type: 'estimate_status_change',
      status: 'draft',
      message: `Order "${orderName(order)}" was withdrawn to draft by its owner`,
      estimateId: order.id,
      estimateName: orderName(order),
    },
  );

interface MediaRef {
  id: string;
  filename: string;
}

/**
 * media_status_change → the uploader (approved or rejected). For the media module: call after
 * the status change has committed; it never throws for delivery problems.
 */
export const notifyMediaStatusChange = (
  ctx: Pick<AppContext, 'db' | 'notifier'>,
  { media, status, uploaderId }: { media: MediaRef; status: 'approved' | 'rejected'; uploaderId: string | null },
) =>
  publishNotification({
    ctx,
    to: { userIds: uploaderId ? [uploaderId] : [] },
    notification: {
      type: 'media_status_change',
      status,
      message: `Your media file "${media.filename}" was ${status}`,
      mediaId: media.id,
      filename: media.filename,
    },
  });

/** new_media_upload → every admin. For the media module: call after the upload is stored. */
export const notifyNewMediaUpload = (ctx: Pick<AppContext, 'db' | 'notifier'>, { media, uploaderEmail }: { media: MediaRef; uploaderEmail?: string | null }) =>
  publishNotification({
    ctx,
    to: { admins: true },
    notification: {
      type: 'new_media_upload',
      status: 'pending',
      message: uploaderEmail
        ? `New media file "${media.filename}" uploaded by ${uploaderEmail} needs approval`
        : `New media file "${media.filename}" needs approval`,
      mediaId: media.id,
      filename: media.filename,
    },
  });

/** system_message with a subType (info by default) to chosen users and/or every admin. */
export const notifySystemMessage = (
  ctx: Pick<AppContext, 'db' | 'notifier'>,
  { to, message, subType = 'info' }: { to: Recipients; message: string; subType?: SystemSubType },
) => publishNotification({ ctx, to, notification: { type: 'system_message', subType, message } });

/** makegood_offer → the order's owner (and the type's e-mail recipients): stored in the transaction that makes the offers. */
export const stageMakegoodOffer = (tx: Tx, order: OrderRef, missedSpots: number) =>
  stageNotification(
    tx,
    { userIds: [order.ownerId] },
    {
      type: 'makegood_offer',
      status: 'offered',
      message:
        missedSpots === 1
          ? `A spot of your order "${orderName(order)}" did not air: a makegood is offered`
          : `${missedSpots} spots of your order "${orderName(order)}" did not air: makegoods are offered`,
      estimateId: order.id,
      estimateName: orderName(order),
    },
  );

/** ADUs (no-charge spots owed on an audience guarantee, decision 057) are offered → the order's owner. */
export const stageAduOffer = (tx: Tx, order: OrderRef, spots: number) =>
  stageNotification(
    tx,
    { userIds: [order.ownerId] },
    {
      type: 'makegood_offer',
      status: 'offered',
      message: `Your order "${orderName(order)}" delivered less than its audience guarantee: ${spots === 1 ? 'an ADU (a no-charge spot) is' : `${spots} ADUs (no-charge spots) are`} offered`,
      estimateId: order.id,
      estimateName: orderName(order),
    },
  );

/** The traffic desk preempted, moved or cancelled a spot of the order (decision 058) → its owner. */
export const stageSpotChanged = (tx: Tx, order: OrderRef, message: string) =>
  stageNotification(
    tx,
    { userIds: [order.ownerId] },
    {
      type: 'system_message',
      subType: 'warning',
      message: `Your order "${orderName(order)}": ${message}`,
      estimateId: order.id,
      estimateName: orderName(order),
    },
  );

/**
 * A schedule revision (decision 064) was proposed → the desk (and the owner when an admin proposed it), or
 * decided → the owner: stored in the transaction that makes the change, delivered after it commits; the
 * order's open pages refresh (its status is the order's, unchanged).
 */
export const stageScheduleRevisionNotice = (
  tx: Tx,
  to: Recipients,
  order: { id: string; estimateName: string; status: string },
  message: string,
  revisionStatus: 'pending' | 'approved' | 'rejected',
) =>
  stageNotification(tx, to, {
    type: 'system_message',
    subType: revisionStatus === 'approved' ? 'success' : revisionStatus === 'rejected' ? 'warning' : 'info',
    status: order.status,
    message,
    estimateId: order.id,
    estimateName: order.estimateName.trim() || 'Untitled order',
  });

interface BilledOrder {
  customerId: string;
  estimateId: string;
  estimateName: string | null;
}

const billedName = (order: BilledOrder) => order.estimateName?.trim() || 'Untitled order';

/**
 * An invoice was sent → its advertiser (system_message, linked to the order; issue 29 item 18).
 * Call after the send has committed; delivery problems never fail the request.
 */
export const notifyInvoiceSent = (
  ctx: Pick<AppContext, 'db' | 'notifier'>,
  invoice: BilledOrder & { invoiceNumber: string; balanceDue: number; dueDate: string },
) =>
  publishNotification({
    ctx,
    to: { userIds: [invoice.customerId] },
    notification: {
      type: 'system_message',
      subType: 'info',
      message: `Invoice ${invoice.invoiceNumber} for your order "${billedName(invoice)}" was issued: ${formatCurrency(invoice.balanceDue)} due by ${formatCalendarDate(invoice.dueDate)}`,
      estimateId: invoice.estimateId,
      estimateName: billedName(invoice),
    },
  });

/** A credit note was issued → the invoice's advertiser. */
export const notifyCreditNoteIssued = (
  ctx: Pick<AppContext, 'db' | 'notifier'>,
  note: BilledOrder & { creditNumber: string; invoiceNumber: string; amount: number },
) =>
  publishNotification({
    ctx,
    to: { userIds: [note.customerId] },
    notification: {
      type: 'system_message',
      subType: 'success',
      message: `Credit note ${note.creditNumber} of ${formatCurrency(note.amount)} was issued against invoice ${note.invoiceNumber} for your order "${billedName(note)}"`,
      estimateId: note.estimateId,
      estimateName: billedName(note),
    },
  });

/** The advertiser answered a makegood offer → every admin (the traffic desk places or credits it). */
export const notifyMakegoodReply = (
  ctx: Pick<AppContext, 'db' | 'notifier'>,
  reply: { estimateId: string; estimateName: string; missedDate: string | null; accepted: boolean; by: string },
) => {
  const name = reply.estimateName.trim() || 'Untitled order';
  return publishNotification({
    ctx,
    to: { admins: true },
    notification: {
      type: 'system_message',
      subType: reply.accepted ? 'success' : 'warning',
      message: reply.missedDate
        ? `${reply.by} ${reply.accepted ? 'accepted' : 'declined'} the makegood for the spot missed on ${formatCalendarDate(reply.missedDate)} on order "${name}"`
        : `${reply.by} ${reply.accepted ? 'accepted' : 'declined'} an ADU (no-charge spot) on order "${name}"`,
      estimateId: reply.estimateId,
      estimateName: name,
    },
  });
};
