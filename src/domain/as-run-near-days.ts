/**
 * The broadcast days an as-run row's spot may be on (decision 044): from two days before the row's
 * station day to the day after it (an overnight daypart's window ends the day after its own; a row may
 * be near a window within a day). A file's rows are read per house code as ranges of days: each row's
 * days, merged where they overlap or touch, so that a whole file's candidates are one range probe per
 * house code and stretch of days (issue 45), not four (code, day) probes per row.
 */
import { addDays, daysBetween } from './dates';

/** Days before and after a row's station day its spot may be on. */
export const NEAR_DAYS_BEFORE = 2;
export const NEAR_DAYS_AFTER = 1;

/** Ranges of days per house code, as three columns (`codes[i]` with `froms[i]` … `tos[i]`, both included). */
export interface DayRanges {
  codes: string[];
  froms: string[];
  tos: string[];
}

/**
 * The days near each (house code, station day) pair as maximal ranges per house code: two rows' ranges
 * are one when they overlap or are adjacent (days up to NEAR_DAYS_BEFORE + NEAR_DAYS_AFTER + 1 apart).
 * Exactly the days of the rows' four-day windows, each once. `daysOf` gives each code's days (ISO dates).
 */
export const nearDayRanges = (daysOf: ReadonlyMap<string, Iterable<string>>): DayRanges => {
  const ranges: DayRanges = { codes: [], froms: [], tos: [] };
  for (const [code, dates] of daysOf) {
    const sorted = [...new Set(dates)].sort();
    let from: string | null = null;
    let last = '';
    for (const day of sorted) {
      if (from !== null && daysBetween(last, day) > NEAR_DAYS_BEFORE + NEAR_DAYS_AFTER + 1) {
        ranges.codes.push(code);
        ranges.froms.push(addDays(from, -NEAR_DAYS_BEFORE));
        ranges.tos.push(addDays(last, NEAR_DAYS_AFTER));
        from = null;
      }
      if (from === null) from = day;
      last = day;
    }
    if (from !== null) {
      ranges.codes.push(code);
      ranges.froms.push(addDays(from, -NEAR_DAYS_BEFORE));
      ranges.tos.push(addDays(last, NEAR_DAYS_AFTER));
    }
  }
  return ranges;
};
