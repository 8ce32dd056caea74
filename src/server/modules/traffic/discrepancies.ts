/**
 * GET /traffic/discrepancies (admins, decision 031): what the traffic desk must look at — spots no
 * as-run confirmed, missed spots without a makegood decision, as-run rows that matched nothing, and
 * spots booked after their day went to master control. Newest first, at most 200 of each.
 */
import { and, desc, eq, gte, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { localClockOf, todayIso } from '../../../domain/dates';
import type { Discrepancies, DiscrepancySpot } from '../../../domain/traffic-schemas';
import { brands, dayparts, estimates, mediaAssets, trafficSpots } from '../../db/schema';
import type { Db } from '../../platform/db';
import { latestUnmatchedRows } from '../as-run/unmatched-list';
import { isUndecided, makegoodStatusOfSpots } from '../makegoods/decisions';

const LIMIT = 200;

const spotsWhere = async (db: Db, where: SQL | undefined, limit = LIMIT): Promise<DiscrepancySpot[]> =>
  (
    await db
      .select({ spot: trafficSpots, daypartName: dayparts.name, brandName: brands.commonName, estimateName: estimates.estimateName })
      .from(trafficSpots)
      .innerJoin(dayparts, eq(dayparts.id, trafficSpots.daypartId))
      .innerJoin(estimates, eq(estimates.id, trafficSpots.estimateId))
      .leftJoin(brands, eq(brands.id, trafficSpots.brandId))
      .leftJoin(mediaAssets, eq(mediaAssets.id, trafficSpots.mediaAssetId))
      .where(where)
      .orderBy(desc(trafficSpots.scheduledAt))
      .limit(limit)
  ).map(({ spot, daypartName, brandName, estimateName }) => ({
    id: spot.id,
    air_date: spot.airDate,
    local_time: localClockOf(spot.scheduledAt),
    daypart_name: daypartName,
    house_code: spot.houseCode,
    estimate_id: spot.estimateId,
    estimate_name: estimateName || null,
    brand_name: brandName,
    status: spot.status,
  }));

export const listDiscrepancies = async ({ db }: { db: Db }): Promise<Discrepancies> => {
  const [unconfirmed, missed, unmatched, late, noAdId] = await Promise.all([
    spotsWhere(db, eq(trafficSpots.status, 'unconfirmed')),
    spotsWhere(db, eq(trafficSpots.status, 'missed'), LIMIT * 5),
    latestUnmatchedRows(db, LIMIT),
    spotsWhere(db, and(isNotNull(trafficSpots.addedAfterExportAt), inArray(trafficSpots.status, ['scheduled']), gte(trafficSpots.airDate, todayIso()))),
    spotsWhere(db, and(isNull(mediaAssets.adId), eq(trafficSpots.status, 'scheduled'), gte(trafficSpots.airDate, todayIso()))),
  ]);
  const decisions = await makegoodStatusOfSpots(db, missed.map((s) => s.id));
  const undecided = missed
    .filter((s) => isUndecided(decisions.get(s.id)))
    .slice(0, LIMIT)
    .map((s) => ({ ...s, makegood_status: decisions.get(s.id) ?? null }));
  return { unconfirmed, missed_undecided: undecided, unmatched_rows: unmatched, late_bookings: late, no_ad_id: noAdId };
};
