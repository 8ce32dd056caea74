/** Checks that what an order points at (brand, media, card) is allowed for it. */
import { eq } from 'drizzle-orm';
import { ESTIMATE_MESSAGES } from '../../../domain/estimate-schemas';
import type { OrderActor } from '../../../domain/orders';
import { isAdmin } from '../../../domain/roles';
import { brands, mediaAssets, paymentMethods } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';

/** Clients order for their own brands; admins for any. */
export const assertBrandUsable = async (tx: Tx, actor: OrderActor, brandId: string) => {
  const [brand] = await tx.select({ ownerId: brands.ownerId }).from(brands).where(eq(brands.id, brandId)).limit(1);
  if (!brand || (!isAdmin(actor.role) && brand.ownerId !== actor.id)) throw notFound(ESTIMATE_MESSAGES.brandNotFound);
};

/** The brand a media asset belongs to; 404 when the asset does not exist. */
export const mediaBrandOf = async (tx: Tx, mediaAssetId: string): Promise<string> => {
  const [media] = await tx.select({ brandId: mediaAssets.brandId }).from(mediaAssets).where(eq(mediaAssets.id, mediaAssetId)).limit(1);
  if (!media) throw notFound(ESTIMATE_MESSAGES.mediaNotFound);
  return media.brandId;
};

/**
 * The order's media must be one of its brand's assets. With `actor` (a choice made now), a client
 * who names another client's asset is told it does not exist, as for a missing one (404).
 */
export const assertMediaOfBrand = async (tx: Tx, mediaAssetId: string, brandId: string | null, actor?: OrderActor) => {
  const [media] = await tx
    .select({ brandId: mediaAssets.brandId, ownerId: brands.ownerId })
    .from(mediaAssets)
    .innerJoin(brands, eq(brands.id, mediaAssets.brandId))
    .where(eq(mediaAssets.id, mediaAssetId))
    .limit(1);
  if (!media || (actor && !isAdmin(actor.role) && media.ownerId !== actor.id)) throw notFound(ESTIMATE_MESSAGES.mediaNotFound);
  if (media.brandId !== brandId) throw badRequest(ESTIMATE_MESSAGES.mediaOtherBrand, 'media_asset_id');
};

/**
 * The order's card must be one of its owner's cards, or one of its brand owner's (an admin's order
 * for an advertiser's brand is paid with the advertiser's card). With `actor` (a choice made now),
 * a client who names another client's card is told it does not exist, as for a missing one (404).
 */
export const assertCardOfOwner = async (tx: Tx, paymentMethodId: string, order: { ownerId: string; brandId: string | null }, actor?: OrderActor) => {
  const [card] = await tx.select({ ownerId: paymentMethods.ownerId }).from(paymentMethods).where(eq(paymentMethods.id, paymentMethodId)).limit(1);
  if (!card || (actor && !isAdmin(actor.role) && card.ownerId !== actor.id)) throw notFound(ESTIMATE_MESSAGES.cardNotFound);
  if (card.ownerId === order.ownerId) return;
  const [brand] = order.brandId ? await tx.select({ ownerId: brands.ownerId }).from(brands).where(eq(brands.id, order.brandId)).limit(1) : [];
  if (card.ownerId !== brand?.ownerId) throw badRequest(ESTIMATE_MESSAGES.cardOtherOwner, 'payment_method_id');
};
