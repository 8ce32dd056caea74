/**
 * An order is never booked with media the desk has not approved (decision 008). Approving the order
 * approves its pending spot in the same transaction once the spot passed its video check, by the same
 * rule as the media route (processing stage `complete`; the desk reviews the creative on the order
 * page); a rejected spot, one whose check has not passed yet, or one whose processing ended in `error`
 * holds the approval back with 409. Run when an order becomes booked, and when a booked order's media
 * is changed.
 */
import { and, eq } from 'drizzle-orm';
import { ESTIMATE_MESSAGES } from '../../../domain/estimate-schemas';
import { mediaAssets } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { emitMediaStatusChanged } from '../media/events';
import type { OrderRow } from './orders';

/**
 * The one stage at which a spot may be approved, as PUT /media/:id requires: ffprobe confirmed a video
 * (stage `thumbnail` onwards) and its thumbnail and preview were made. Until then (`uploaded`,
 * `probing`, `thumbnail`, `preview`) it is still being checked; `error` means processing failed after
 * the probe and is never approvable.
 */
const CHECKED_STAGE = 'complete';
const FAILED_STAGE = 'error';

export const approveOrderMedia = async (tx: Tx, order: Pick<OrderRow, 'mediaAssetId'>) => {
  if (!order.mediaAssetId) return;
  const [media] = await tx
    .select({ status: mediaAssets.status, stage: mediaAssets.processingStage })
    .from(mediaAssets)
    .where(eq(mediaAssets.id, order.mediaAssetId))
    .limit(1)
    // NO KEY UPDATE: a foreign-key check from an order's row (KEY SHARE) never waits for it.
    .for('no key update');
  if (!media || media.status === 'approved') return;
  if (media.status === 'rejected') throw conflict(ESTIMATE_MESSAGES.mediaRejectedForApproval);
  if (media.stage === FAILED_STAGE) throw conflict(ESTIMATE_MESSAGES.mediaFailedForApproval);
  if (media.stage !== CHECKED_STAGE) throw conflict(ESTIMATE_MESSAGES.mediaUncheckedForApproval);
  const approved = await tx
    .update(mediaAssets)
    .set({ status: 'approved' })
    .where(and(eq(mediaAssets.id, order.mediaAssetId), eq(mediaAssets.status, 'pending'), eq(mediaAssets.processingStage, CHECKED_STAGE)))
    .returning({ id: mediaAssets.id });
  if (approved.length > 0) await emitMediaStatusChanged(tx, order.mediaAssetId, 'approved', 'pending');
};
