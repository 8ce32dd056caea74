/** A media asset's review status changed: `media.status_changed` to its brand's advertiser and the station (decision 030). */
import { eq } from 'drizzle-orm';
import { mediaAssets } from '../../db/schema';
import { brandSummary } from '../brands/public';
import type { Tx } from '../../platform/db';
import { emitEvent } from '../webhooks/outbox';

/** Inside the transaction that changed the status. */
export const emitMediaStatusChanged = async (tx: Tx, mediaId: string, status: string, previousStatus: string) => {
  const [asset] = await tx
    .select({ brandId: mediaAssets.brandId, filename: mediaAssets.filename, adId: mediaAssets.adId })
    .from(mediaAssets)
    .where(eq(mediaAssets.id, mediaId))
    .limit(1);
  const brand = asset && (await brandSummary(tx, asset.brandId));
  if (!asset || !brand) return;
  await emitEvent(tx, {
    type: 'media.status_changed',
    ownerId: brand.ownerId,
    data: { media_id: mediaId, brand_id: asset.brandId, filename: asset.filename, ad_id: asset.adId, status, previous_status: previousStatus },
  });
};
