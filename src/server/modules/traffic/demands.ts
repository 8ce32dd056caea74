/** What the traffic log places: the booked orders' items over a range of broadcast days, read in one query. */
import { and, asc, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import { BOOKED_STATUSES, SOLD_STATUSES } from '../../../domain/orders';
import { houseCodeOf, type DaypartWindow, type SpotDemand } from '../../../domain/traffic';
import { spotLengthOf, type ScheduleLineTerms } from '../../../domain/spot-terms';
import { trafficMoves } from '../../db/schema';
import { campaignStatesView } from '../campaigns/public';
import { daypartWindowsView } from '../dayparts/public';
import { makegoodBookingsView } from '../makegoods/public';
import { mediaNamesView } from '../media/public';
import { orderItemsView, orderScheduleLinesView, ordersView } from '../orders/views';
import type { Tx } from '../../platform/db';

export interface Booking extends Omit<SpotDemand, 'spots'> {
  daypartId: string;
  spots: number;
  startDate: string;
  endDate: string;
  /** Whether the order's commercial has an Ad-ID (a station may require one before placing: decision 034). */
  hasAdId: boolean;
}

/** A daypart as placement reads it, with the channel whose log it fills (decision 053). */
export type ChannelDaypart = DaypartWindow & { channelId: string };

export const loadDayparts = async (db: Tx): Promise<ChannelDaypart[]> =>
  (await db.select().from(daypartWindowsView).orderBy(asc(daypartWindowsView.startTime), asc(daypartWindowsView.id))).map((d) => ({
    id: d.id,
    channelId: d.channelId,
    name: d.name,
    startTime: d.startTime,
    endTime: d.endTime,
    daysOfWeek: d.daysOfWeek,
    spotFrequency: d.spotFrequency,
  }));

/** What every booking reads of its order: brand, creative, campaign (paused or not) and the creative's length. */
export const orderColumns = {
  estimateId: ordersView.id,
  brandId: ordersView.brandId,
  mediaAssetId: ordersView.mediaAssetId,
  campaignId: campaignStatesView.id,
  campaignStatus: campaignStatesView.status,
  durationSeconds: mediaNamesView.durationSeconds,
  adId: mediaNamesView.adId,
  houseNumber: mediaNamesView.houseNumber,
};

export interface OrderColumns {
  estimateId: string;
  brandId: string | null;
  mediaAssetId: string | null;
  campaignId: string | null;
  campaignStatus: string | null;
  durationSeconds: number | null;
  adId: string | null;
  houseNumber: string | null;
}

/** A booking of an order's line; a schedule line's (issue 42) runs the line's length (domain/spot-terms). */
export const bookingOf = (
  r: OrderColumns,
  rest: Pick<
    Booking,
    'estimateItemId' | 'scheduleLineId' | 'daypartId' | 'spots' | 'bookedAt' | 'startDate' | 'endDate' | 'makegoodOfferId' | 'movedFromDate' | 'noCharge'
  >,
  line: ScheduleLineTerms | null = null,
): Booking => ({
  ...rest,
  estimateId: r.estimateId,
  campaignId: r.campaignId,
  brandId: r.brandId!,
  mediaAssetId: r.mediaAssetId,
  houseCode: houseCodeOf(r.mediaAssetId ? r : null),
  hasAdId: r.adId !== null,
  durationSeconds: spotLengthOf(line, r.durationSeconds),
  held: r.campaignStatus === 'paused',
});

/** Items of approved, scheduled and active orders whose flight touches [from, to]. */
export const loadBookings = async (db: Tx, from: string, to: string): Promise<Booking[]> => {
  const rows = await db
    .select({
      ...orderColumns,
      estimateItemId: orderItemsView.id,
      daypartId: orderItemsView.daypartId,
      spots: orderItemsView.spotsPerOccurrence,
      startDate: ordersView.startDate,
      endDate: ordersView.endDate,
      reviewedAt: ordersView.reviewedAt,
      createdAt: ordersView.createdAt,
    })
    .from(orderItemsView)
    .innerJoin(ordersView, eq(ordersView.id, orderItemsView.estimateId))
    .leftJoin(campaignStatesView, eq(campaignStatesView.estimateId, ordersView.id))
    .leftJoin(mediaNamesView, eq(mediaNamesView.id, ordersView.mediaAssetId))
    .where(and(inArray(ordersView.status, [...BOOKED_STATUSES]), lte(ordersView.startDate, to), gte(ordersView.endDate, from)));
  return rows
    .filter((r) => r.startDate && r.endDate && r.brandId)
    .map((r) =>
      bookingOf(r, {
        estimateItemId: r.estimateItemId,
        daypartId: r.daypartId,
        spots: r.spots,
        bookedAt: r.reviewedAt ?? r.createdAt,
        startDate: r.startDate!,
        endDate: r.endDate!,
      }),
    );
};

/** Accepted makegoods and ADUs airing in [from, to]: one spot each, on their day, for orders still booked or completed. */
export const loadMakegoodBookings = async (db: Tx, from: string, to: string): Promise<Booking[]> => {
  const rows = await db
    .select({
      ...orderColumns,
      offerId: makegoodBookingsView.id,
      kind: makegoodBookingsView.kind,
      airDate: makegoodBookingsView.airDate,
      acceptedAt: makegoodBookingsView.updatedAt,
      daypartId: makegoodBookingsView.daypartId,
      estimateItemId: makegoodBookingsView.estimateItemId,
      scheduleLineId: makegoodBookingsView.scheduleLineId,
      lineRateCents: orderScheduleLinesView.rateCents,
      lineSpotLength: orderScheduleLinesView.spotLength,
    })
    .from(makegoodBookingsView)
    .innerJoin(ordersView, eq(ordersView.id, makegoodBookingsView.estimateId))
    .leftJoin(orderScheduleLinesView, eq(orderScheduleLinesView.id, makegoodBookingsView.scheduleLineId))
    .leftJoin(campaignStatesView, eq(campaignStatesView.estimateId, ordersView.id))
    .leftJoin(mediaNamesView, eq(mediaNamesView.id, ordersView.mediaAssetId))
    .where(
      and(
        eq(makegoodBookingsView.status, 'accepted'),
        isNotNull(makegoodBookingsView.airDate),
        gte(makegoodBookingsView.airDate, from),
        lte(makegoodBookingsView.airDate, to),
        inArray(ordersView.status, [...SOLD_STATUSES]),
      ),
    );
  return rows
    .filter((r) => r.brandId && r.airDate && (r.estimateItemId || r.scheduleLineId))
    .map((r) =>
      bookingOf(
        r,
        {
          estimateItemId: r.estimateItemId,
          scheduleLineId: r.scheduleLineId,
          daypartId: r.daypartId,
          spots: 1,
          bookedAt: r.acceptedAt,
          startDate: r.airDate!,
          endDate: r.airDate!,
          makegoodOfferId: r.offerId,
          // An ADU (decision 057) airs at no charge.
          ...(r.kind === 'adu' ? { noCharge: true } : {}),
        },
        // A makegood of a schedule line's spot airs as the line's spot (issue 42).
        r.lineSpotLength !== null && r.lineRateCents !== null ? { rateCents: r.lineRateCents, spotLength: r.lineSpotLength } : null,
      ),
    );
};

/**
 * Spots moved off a closed day onto a day in [from, to] (decision 031): one spot each on their new
 * day, for orders still booked. Booked when moved, so they never push out a spot booked before.
 */
export const loadMoveBookings = async (db: Tx, from: string, to: string): Promise<Booking[]> => {
  const rows = await db
    .select({
      ...orderColumns,
      toDate: trafficMoves.toDate,
      fromDate: trafficMoves.fromDate,
      movedAt: trafficMoves.createdAt,
      daypartId: trafficMoves.daypartId,
      estimateItemId: trafficMoves.estimateItemId,
      scheduleLineId: trafficMoves.scheduleLineId,
      lineRateCents: orderScheduleLinesView.rateCents,
      lineSpotLength: orderScheduleLinesView.spotLength,
    })
    .from(trafficMoves)
    .innerJoin(ordersView, eq(ordersView.id, trafficMoves.estimateId))
    .leftJoin(orderScheduleLinesView, eq(orderScheduleLinesView.id, trafficMoves.scheduleLineId))
    .leftJoin(campaignStatesView, eq(campaignStatesView.estimateId, ordersView.id))
    .leftJoin(mediaNamesView, eq(mediaNamesView.id, ordersView.mediaAssetId))
    .where(and(isNotNull(trafficMoves.toDate), gte(trafficMoves.toDate, from), lte(trafficMoves.toDate, to), inArray(ordersView.status, [...BOOKED_STATUSES])))
    .orderBy(asc(trafficMoves.createdAt), asc(trafficMoves.id));
  return rows
    .filter((r) => r.brandId && r.toDate)
    .map((r) =>
      bookingOf(
        r,
        {
          estimateItemId: r.estimateItemId,
          scheduleLineId: r.scheduleLineId,
          daypartId: r.daypartId,
          spots: 1,
          bookedAt: r.movedAt,
          startDate: r.toDate!,
          endDate: r.toDate!,
          movedFromDate: r.fromDate,
        },
        // A schedule line's moved spot airs as the line's spot (issue 42).
        r.lineRateCents !== null && r.lineSpotLength !== null ? { rateCents: r.lineRateCents, spotLength: r.lineSpotLength } : null,
      ),
    );
};
