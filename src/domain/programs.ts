/**
 * A channel's program schedule (issue 44, decision 060): a program airs on some days of the week from a
 * start to an end time on the station's wall clock, optionally between two dates. An end at or before
 * its start is the next day's (23:35–00:37): such a program belongs to the day it starts on, as a
 * daypart crossing midnight does (domain/traffic `airsOn`). Pure: the time zone is passed in.
 */
import { addDays, localClockOf, localDateOf, weekdayOf } from './dates';
import { ALL_DAYS, type DayName } from './rate-card';

export interface ProgramWindow {
  id: string;
  name: string;
  days: readonly string[];
  /** "HH:MM", station wall clock. */
  startTime: string;
  endTime: string;
  /** The first and last day it starts on (YYYY-MM-DD); null: open. */
  startDate: string | null;
  endDate: string | null;
}

const DAY_MINUTES = 24 * 60;
const WEEK_MINUTES = 7 * DAY_MINUTES;

export const minutesOf = (time: string): number => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** Minutes a program lasts: an end at or before its start is the next day's. */
export const programMinutes = (p: Pick<ProgramWindow, 'startTime' | 'endTime'>): number => {
  const length = minutesOf(p.endTime) - minutesOf(p.startTime);
  return length > 0 ? length : length + DAY_MINUTES;
};

/** Does the program start on this date (its weekday, within its dates)? */
export const programStartsOn = (p: Pick<ProgramWindow, 'days' | 'startDate' | 'endDate'>, date: string): boolean =>
  p.days.includes(weekdayOf(date)) && (p.startDate === null || date >= p.startDate) && (p.endDate === null || date <= p.endDate);

/**
 * The program airing at an instant on the channel's wall clock (`timeZone`), or null. One that started
 * the day before and crosses midnight is still airing until its end. A wall-clock time a DST change
 * skips never airs, and one it repeats airs twice: the program is read from the clock, as viewers read it.
 */
export const programAt = <P extends ProgramWindow>(programs: readonly P[], instant: Date, timeZone: string): P | null => {
  const date = localDateOf(instant, timeZone);
  const [h, m, s] = localClockOf(instant, timeZone).split(':').map(Number) as [number, number, number];
  const seconds = h * 3600 + m * 60 + s;
  const yesterday = addDays(date, -1);
  for (const p of programs) {
    const start = minutesOf(p.startTime) * 60;
    const end = start + programMinutes(p) * 60;
    if (programStartsOn(p, date) && seconds >= start && seconds < end) return p;
    if (end > DAY_MINUTES * 60 && programStartsOn(p, yesterday) && seconds + DAY_MINUTES * 60 < end) return p;
  }
  return null;
};

/** The program's airings as minute ranges of a week starting Monday 00:00 (a range past Sunday midnight wraps). */
const weekRanges = (p: ProgramWindow): [number, number][] =>
  p.days.flatMap((day) => {
    const index = ALL_DAYS.indexOf(day as DayName);
    if (index < 0) return [];
    const start = index * DAY_MINUTES + minutesOf(p.startTime);
    const end = start + programMinutes(p);
    return end <= WEEK_MINUTES ? [[start, end] as [number, number]] : [[start, WEEK_MINUTES] as [number, number], [0, end - WEEK_MINUTES] as [number, number]];
  });

const datesMeet = (a: ProgramWindow, b: ProgramWindow) =>
  (a.endDate === null || b.startDate === null || a.endDate >= b.startDate) && (b.endDate === null || a.startDate === null || b.endDate >= a.startDate);

/**
 * Do two programs of a channel air at the same time on some day? Only programs whose dates meet are
 * compared (the last night of a season that crosses midnight is not compared with the next season's
 * first morning: decision 060).
 */
export const programsOverlap = (a: ProgramWindow, b: ProgramWindow): boolean => {
  if (!datesMeet(a, b)) return false;
  const theirs = weekRanges(b);
  return weekRanges(a).some(([s1, e1]) => theirs.some(([s2, e2]) => s1 < e2 && s2 < e1));
};

/** The first program of `others` (not `p` itself) that airs at the same time as `p`, or undefined. */
export const overlappingProgram = <P extends ProgramWindow>(p: ProgramWindow, others: readonly P[]): P | undefined =>
  others.find((o) => o.id !== p.id && programsOverlap(p, o));

/**
 * Does a program air within a daypart's window, on at least one of a schedule line's days? The program
 * must start and end inside the daypart's hours (both read on one clock: a window crossing midnight
 * runs past 24:00).
 */
export const programFitsLine = (
  program: Pick<ProgramWindow, 'days' | 'startTime' | 'endTime'>,
  daypart: { startTime: string; endTime: string },
  lineDays: readonly string[],
): boolean => {
  if (!program.days.some((d) => lineDays.includes(d))) return false;
  const dStart = minutesOf(daypart.startTime);
  const dEnd = dStart + programMinutes(daypart);
  const pStart = minutesOf(program.startTime);
  const pEnd = pStart + programMinutes(program);
  return [0, DAY_MINUTES].some((shift) => pStart + shift >= dStart && pEnd + shift <= dEnd);
};
