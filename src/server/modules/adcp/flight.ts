/** A buy's flight and packages (decision 035): station dates from AdCP's instants, the lead time, spots a day. */
import { addDays, daysBetween, isIsoDate, type StationTime } from '../../../domain/dates';
import { adcpError } from './errors';
import { earliestBookableDate, packageCpmOf, weeklyCostPerDailySpot, type DaypartRow } from './products';
import type { SpotLength } from './station';

/** What the buy keeps of each package beside its order item. */
export interface StoredPackage {
  package_id: string;
  buyer_ref: string | null;
  product_id: string;
  daypart_id: string;
  spot_length: SpotLength;
  /** `cpm_usd` (buys before the flat rate have none: CPM) or `flat_rate_usd`. */
  pricing_option_id?: string;
  budget: number;
  spots_per_day: number;
  paused?: boolean;
  creative_ids: string[];
}

/** A request's instant (or `asap`) as the station's broadcast date. */
export const stationDateOf = (value: string, field: string, time: StationTime, { endExclusive = false } = {}): string => {
  if (value === 'asap') return earliestBookableDate(time.today());
  if (isIsoDate(value)) return value;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw adcpError('INVALID_REQUEST', `${field} must be an ISO 8601 date-time or "asap"`, { field });
  // An end at midnight ends the day before: a flight to 2027-03-08T00:00 airs through 03-07.
  return time.dateOf(endExclusive ? new Date(instant.getTime() - 1) : instant);
};

/**
 * The flight as station dates. A new buy (`fromEarliest`) whose start is inside the 7-day lead time (or
 * in the past) is moved whole to start on the earliest bookable date, keeping its length (decision
 * 035); a change of flight (`update_media_buy`) into the lead time answers an AdCP error naming the
 * earliest bookable date.
 */
export const checkFlight = (startTime: string, endTime: string, time: StationTime, { fromEarliest = false } = {}) => {
  const asked = stationDateOf(startTime, 'start_time', time);
  const askedEnd = stationDateOf(endTime, 'end_time', time, { endExclusive: true });
  if (askedEnd < asked)
    throw adcpError('INVALID_REQUEST', 'end_time must be after start_time', { field: 'end_time', suggestion: 'End the flight after it starts' });
  const earliest = earliestBookableDate(time.today());
  const moved = fromEarliest && asked < earliest;
  const start = moved ? earliest : asked;
  const end = moved ? addDays(earliest, daysBetween(asked, askedEnd)) : askedEnd;
  if (start < earliest) {
    throw adcpError('INVALID_REQUEST', `Start date must be at least 7 days from today for campaign planning: the earliest bookable date is ${earliest}`, {
      field: 'start_time',
      suggestion: `Start the flight on ${earliest} or later`,
      details: { earliest_start_date: earliest, requested_start_date: asked, today: time.today() },
    });
  }
  return { start, end, days: daysBetween(start, end) + 1, askedStart: asked };
};

/**
 * Spots a day that spend a package's budget evenly over the flight: at least 1, at most the daypart's
 * maximum. A flight shorter than a week is spread as a week: the spec's rule that a budget covers at
 * least one week's cost ("Budget too small") holds for every order.
 */
export const spotsPerDayFor = (d: DaypartRow, length: SpotLength, option: string, budget: number, flightDays: number) => {
  const weeks = Math.max(1, flightDays / 7);
  const wanted = Math.floor(budget / (weeks * weeklyCostPerDailySpot(d, packageCpmOf(d, length, option))));
  return Math.min(d.spotFrequency, Math.max(1, wanted));
};
