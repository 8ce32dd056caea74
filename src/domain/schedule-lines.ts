/**
 * Schedule lines (issue 42, decision 056): a buy as agencies send it. A line airs on some days between
 * two times of a daypart, has a spot length and a rate per spot, and a number of spots in each week of
 * the order's fixed flight. Weeks are cut by the proposal's `weekStartDay`: the first week starts on
 * that weekday on or before the flight's start, partial weeks at either end count as weeks, and a week
 * with no spots (a hiatus) is 0. Times are on the broadcast-day clock (05:00–29:59; 25:00 is 1 AM of
 * the next calendar day). Money is whole cents; a rate of 0 is a bonus spot.
 */
import { addDays, daysBetween, weekdayOf } from './dates';
import { ALL_DAYS, type DayName } from './rate-card';

export const SPOT_LENGTHS = [15, 30, 60] as const;
export type SpotLength = (typeof SPOT_LENGTHS)[number];

/** The first and last minute of the broadcast day: 05:00 and 29:59. */
export const BROADCAST_DAY_START = 5 * 60;
export const BROADCAST_DAY_END = 30 * 60;

/** The longest flight a schedule may have, in weeks (two years). */
export const MAX_SCHEDULE_WEEKS = 105;

const WEEKDAY_ORDER = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The start date of each week of a flight, cut by the week's first day; partial weeks at either end included. */
export const scheduleWeeks = (startDate: string, endDate: string, weekStartDay: DayName): string[] => {
  if (endDate < startDate) return [];
  const back = (WEEKDAY_ORDER.indexOf(weekdayOf(startDate) as (typeof WEEKDAY_ORDER)[number]) - WEEKDAY_ORDER.indexOf(weekStartDay) + 7) % 7;
  const weeks: string[] = [];
  // By days, not by text: past year 9999 a date is no longer 'YYYY-MM-DD' and would compare as before any.
  for (let week = addDays(startDate, -back); daysBetween(week, endDate) >= 0; week = addDays(week, 7)) weeks.push(week);
  return weeks;
};

/** The index of the week (from scheduleWeeks) that holds a date; -1 when the date is outside them. */
export const weekIndexOf = (weeks: readonly string[], date: string): number => {
  if (weeks.length === 0 || date < weeks[0]!) return -1;
  const index = Math.floor(daysBetween(weeks[0]!, date) / 7);
  return index < weeks.length ? index : -1;
};

export interface SpotsPeriod {
  startDate: string;
  endDate: string;
  spots: number;
}

/**
 * Spots per week of a line from its periods: a period's spots apply to every week it touches (partial
 * weeks count); two periods touching one week add up; a week no period touches has none. Periods, or
 * their parts, outside the flight's weeks are left out.
 */
export const spotsPerWeekOf = (weeks: readonly string[], periods: readonly SpotsPeriod[]): number[] => {
  const spots = weeks.map(() => 0);
  for (const period of periods) {
    if (period.endDate < period.startDate) continue;
    weeks.forEach((week, i) => {
      const weekEnd = addDays(week, 6);
      if (period.startDate <= weekEnd && period.endDate >= week) spots[i]! += period.spots;
    });
  }
  return spots;
};

// ── the broadcast-day clock ───────────────────────────────────────────────────

const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** Minutes of a broadcast-day time ("05:00" … "29:59", seconds ignored); null when it is not one. */
export const parseBroadcastTime = (text: string): number | null => {
  const match = CLOCK.exec(text.trim());
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (Number(match[2]) > 59 || (match[3] !== undefined && Number(match[3]) > 59)) return null;
  return minutes >= BROADCAST_DAY_START && minutes < BROADCAST_DAY_END ? minutes : null;
};

/** Minutes on the broadcast-day clock of a calendar time "HH:MM": before 05:00 is the next calendar day's (01:00 → 25:00). */
export const broadcastMinutesOf = (calendarTime: string): number => {
  const [h, m] = calendarTime.split(':').map(Number) as [number, number];
  const minutes = h * 60 + m;
  return minutes < BROADCAST_DAY_START ? minutes + 24 * 60 : minutes;
};

/** A broadcast-day time as written in a Proposal: "25:30" for 1:30 AM of the next calendar day. */
export const formatBroadcastTime = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The calendar time "HH:MM" of a broadcast-day time, and whether it falls on the next calendar day. */
export const calendarTimeOf = (minutes: number): { time: string; nextDay: boolean } => {
  const nextDay = minutes >= 24 * 60;
  return { time: formatBroadcastTime(nextDay ? minutes - 24 * 60 : minutes), nextDay };
};

/** A daypart's hours on the broadcast clock; an end at or before its start runs past midnight (22:00–02:00 → 22:00–26:00). */
export const daypartBroadcastSpan = (startTime: string, endTime: string): { start: number; end: number } => {
  const start = broadcastMinutesOf(startTime);
  let end = broadcastMinutesOf(endTime);
  if (end === BROADCAST_DAY_START && endTime.startsWith('05:00')) end = BROADCAST_DAY_END;
  if (end <= start) end += 24 * 60;
  return { start, end: Math.min(end, BROADCAST_DAY_END) };
};

export interface LineTimes {
  days: readonly DayName[];
  /** Broadcast-clock minutes. */
  start: number;
  end: number;
}

export interface DaypartHours {
  id: string;
  name: string;
  startTime: string;
  endTime: string;
  daysOfWeek: readonly string[];
}

/** The daypart that holds the line's days and times (the narrowest when several do); null when none does. */
export const daypartHolding = <D extends DaypartHours>(dayparts: readonly D[], line: LineTimes): D | null => {
  const fits = dayparts.filter((d) => {
    const span = daypartBroadcastSpan(d.startTime, d.endTime);
    return line.days.every((day) => d.daysOfWeek.includes(day)) && span.start <= line.start && line.end <= span.end;
  });
  const width = (d: D) => {
    const span = daypartBroadcastSpan(d.startTime, d.endTime);
    return (span.end - span.start) * d.daysOfWeek.length;
  };
  return fits.sort((a, b) => width(a) - width(b) || a.name.localeCompare(b.name))[0] ?? null;
};

/** A line's days in week order, from any order or case. */
export const sortDays = (days: readonly string[]): DayName[] => ALL_DAYS.filter((d) => days.some((x) => x.toLowerCase() === d.toLowerCase()));

/** A Proposal's SpotLength (HH:MM:SS or seconds) in seconds; null when it is not a length Spotbook sells. */
export const parseSpotLength = (text: string): SpotLength | null => {
  const t = text.trim();
  const match = /^(\d{1,2}):(\d{2}):(\d{2})$/.exec(t);
  const seconds = match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : /^\d{1,4}$/.test(t) ? Number(t) : NaN;
  return (SPOT_LENGTHS as readonly number[]).includes(seconds) ? (seconds as SpotLength) : null;
};

/** A Proposal's money ("125.00", "0", "1,250.5") in cents; null when it is not a non-negative amount of at most two decimals. */
export const parseRateCents = (text: string): number | null => {
  const t = text.trim().replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) return null;
  const [whole, fraction = ''] = t.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
