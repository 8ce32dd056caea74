/** What the traffic log places: the booked orders' items over a range of broadcast days, read in one query. */
import { and, asc, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import { BOOKED_STATUSES } from '../../../domain/orders';
import { houseCodeOf, spotSeconds, type DaypartWindow, type SpotDemand } from '../../../domain/traffic';
import { campaigns, dayparts, estimateItems, estimates, makegoodOffers, mediaAssets } from '../../db/schema';
import type { Tx } from '../../platform/db';

export interface Booking extends Omit<SpotDemand, 'spots'> {
  daypartId: string;
  spots: number;
  startDate: string;
  endDate: string;
}

export const loadDayparts = async (db: Tx): Promise<DaypartWindow[]> =>
  (await db.select().from(dayparts).orderBy(asc(dayparts.startTime), asc(dayparts.id))).map((d) => ({
    id: d.id,
    name: d.name,
    startTime: d.startTime,
    endTime: d.endTime,
    daysOfWeek: d.daysOfWeek,
    spotFrequency: d.spotFrequency,
  }));

/** Items of approved, scheduled and active orders whose flight touches [from, to]. */
export const loadBookings = async (db: Tx, from: string, to: string): Promise<Booking[]> => {
  const rows = await db
    .select({
      estimateItemId: estimateItems.id,
      estimateId: estimates.id,
      daypartId: estimateItems.daypartId,
      spots: estimateItems.spotsPerOccurrence,
      startDate: estimates.startDate,
      endDate: estimates.endDate,
      brandId: estimates.brandId,
      mediaAssetId: estimates.mediaAssetId,
      reviewedAt: estimates.reviewedAt,
      createdAt: estimates.createdAt,
      campaignId: campaigns.id,
      campaignStatus: campaigns.status,
      durationSeconds: mediaAssets.durationSeconds,
    })
    .from(estimateItems)
    .innerJoin(estimates, eq(estimates.id, estimateItems.estimateId))
    .leftJoin(campaigns, eq(campaigns.estimateId, estimates.id))
    .leftJoin(mediaAssets, eq(mediaAssets.id, estimates.mediaAssetId))
    .where(and(inArray(estimates.status, [...BOOKED_STATUSES]), lte(estimates.startDate, to), gte(estimates.endDate, from)));
  return rows
    .filter((r) => r.startDate && r.endDate && r.brandId)
    .map((r) => ({
      estimateId: r.estimateId,
      estimateItemId: r.estimateItemId,
      daypartId: r.daypartId,
      campaignId: r.campaignId,
      brandId: r.brandId!,
      mediaAssetId: r.mediaAssetId,
      houseCode: houseCodeOf(r.mediaAssetId),
      durationSeconds: spotSeconds(r.durationSeconds),
      spots: r.spots,
      held: r.campaignStatus === 'paused',
      bookedAt: r.reviewedAt ?? r.createdAt,
      startDate: r.startDate!,
      endDate: r.endDate!,
    }));
};

/** Accepted makegoods airing in [from, to]: one spot each, on their day, for orders still booked or completed. */
export const loadMakegoodBookings = async (db: Tx, from: string, to: string): Promise<Booking[]> => {
  const rows = await db
    .select({
      offerId: makegoodOffers.id,
      airDate: makegoodOffers.airDate,
      acceptedAt: makegoodOffers.updatedAt,
      daypartId: makegoodOffers.daypartId,
      estimateItemId: makegoodOffers.estimateItemId,
      estimateId: estimates.id,
      brandId: estimates.brandId,
      mediaAssetId: estimates.mediaAssetId,
      campaignId: campaigns.id,
      campaignStatus: campaigns.status,
      durationSeconds: mediaAssets.durationSeconds,
    })
    .from(makegoodOffers)
    .innerJoin(estimates, eq(estimates.id, makegoodOffers.estimateId))
    .leftJoin(campaigns, eq(campaigns.estimateId, estimates.id))
    .leftJoin(mediaAssets, eq(mediaAssets.id, estimates.mediaAssetId))
    .where(
      and(
        eq(makegoodOffers.status, 'accepted'),
        isNotNull(makegoodOffers.airDate),
        gte(makegoodOffers.airDate, from),
        lte(makegoodOffers.airDate, to),
        inArray(estimates.status, [...BOOKED_STATUSES, 'completed']),
      ),
    );
  return rows
    .filter((r) => r.brandId && r.airDate && r.estimateItemId)
    .map((r) => ({
      estimateId: r.estimateId,
      estimateItemId: r.estimateItemId!,
      daypartId: r.daypartId,
      campaignId: r.campaignId,
      brandId: r.brandId!,
      mediaAssetId: r.mediaAssetId,
      houseCode: houseCodeOf(r.mediaAssetId),
      durationSeconds: spotSeconds(r.durationSeconds),
      spots: 1,
      held: r.campaignStatus === 'paused',
      bookedAt: r.acceptedAt,
      startDate: r.airDate!,
      endDate: r.airDate!,
      makegoodOfferId: r.offerId,
    }));
};
