/** Changes to media assets: approval by the traffic desk, deletion. */
import { and, eq } from 'drizzle-orm';
import { MEDIA_MESSAGES, type MediaAsset } from '../../../domain/media-schemas';
import { isAdmin } from '../../../domain/roles';
import { mediaAssets } from '../../db/schema';
import type { Db } from '../../platform/db';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { Actor } from '../auth/service';
import { emitMediaStatusChanged } from './events';
import { removeAsset } from './processing';
import { findVisibleMedia, getMedia } from './queries';
import type { MediaRuntime } from './runtime';

/** pending → approved or rejected (admins; the route's guard checks the role). */
export const reviewMedia = async ({ db, actor, id, status }: { db: Db; actor: Actor; id: string; status: 'approved' | 'rejected' }): Promise<MediaAsset> => {
  const { asset } = await findVisibleMedia(db, actor, id);
  // Approval waits for the video check (rejection need not): no signed link for an unchecked file.
  const checked = status === 'rejected' ? undefined : eq(mediaAssets.processingStage, 'complete');
  // In a transaction so that the audit trail records the reviewer (decision 012).
  const changed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(mediaAssets)
      .set({ status })
      .where(and(eq(mediaAssets.id, id), eq(mediaAssets.status, 'pending'), checked))
      .returning({ id: mediaAssets.id });
    if (rows.length > 0) await emitMediaStatusChanged(tx, id, status, 'pending');
    return rows;
  });
  if (changed.length === 0) throw conflict(asset.status === 'pending' && status === 'approved' ? MEDIA_MESSAGES.notChecked : MEDIA_MESSAGES.reviewRefused);
  return getMedia({ db, actor, id });
};

/** Clients delete their brands' media while it is pending; admins any media. Files go too. */
export const deleteMedia = async ({ db, media, actor, id }: { db: Db; media: MediaRuntime; actor: Actor; id: string }) => {
  const { asset } = await findVisibleMedia(db, actor, id);
  const client = !isAdmin(actor.role);
  if (client && asset.status !== 'pending') throw forbidden(MEDIA_MESSAGES.deleteRefused);
  // A client's delete holds only while the asset is still pending (an admin may approve it meanwhile).
  if (!(await removeAsset(db, media, asset, { onlyPending: client }))) throw client ? forbidden(MEDIA_MESSAGES.deleteRefused) : notFound(MEDIA_MESSAGES.notFound);
  // Anyone still following its processing learns that it ended.
  if (!['complete', 'error'].includes(asset.processingStage)) media.hub.publish(id, { stage: 'error', progress: 100, message: MEDIA_MESSAGES.deleted }, asset.uploadedBy);
};
