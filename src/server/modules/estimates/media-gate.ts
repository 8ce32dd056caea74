/**
 * An order is never booked with media the desk has not approved (decision 008). Approving the order
 * approves its pending spot in the same transaction once the spot passed its video check (the desk
 * reviews the creative on the order page); a rejected spot, or one whose check has not passed, holds
 * the approval back with 409.
 */
import { and, eq } from 'drizzle-orm';
import { ESTIMATE_MESSAGES } from '../../../domain/estimate-schemas';
import { mediaAssets } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { conflict } from '../../platform/errors';
import type { OrderRow } from './orders';

/** Stages a spot reaches only after ffprobe confirmed it is a video. */
const UNCHECKED_STAGES = ['uploaded', 'probing'];

export const approveOrderMedia = async (tx: Tx, order: Pick<OrderRow, 'mediaAssetId'>) => {
  if (!order.mediaAssetId) return;
  const [media] = await tx
    .select({ status: mediaAssets.status, stage: mediaAssets.processingStage })
    .from(mediaAssets)
    .where(eq(mediaAssets.id, order.mediaAssetId))
    .limit(1)
    .for('update');
  if (!media || media.status === 'approved') return;
  if (media.status === 'rejected') throw conflict(ESTIMATE_MESSAGES.mediaRejectedForApproval);
  if (UNCHECKED_STAGES.includes(media.stage)) throw conflict(ESTIMATE_MESSAGES.mediaUncheckedForApproval);
  await tx
    .update(mediaAssets)
    .set({ status: 'approved' })
    .where(and(eq(mediaAssets.id, order.mediaAssetId), eq(mediaAssets.status, 'pending')));
};
