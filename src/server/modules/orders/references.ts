/** Checks that what an order points at (brand, media, card) is allowed for it, through their owners' doors. */
import { ESTIMATE_MESSAGES } from '../../../domain/estimate-schemas';
import type { OrderActor } from '../../../domain/orders';
import { isAdmin } from '../../../domain/roles';
import type { Tx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { brandSummary } from '../brands/public';
import { mediaIdentities } from '../media/public';
import { cardOwnerOf } from '../payment-methods/public';

/** Clients order for their own brands; admins for any. */
export const assertBrandUsable = async (tx: Tx, actor: OrderActor, brandId: string) => {
  const brand = await brandSummary(tx, brandId);
  if (!brand || (!isAdmin(actor.role) && brand.ownerId !== actor.id)) throw notFound(ESTIMATE_MESSAGES.brandNotFound);
};

/** The brand a media asset belongs to; 404 when the asset does not exist. */
export const mediaBrandOf = async (tx: Tx, mediaAssetId: string): Promise<string> => {
  const media = (await mediaIdentities(tx, [mediaAssetId])).get(mediaAssetId);
  if (!media) throw notFound(ESTIMATE_MESSAGES.mediaNotFound);
  return media.brandId;
};

/**
 * The order's media must be one of its brand's assets. With `actor` (a choice made now), a client
 * who names another client's asset is told it does not exist, as for a missing one (404).
 */
export const assertMediaOfBrand = async (tx: Tx, mediaAssetId: string, brandId: string | null, actor?: OrderActor) => {
  const media = (await mediaIdentities(tx, [mediaAssetId])).get(mediaAssetId);
  const owner = media && (await brandSummary(tx, media.brandId));
  if (!media || !owner || (actor && !isAdmin(actor.role) && owner.ownerId !== actor.id)) throw notFound(ESTIMATE_MESSAGES.mediaNotFound);
  if (media.brandId !== brandId) throw badRequest(ESTIMATE_MESSAGES.mediaOtherBrand, 'media_asset_id');
};

/**
 * The order's card must be one of its owner's cards, or one of its brand owner's (an admin's order
 * for an advertiser's brand is paid with the advertiser's card). With `actor` (a choice made now),
 * a client who names another client's card is told it does not exist, as for a missing one (404).
 */
export const assertCardOfOwner = async (tx: Tx, paymentMethodId: string, order: { ownerId: string; brandId: string | null }, actor?: OrderActor) => {
  const cardOwner = await cardOwnerOf(tx, paymentMethodId);
  if (!cardOwner || (actor && !isAdmin(actor.role) && cardOwner !== actor.id)) throw notFound(ESTIMATE_MESSAGES.cardNotFound);
  if (cardOwner === order.ownerId) return;
  const brand = order.brandId ? await brandSummary(tx, order.brandId) : undefined;
  if (cardOwner !== brand?.ownerId) throw badRequest(ESTIMATE_MESSAGES.cardOtherOwner, 'payment_method_id');
};
