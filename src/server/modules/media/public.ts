/**
 * What the media module offers the other modules (issue 39): a commercial's identity read by id, in
 * batch, so that no other module names media_assets. This file imports no other module, so that any
 * module may import it.
 */
import { eq, inArray } from 'drizzle-orm';
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
