/**
 * The rate card as avails (issue 42, decision 056): one line per daypart at the rate of one spot of the
 * asked length, with the spots still free in each week of the range. Written as a Proposal by
 * proposal-write, so that a buyer's system reads it as it reads an agency's schedule.
 */
import { z } from 'zod';
import { airingOf } from './campaigns';
import { addDays, isIsoDate, LAST_DATE } from './dates';
import { toCents } from './money';
import { DEFAULT_MIN_CPM, type DayName } from './rate-card';
import { daypartBroadcastSpan, formatBroadcastTime, scheduleWeeks } from './schedule-lines';
import type { Schedule } from './schedule-schemas';
import { lengthCpmCents, lengthFlatRateCents, type LengthRates } from './spot-length-pricing';

export const AVAIL_LENGTHS = [15, 30, 60] as const;
export type AvailLength = (typeof AVAIL_LENGTHS)[number];

/** Four weeks of avails when no end is asked. */
export const AVAILS_DEFAULT_DAYS = 28;
export const AVAILS_MAX_DAYS = 366;

export const availsQuerySchema = z.object({
  /** Left out: the default channel. */
  channel_id: z.uuid({ error: 'Channel not found' }).optional(),
  /** Defaults to today. */
  from: z.string().refine(isIsoDate, 'from must be a date (YYYY-MM-DD)').optional(),
  /** Defaults to four weeks from `from`. */
  to: z.string().refine(isIsoDate, 'to must be a date (YYYY-MM-DD)').optional(),
  /** The spot length the rates are for, in seconds: 15, 30 (the default) or 60. */
  length: z
    .enum(['15', '30', '60'], { error: 'length must be 15, 30 or 60 (seconds)' })
    .default('30')
    .transform((value) => Number(value) as AvailLength),
});

/** The range asked: `from` (default today) to `to` (default four weeks on, never past the last date accepted). */
export const availsRange = (query: { from?: string; to?: string }, today: string): { from: string; to: string } => {
  const from = query.from ?? today;
  const fourWeeks = addDays(from, AVAILS_DEFAULT_DAYS - 1);
  return { from, to: query.to ?? (isIsoDate(fourWeeks) ? fourWeeks : LAST_DATE) };
};

/** Weeks of avails start on Monday, as broadcast weeks do. */
export const AVAILS_WEEK_START: DayName = 'Monday';

export interface AvailDaypart extends LengthRates {
  id: string;
  name: string;
  startTime: string;
  endTime: string;
  daysOfWeek: readonly string[];
  multiplier: number;
  /** The daypart's :30 CPM in cents (the rate card's base CPM). */
  baseCpmCents: number;
  /** Spots free on each airing day of the range, by date. */
  freeByDate: ReadonlyMap<string, number>;
}

/**
 * One spot's rate of a length in cents: the daypart's flat rate for it where the station sets one, else
 * what one spot costs at the length's CPM (impressions per spot × CPM, as an order's spot is billed); a
 * daypart without a base CPM is priced at the order form's default, as AdCP's products are.
 */
export const spotRateCents = (d: AvailDaypart, length: AvailLength): number =>
  lengthFlatRateCents(d, length) ??
  airingOf(d.multiplier, lengthCpmCents(d.baseCpmCents || toCents(DEFAULT_MIN_CPM), d, length), Number.MAX_SAFE_INTEGER).spendCents;

/** The avails of [from, to] as a schedule: a line per daypart, its free spots week by week (weeks cut to the range). */
export const availsSchedule = ({
  dayparts,
  from,
  to,
  length,
}: {
  dayparts: readonly AvailDaypart[];
  from: string;
  to: string;
  length: AvailLength;
}): Schedule => {
  const weeks = scheduleWeeks(from, to, AVAILS_WEEK_START);
  const weekOf = (date: string) => weeks.findLastIndex((start) => start <= date);
  const lines = dayparts.map((d, position) => {
    const spots = weeks.map(() => 0);
    for (const [date, free] of d.freeByDate) if (date >= from && date <= to) spots[weekOf(date)]! += free;
    const span = daypartBroadcastSpan(d.startTime, d.endTime);
    const rate = spotRateCents(d, length) / 100;
    return {
      id: d.id,
      position,
      name: d.name,
      daypart_id: d.id,
      daypart_name: d.name,
      unmapped_reason: null,
      days: [...d.daysOfWeek],
      start_time: formatBroadcastTime(span.start),
      end_time: formatBroadcastTime(span.end),
      spot_length: length,
      rate,
      spots_per_week: spots,
      demo_values: {},
      program_id: null,
      program_name: null,
      spots: spots.reduce((a, b) => a + b, 0),
      gross: Math.round(rate * 100 * spots.reduce((a, b) => a + b, 0)) / 100,
    };
  });
  return {
    estimate_id: '00000000-0000-0000-0000-000000000000',
    week_start_day: AVAILS_WEEK_START,
    start_date: from,
    end_date: to,
    demos: [],
    proposal_id: null,
    proposal_version: null,
    weeks: weeks.map((start, i) => {
      const spots = lines.reduce((sum, line) => sum + line.spots_per_week[i]!, 0);
      const gross = lines.reduce((sum, line) => sum + line.rate * line.spots_per_week[i]!, 0);
      return { start_date: start, spots, gross: Math.round(gross * 100) / 100 };
    }),
    lines,
    spots: lines.reduce((sum, line) => sum + line.spots, 0),
    gross: Math.round(lines.reduce((sum, line) => sum + line.gross, 0) * 100) / 100,
  };
};
