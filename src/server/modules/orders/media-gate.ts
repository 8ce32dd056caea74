/**
 * An order is never booked with media the desk has not approved (decision 008). Approving the order
 * approves its pending spot in the same transaction once the spot passed its video check, by the same
 * rule as the media route (the media module's `approveCheckedMedia`; the desk reviews the creative on
 * the order page); a rejected spot, one whose check has not passed yet, or one whose processing ended in
 * `error` holds the approval back with 409. Run when an order becomes booked, and when a booked order's
 * media is changed.
 */
import { ESTIMATE_MESSAGES } from '../../../domain/estimate-schemas';
import type { Tx } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { emitMediaStatusChanged } from '../media/events';
import { approveCheckedMedia } from '../media/public';
import type { OrderRow } from './orders';

const HELD_BACK = {
  rejected: ESTIMATE_MESSAGES.mediaRejectedForApproval,
  failed: ESTIMATE_MESSAGES.mediaFailedForApproval,
  unchecked: ESTIMATE_MESSAGES.mediaUncheckedForApproval,
} as const;

export const approveOrderMedia = async (tx: Tx, order: Pick<OrderRow, 'mediaAssetId'>) => {
  if (!order.mediaAssetId) return;
  const outcome = await approveCheckedMedia(tx, order.mediaAssetId);
  if (outcome === 'rejected' || outcome === 'failed' || outcome === 'unchecked') throw conflict(HELD_BACK[outcome]);
  if (outcome === 'approved now') await emitMediaStatusChanged(tx, order.mediaAssetId, 'approved', 'pending');
};
