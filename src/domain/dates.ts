/**
 * Calendar dates as 'YYYY-MM-DD' strings. "Today" and every day boundary are the station's: its
 * IANA time zone (STATION_TIMEZONE on the server, read from /api/station/clock in the browser),
 * converted with @date-fns/tz, never with hand-written offsets (DST-correct).
 */
import { TZDate, tz } from '@date-fns/tz';
import { format } from 'date-fns/format';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The first and last dates accepted from outside: years 1 to 9999 (PostgreSQL has no year 0, and a
 * five-digit year is not 'YYYY-MM-DD'), with a day to spare at each end, so that a day either side
 * (an exclusive end, a station midnight in another zone) is still a date (decision 008, issue 30).
 */
export const FIRST_DATE = '0001-01-02';
export const LAST_DATE = '9999-12-30';

export const isIsoDate = (value: string): boolean =>
  DATE.test(value) &&
  value >= FIRST_DATE &&
  value <= LAST_DATE &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** The day of the week of a calendar date (the same in every time zone). */
export const weekdayOf = (date: string): string => WEEKDAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

/** True when the name is an IANA time zone this runtime knows. */
export const isTimeZone = (name: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

// ── the station's time ───────────────────────────────────────────────────────
// Pure: every function takes the time zone (and the instant) it needs. The server builds one
// StationTime from its config (AppContext.time); the browser its own from /api/station/clock.

/** The station's calendar date of an instant. */
export const localDateOf = (instant: Date, timeZone: string): string => format(instant, 'yyyy-MM-dd', { in: tz(timeZone) });

/** The station's wall-clock time with seconds ('HH:mm:ss') of an instant. */
export const localClockOf = (instant: Date, timeZone: string): string => format(instant, 'HH:mm:ss', { in: tz(timeZone) });

/** The station's date of `now`. */
export const todayIso = (now: Date, timeZone: string): string => localDateOf(now, timeZone);

/**
 * The instant of a wall-clock time ('HH:mm') on a station date. A time skipped by a DST change
 * (02:30 on a spring-forward night) moves forward by the gap, as clocks do.
 */
export const instantOf = (date: string, time: string, timeZone: string): Date => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, h, min, 0, timeZone).getTime());
};

/** The instant the station's day begins (local midnight). */
export const startOfStationDay = (date: string, timeZone: string): Date => instantOf(date, '00:00', timeZone);

/** The station's time zone with its source of "now": handed to whatever needs "today". */
export interface StationTime {
  readonly timeZone: string;
  now(): Date;
  /** The station's date now. */
  today(): string;
  dateOf(instant: Date): string;
  /** 'HH:mm:ss' at the station. */
  clockOf(instant: Date): string;
  /** The instant of a station wall-clock time ('HH:mm') on a station date. */
  instantOf(date: string, time: string): Date;
}

export const stationTime = (timeZone: string, now: () => Date = () => new Date()): StationTime => {
  if (!isTimeZone(timeZone)) throw new Error(`Unknown time zone ${timeZone}`);
  return {
    timeZone,
    now,
    today: () => localDateOf(now(), timeZone),
    dateOf: (instant) => localDateOf(instant, timeZone),
    clockOf: (instant) => localClockOf(instant, timeZone),
    instantOf: (date, time) => instantOf(date, time, timeZone),
  };
};
