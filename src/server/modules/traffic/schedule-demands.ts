/**
 * What the traffic log places of booked schedules (issue 42, decision 056): each mapped line's spots on the
 * days domain/schedule-days spreads its weeks to, at the line's spot length, one booking a line a day.
 */
import { and, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import { BOOKED_STATUSES } from '../../../domain/orders';
import type { DayName } from '../../../domain/rate-card';
import { lineSpotsByDay } from '../../../domain/schedule-days';
import { campaignStatesView } from '../campaigns/public';
import { mediaNamesView } from '../media/public';
import { orderScheduleLinesView, orderSchedulesView, ordersView } from '../orders/views';
import type { Tx } from '../../platform/db';
import { bookingOf, orderColumns, type Booking } from './demands';

/** The mapped lines of approved, scheduled and active orders whose flight touches [from, to], day by day. */
export const loadScheduleBookings = async (db: Tx, from: string, to: string): Promise<Booking[]> => {
  const rows = await db
    .select({
      ...orderColumns,
      lineId: orderScheduleLinesView.id,
      daypartId: orderScheduleLinesView.daypartId,
      days: orderScheduleLinesView.days,
      spotsPerWeek: orderScheduleLinesView.spotsPerWeek,
      rateCents: orderScheduleLinesView.rateCents,
      spotLength: orderScheduleLinesView.spotLength,
      startDate: orderSchedulesView.startDate,
      endDate: orderSchedulesView.endDate,
      weekStartDay: orderSchedulesView.weekStartDay,
      reviewedAt: ordersView.reviewedAt,
      createdAt: ordersView.createdAt,
    })
    .from(orderScheduleLinesView)
    .innerJoin(orderSchedulesView, eq(orderSchedulesView.estimateId, orderScheduleLinesView.estimateId))
    .innerJoin(ordersView, eq(ordersView.id, orderScheduleLinesView.estimateId))
    .leftJoin(campaignStatesView, eq(campaignStatesView.estimateId, ordersView.id))
    .leftJoin(mediaNamesView, eq(mediaNamesView.id, ordersView.mediaAssetId))
    .where(
      and(
        inArray(ordersView.status, [...BOOKED_STATUSES]),
        isNotNull(orderScheduleLinesView.daypartId),
        lte(orderSchedulesView.startDate, to),
        gte(orderSchedulesView.endDate, from),
      ),
    );
  return rows
    .filter((r) => r.brandId)
    .flatMap((r) =>
      lineSpotsByDay({ startDate: r.startDate, endDate: r.endDate, weekStartDay: r.weekStartDay as DayName }, r, from, to).map((day) =>
        bookingOf(
          r,
          {
            estimateItemId: null,
            scheduleLineId: r.lineId,
            daypartId: r.daypartId!,
            spots: day.spots,
            bookedAt: r.reviewedAt ?? r.createdAt,
            startDate: day.date,
            endDate: day.date,
          },
          { rateCents: r.rateCents, spotLength: r.spotLength },
        ),
      ),
    );
};
