/** A media asset's review status changed: `media.status_changed` to its brand's advertiser and the station (decision 030). */
import { eq } from 'drizzle-orm';
import { brands, mediaAssets } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { emitEvent } from '../webhooks/outbox';

/** Inside the transaction that changed the status. */
export const emitMediaStatusChanged = async (tx: Tx, mediaId: string, status: string, previousStatus: string) => {
  const [asset] = await tx
    .select({ ownerId: brands.ownerId, brandId: mediaAssets.brandId, filename: mediaAssets.filename, adId: mediaAssets.adId })
    .from(mediaAssets)
    .innerJoin(brands, eq(brands.id, mediaAssets.brandId))
    .where(eq(mediaAssets.id, mediaId))
    .limit(1);
  if (!asset) return;
  await emitEvent(tx, {
    type: 'media.status_changed',
    ownerId: asset.ownerId,
    data: { media_id: mediaId, brand_id: asset.brandId, filename: asset.filename, ad_id: asset.adId, status, previous_status: previousStatus },
  });
};
