/**
 * The demo's past (decision 019): the API books everything today, so these steps move it back onto
 * a believable calendar, every date inside the rules the product keeps: orders submitted at least
 * the lead time before their flights, airings only inside a campaign's flight, invoices issued on
 * approval and paid after they were issued.
 */
import { eq, sql } from 'drizzle-orm';
import { airingOf } from '../../domain/campaigns';
import { airsOn } from '../../domain/traffic';
import { addDays, daysBetween, instantOf, type StationTime } from '../../domain/dates';
import { toCents } from '../../domain/money';
import { START_DATE_MIN_LEAD_DAYS as LEAD_TIME_DAYS } from '../../domain/constants';
import { campaigns, estimates, invoices } from '../db/schema';
import type { Db } from '../platform/db';
import { itemsWithDayparts, selectionOf } from '../modules/orders/orders';
import { recordAirings, type AiringRecord } from '../modules/campaigns/airings';

const at = (station: StationTime, day: string, time = '10:00') => instantOf(day, time.slice(0, 5), station.timeZone);

/** Moves an order's submission (and creation and review) to `submittedDay`. */
export const backdateSubmission = async (db: Db, time: StationTime, estimateId: string, submittedDay: string) => {
  await db
    .update(estimates)
    .set({
      createdAt: at(time, addDays(submittedDay, -1), '09:00'),
      submittedAt: at(time, submittedDay, '11:00'),
      reviewedAt: sql`case when ${estimates.reviewedAt} is null then null else ${at(time, submittedDay, '15:00')}::timestamptz end`,
    })
    .where(eq(estimates.id, estimateId));
};

/** The day a booked order was submitted: a lead time and `extraDays` before its flight, never after today. */
export const submissionDayFor = (today: string, startDate: string, extraDays: number): string => {
  const day = addDays(startDate, -(LEAD_TIME_DAYS + extraDays));
  return day < today ? day : today;
};

/**
 * Airs `perDay` spots a day from `from` to `to` (within the campaign's flight), each daypart in turn at
 * its start time, as the demo airing would have: impressions and spend by the same rule, the budget kept.
 */
export const airPastDays = async ({
  db,
  time,
  estimateId,
  from,
  to,
  perDay,
}: {
  db: Db;
  time: StationTime;
  estimateId: string;
  from: string;
  to: string;
  perDay: number;
}) => {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.estimateId, estimateId));
  if (!campaign?.startDate || !campaign.endDate) return;
  const first = from < campaign.startDate ? campaign.startDate : from;
  const last = to > campaign.endDate ? campaign.endDate : to;
  const rows = await itemsWithDayparts(db, estimateId);
  if (rows.length === 0) return;
  let remaining = campaign.totalBudgetCents - campaign.spendCents;
  let aired = campaign.airedSpots;
  const airings: AiringRecord[] = [];
  for (let n = 0; n <= daysBetween(first, last); n += 1) {
    const day = addDays(first, n);
    // The dayparts that air on this day, in turn: every day of the flight has its airings.
    const onAir = rows.filter(({ daypart }) => airsOn(daypart, day));
    for (let k = 0; k < perDay && onAir.length > 0 && remaining > 0 && aired < campaign.totalSpots; k += 1) {
      const { item, daypart } = onAir[(n * perDay + k) % onAir.length]!;
      const selection = selectionOf(daypart, item);
      const airing = airingOf(selection.multiplier, toCents(selection.cpm), remaining);
      const airedAt = new Date(at(time, day, daypart.startTime).getTime() + k * 60_000);
      airings.push({
        campaignId: campaign.id,
        daypartId: daypart.id,
        impressions: airing.impressions,
        spendCents: airing.spendCents,
        airedAt,
        spotId: null,
        simulated: true,
      });
      remaining -= airing.spendCents;
      aired += 1;
    }
  }
  await recordAirings(db, airings);
};

/** An up-front invoice issued (and sent) on `issueDay`, due `dueDays` later. */
export const backdateInvoice = async (db: Db, time: StationTime, invoiceId: string, issueDay: string, dueDays: number) => {
  await db
    .update(invoices)
    .set({
      issueDate: issueDay,
      dueDate: addDays(issueDay, dueDays),
      sentAt: sql`case when ${invoices.sentAt} is null then null else ${at(time, issueDay, '16:00')}::timestamptz end`,
    })
    .where(eq(invoices.id, invoiceId));
};
