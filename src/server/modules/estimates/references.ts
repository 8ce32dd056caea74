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

/** The brand a media asset belongs to; 400 when the asset does not exist. */
export const mediaBrandOf = async (tx: Tx, mediaAssetId: string): Promise<string> => {
  const [media] = await tx.select({ brandId: mediaAssets.brandId }).from(mediaAssets).where(eq(mediaAssets.id, mediaAssetId)).limit(1);
  if (!media) throw badRequest(ESTIMATE_MESSAGES.mediaNotFound);
  return media.brandId;
};

/** The order's media must be one of its brand's assets. */
export const assertMediaOfBrand = async (tx: Tx, mediaAssetId: string, brandId: string | null) => {
  if ((await mediaBrandOf(tx, mediaAssetId)) !== brandId) throw badRequest(ESTIMATE_MESSAGES.mediaOtherBrand);
};

/** The order's card must be one of its owner's cards. */
export const assertCardOfOwner = async (tx: Tx, paymentMethodId: string, ownerId: string) => {
  const [card] = await tx.select({ ownerId: paymentMethods.ownerId }).from(paymentMethods).where(eq(paymentMethods.id, paymentMethodId)).limit(1);
  if (!card) throw badRequest(ESTIMATE_MESSAGES.cardNotFound);
  if (card.ownerId !== ownerId) throw badRequest(ESTIMATE_MESSAGES.cardOtherOwner);
};
