/**
 * A traffic spot as the log and Discrepancies read it: the spot with its daypart's, brand's, order's and
 * commercial's names in one query, and its separation conflict (decision 059) as the API answers it.
 */
import { eq, type SQL } from 'drizzle-orm';
import { trafficSpots } from '../../db/schema';
import { daypartWindowsView } from '../dayparts/public';
import { mediaNamesView } from '../media/public';
import type { Tx } from '../../platform/db';
import { brandNameSql, brandNamesView } from '../brands/public';
import { ordersView } from '../orders/views';

export const selectSpotRows = (db: Tx, where: SQL | undefined) =>
  db
    .select({
      spot: trafficSpots,
      daypartName: daypartWindowsView.name,
      brandName: brandNamesView.commonName,
      productCategory: brandNamesView.productCategory,
      conflictBrandName: brandNameSql(trafficSpots.separationConflictBrandId),
      estimateName: ordersView.estimateName,
      adId: mediaNamesView.adId,
      title: mediaNamesView.title,
    })
    .from(trafficSpots)
    .innerJoin(daypartWindowsView, eq(daypartWindowsView.id, trafficSpots.daypartId))
    .innerJoin(ordersView, eq(ordersView.id, trafficSpots.estimateId))
    .leftJoin(brandNamesView, eq(brandNamesView.id, trafficSpots.brandId))
    .leftJoin(mediaNamesView, eq(mediaNamesView.id, trafficSpots.mediaAssetId))
    .where(where)
    .$dynamic();

export type SpotRow = Awaited<ReturnType<typeof selectSpotRows>>[number];

/** The brand a spot was placed too close to, and their category; null when it was placed apart. */
export const separationConflictOf = ({ spot, conflictBrandName, productCategory }: SpotRow) =>
  spot.separationConflictBrandId ? { brand_id: spot.separationConflictBrandId, brand_name: conflictBrandName, product_category: productCategory } : null;
