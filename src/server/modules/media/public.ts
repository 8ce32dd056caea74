/**
 * What the media module offers the other modules (issue 39): a commercial's identity read by id, in
 * batch, so that no other module names media_assets. This file imports no other module, so that any
 * module may import it.
 */
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { mediaAssets } from '../../db/schema';
import type { Tx } from '../../platform/db';

export interface MediaIdentity {
  id: string;
  brandId: string;
  adId: string | null;
  title: string | null;
  /** The uploaded file's name. */
  filename: string;
  spotLength: number | null;
  status: string;
  processingStage: string;
  durationSeconds: number | null;
}

/** Commercials by id, in one query: the map has an entry for each id that exists. */
export const mediaIdentities = async (db: Tx, ids: readonly (string | null | undefined)[]): Promise<Map<string, MediaIdentity>> => {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: mediaAssets.id,
      brandId: mediaAssets.brandId,
      adId: mediaAssets.adId,
      title: mediaAssets.title,
      filename: mediaAssets.filename,
      spotLength: mediaAssets.spotLength,
      status: mediaAssets.status,
      processingStage: mediaAssets.processingStage,
      durationSeconds: mediaAssets.durationSeconds,
    })
    .from(mediaAssets)
    .where(inArray(mediaAssets.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
};

/** The id of the commercial that Ad-ID names at this station, if any. */
export const mediaIdOfAdId = async (db: Tx, adId: string): Promise<string | undefined> => {
  const [row] = await db.select({ id: mediaAssets.id }).from(mediaAssets).where(eq(mediaAssets.adId, adId)).limit(1);
  return row?.id;
};

/** Records a commercial whose file is stored (an AdCP creative's fetched video), in the caller's transaction; processing picks it up. */
export const recordStoredMedia = async (tx: Tx, asset: typeof mediaAssets.$inferInsert): Promise<void> => {
  await tx.insert(mediaAssets).values(asset);
};

/** Commercials' file names, published for a list that must join them in one statement (published.sql). */
export { mediaNamesView } from '../../db/schema';

/** How many commercials the brand whose id is `brandId` has, as an SQL expression (a correlated count on the brand index). */
export const brandMediaCountSql = (brandId: SQLWrapper): SQL<number> =>
  sql<number>`(select count(*)::int from ${mediaAssets} where ${mediaAssets.brandId} = ${brandId})`;

/**
 * The one stage at which a spot may be approved, as PUT /media/:id requires: ffprobe confirmed a video
 * (stage `thumbnail` onwards) and its thumbnail and preview were made. Until then (`uploaded`, `probing`,
 * `thumbnail`, `preview`) it is still being checked; `error` means processing failed after the probe and
 * is never approvable.
 */
const CHECKED_STAGE = 'complete';
const FAILED_STAGE = 'error';

/** What approving a commercial with its order found: approved by this call or before it, or what held it back. */
export type MediaApproval = 'missing' | 'approved now' | 'approved' | 'rejected' | 'failed' | 'unchecked';

/**
 * Approves the commercial with the order that books it (decision 008) once its video check passed; answers
 * what held it back, changing nothing then (the caller tells the media screens of an approval made now). The row is locked NO KEY
 * UPDATE, so a foreign-key check from an order's row (KEY SHARE) never waits for it.
 */
export const approveCheckedMedia = async (tx: Tx, mediaAssetId: string): Promise<MediaApproval> => {
  const [media] = await tx
    .select({ status: mediaAssets.status, stage: mediaAssets.processingStage })
    .from(mediaAssets)
    .where(eq(mediaAssets.id, mediaAssetId))
    .limit(1)
    .for('no key update');
  if (!media) return 'missing';
  if (media.status === 'approved') return 'approved';
  if (media.status === 'rejected') return 'rejected';
  if (media.stage === FAILED_STAGE) return 'failed';
  if (media.stage !== CHECKED_STAGE) return 'unchecked';
  const approved = await tx
    .update(mediaAssets)
    .set({ status: 'approved' })
    .where(and(eq(mediaAssets.id, mediaAssetId), eq(mediaAssets.status, 'pending'), eq(mediaAssets.processingStage, CHECKED_STAGE)))
    .returning({ id: mediaAssets.id });
  return approved.length > 0 ? 'approved now' : 'approved';
};
