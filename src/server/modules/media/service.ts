/** Changes to media assets: approval by the traffic desk, deletion. */
import { and, eq, ne } from 'drizzle-orm';
import { AD_ID_MESSAGES } from '../../../domain/ad-id';
import { MEDIA_IDENTITY_MESSAGES, MEDIA_MESSAGES, type MediaAsset, type MediaIdentityUpdate } from '../../../domain/media-schemas';
import { isAdmin } from '../../../domain/roles';
import { mediaAssets } from '../../db/schema';
import { mediaHasAired } from '../traffic/public';
import { isUniqueViolation, type Db } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
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
  if (!(await removeAsset(db, media, asset, { onlyPending: client })))
    throw client ? forbidden(MEDIA_MESSAGES.deleteRefused) : notFound(MEDIA_MESSAGES.notFound);
  // Anyone still following its processing learns that it ended.
  if (!['complete', 'error'].includes(asset.processingStage))
    media.hub.publish(id, { stage: 'error', progress: 100, message: MEDIA_MESSAGES.deleted }, asset.uploadedBy);
};

/**
 * The commercial's Ad-ID, booked length and title (issue 27, decision 034): its brand's owner or an
 * admin changes them until one of its spots has aired; the house number is the station's (admins).
 * A booked length that does not fit the probed video is kept, with the asset's `spot_length_warning`.
 */
export const updateMediaIdentity = async ({ db, actor, id, input }: { db: Db; actor: Actor; id: string; input: MediaIdentityUpdate }): Promise<MediaAsset> => {
  await findVisibleMedia(db, actor, id);
  const set = {
    ...(input.ad_id !== undefined ? { adId: input.ad_id } : {}),
    ...(input.spot_length !== undefined ? { spotLength: input.spot_length } : {}),
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.house_number !== undefined ? { houseNumber: input.house_number } : {}),
  };
  if (Object.keys(set).length === 0) throw badRequest(MEDIA_IDENTITY_MESSAGES.nothing);
  if (input.house_number !== undefined && !isAdmin(actor.role)) throw forbidden(MEDIA_IDENTITY_MESSAGES.houseNumberAdmins);
  const identity = input.ad_id !== undefined || input.spot_length !== undefined || input.title !== undefined;
  await db
    .transaction(async (tx) => {
      // Once a spot of it aired, what master control and the invoices named stays as it was.
      if (identity) {
        if (await mediaHasAired(tx, id)) throw conflict(MEDIA_IDENTITY_MESSAGES.aired);
      }
      if (input.ad_id) {
        const [taken] = await tx
          .select({ id: mediaAssets.id })
          .from(mediaAssets)
          .where(and(eq(mediaAssets.adId, input.ad_id), ne(mediaAssets.id, id)))
          .limit(1);
        if (taken) throw conflict(AD_ID_MESSAGES.taken);
      }
      if (input.house_number !== undefined) {
        const [taken] = await tx
          .select({ id: mediaAssets.id })
          .from(mediaAssets)
          .where(and(eq(mediaAssets.houseNumber, input.house_number), ne(mediaAssets.id, id)))
          .limit(1);
        if (taken) throw conflict(MEDIA_IDENTITY_MESSAGES.houseNumberTaken);
      }
      await tx
        .update(mediaAssets)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(mediaAssets.id, id));
    })
    .catch((error: unknown) =>
      Promise.reject(isUniqueViolation(error) ? conflict(input.ad_id ? AD_ID_MESSAGES.taken : MEDIA_IDENTITY_MESSAGES.houseNumberTaken) : error),
    );
  return getMedia({ db, actor, id });
};
