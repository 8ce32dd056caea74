/**
 * What the station module offers the other modules (issue 39): the station's identity read without
 * making its profile row, so that no other module names station_profile. This file imports no other
 * module, so that any module may import it.
 */
import { eq } from 'drizzle-orm';
import { productSeparationsOf, type ProductSeparations } from '../../../domain/product-categories';
import { stationProfile } from '../../db/schema';
import type { Tx } from '../../platform/db';

/** The station's name, call letters, FCC facility id and agent URL as stored; undefined before a profile is saved. */
export const storedStationIdentity = async (db: Tx) => {
  const [row] = await db
    .select({
      name: stationProfile.name,
      callLetters: stationProfile.callLetters,
      fccFacilityId: stationProfile.fccFacilityId,
      agentUrl: stationProfile.agentUrl,
    })
    .from(stationProfile)
    .where(eq(stationProfile.id, 1))
    .limit(1);
  return row;
};

/** Whether a missed spot is offered a makegood at once (else the traffic desk offers it, decision 058); off before a profile is saved. */
export const stationAutoOffersMakegoods = async (db: Tx): Promise<boolean> => {
  const [row] = await db.select({ auto: stationProfile.autoOfferMakegoods }).from(stationProfile).where(eq(stationProfile.id, 1)).limit(1);
  return row?.auto ?? false;
};

/** Minutes between two brands of one product category on the log, for every category (decision 059); 15 each before a profile is saved. */
export const stationProductSeparations = async (db: Tx): Promise<ProductSeparations> => {
  const [row] = await db.select({ separations: stationProfile.productSeparations }).from(stationProfile).where(eq(stationProfile.id, 1)).limit(1);
  return productSeparationsOf(row?.separations);
};
