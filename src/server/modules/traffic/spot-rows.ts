/**
 * A traffic spot as the log and Discrepancies read it: the spot with its daypart's, brand's, order's and
 * commercial's names in one query, and its separation conflict (decision 059) as the API answers it.
 */
import { eq, type SQL } from 'drizzle-orm';
import { brands, dayparts, mediaAssets, trafficSpots } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { brandNameSql } from '../brands/public';
import { ordersView } from '../orders/views';

export const selectSpotRows = (db: Tx, where: SQL | undefined) =>
  db
    .select({
      spot: trafficSpots,
      daypartName: dayparts.name,
      brandName: brands.commonName,
      productCategory: brands.productCategory,
      conflictBrandName: brandNameSql(trafficSpots.separationConflictBrandId),
      estimateName: ordersView.estimateName,
      adId: mediaAssets.adId,
      title: mediaAssets.title,
    })
    .from(trafficSpots)
    .innerJoin(dayparts, eq(dayparts.id, trafficSpots.daypartId))
    .innerJoin(ordersView, eq(ordersView.id, trafficSpots.estimateId))
    .leftJoin(brands, eq(brands.id, trafficSpots.brandId))
    .leftJoin(mediaAssets, eq(mediaAssets.id, trafficSpots.mediaAssetId))
    .where(where)
    .$dynamic();

export type SpotRow = Awaited<ReturnType<typeof selectSpotRows>>[number];

/** The brand a spot was placed too close to, and their category; null when it was placed apart. */
export const separationConflictOf = ({ spot, conflictBrandName, productCategory }: SpotRow) =>
  spot.separationConflictBrandId ? { brand_id: spot.separationConflictBrandId, brand_name: conflictBrandName, product_category: productCategory } : null;
