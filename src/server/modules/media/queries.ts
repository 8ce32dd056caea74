/** Reading media assets as the API shows them: their rows, then their brands and uploaders in one query each. */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { MEDIA_MESSAGES, spotLengthWarning, type MediaAsset, type MediaStatus } from '../../../domain/media-schemas';
import { isAdmin } from '../../../domain/roles';
import { mediaAssets } from '../../db/schema';
import { brandOwnedBySql, brandSummaries } from '../brands/public';
import { userSummaries } from '../users/public';
import type { Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Actor } from '../auth/service';

export type MediaRow = typeof mediaAssets.$inferSelect;

type JoinedRow = { asset: MediaRow; brandName: string; uploaderEmail: string | null };

export const toMediaAsset = ({ asset: a, brandName, uploaderEmail }: JoinedRow): MediaAsset => ({
  id: a.id,
  filename: a.filename,
  mime_type: a.mimeType,
  file_size: Number(a.fileSize),
  status: a.status,
  brand_id: a.brandId,
  brand_name: brandName,
  uploaded_by: a.uploadedBy,
  uploaded_by_email: uploaderEmail,
  estimate_id: a.estimateId,
  duration_seconds: a.durationSeconds,
  width: a.width,
  height: a.height,
  video_codec: a.videoCodec,
  audio_codec: a.audioCodec,
  processing_stage: a.processingStage,
  processing_progress: a.processingProgress,
  processing_message: a.processingMessage,
  has_preview: a.previewKey !== null,
  has_thumbnail: a.thumbnailKey !== null,
  ad_id: a.adId,
  spot_length: a.spotLength,
  title: a.title,
  house_number: a.houseNumber,
  house_code: a.adId ?? a.houseNumber,
  spot_length_warning: spotLengthWarning(a.spotLength, a.durationSeconds),
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});

/** Clients reach the media of their own brands; admins all media. */
const visibleTo = (actor: Actor): SQL | undefined => (isAdmin(actor.role) ? undefined : brandOwnedBySql(mediaAssets.brandId, actor.id));

/** The assets with their brands' names and uploaders' e-mails: one query to each module (no brand: not shown). */
const withNames = async (db: Tx, assets: MediaRow[]): Promise<JoinedRow[]> => {
  const [brands, uploaders] = await Promise.all([
    brandSummaries(
      db,
      assets.map((asset) => asset.brandId),
    ),
    userSummaries(
      db,
      assets.map((asset) => asset.uploadedBy),
    ),
  ]);
  return assets.flatMap((asset) => {
    const brand = brands.get(asset.brandId);
    return brand ? [{ asset, brandName: brand.commonName, uploaderEmail: (asset.uploadedBy && uploaders.get(asset.uploadedBy)?.email) ?? null }] : [];
  });
};

const joined = (db: Tx, where: SQL | undefined) => db.select().from(mediaAssets).where(where).$dynamic();

export const listMedia = async ({ db, actor, brandId, status }: { db: Tx; actor: Actor; brandId?: string; status?: MediaStatus }): Promise<MediaAsset[]> => {
  const rows = await joined(
    db,
    and(visibleTo(actor), brandId ? eq(mediaAssets.brandId, brandId) : undefined, status ? eq(mediaAssets.status, status) : undefined),
  ).orderBy(desc(mediaAssets.createdAt), desc(mediaAssets.id));
  return (await withNames(db, rows)).map(toMediaAsset);
};

/** The asset with its raw columns, when the actor may see it; 404 otherwise. */
export const findVisibleMedia = async (db: Tx, actor: Actor, id: string): Promise<JoinedRow> => {
  const [row] = await withNames(db, await joined(db, and(eq(mediaAssets.id, id), visibleTo(actor))).limit(1));
  if (!row) throw notFound(MEDIA_MESSAGES.notFound);
  return row;
};

export const getMedia = async ({ db, actor, id }: { db: Tx; actor: Actor; id: string }): Promise<MediaAsset> =>
  toMediaAsset(await findVisibleMedia(db, actor, id));

/** The asset's raw row, whoever may see it (for the processing job and signed links). */
export const mediaRow = async (db: Tx, id: string): Promise<MediaRow | undefined> => {
  const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.id, id)).limit(1);
  return row;
};

/** The asset as the API shows it, whoever may see it (for what processing tells the admins). */
export const mediaAssetById = async (db: Tx, id: string): Promise<MediaAsset | undefined> => {
  const [row] = await withNames(db, await joined(db, eq(mediaAssets.id, id)).limit(1));
  return row ? toMediaAsset(row) : undefined;
};
