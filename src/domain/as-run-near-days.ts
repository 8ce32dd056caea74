/**
 * The broadcast days an as-run row's spot may be on (decision 044): from two days before the row's
 * station day to the day after it (an overnight daypart's window ends the day after its own; a row may
 * be near a window within a day). A file's rows are read per house code as ranges of days: each row's
 * days, merged where they overlap or touch, so that a whole file's candidates are one range probe per
 * house code and stretch of days (issue 45), not four (code, day) probes per row.
 */
/** Days before and after a row's station day its spot may be on. */
export const NEAR_DAYS_BEFORE = 2;
export const NEAR_DAYS_AFTER = 1;

/** Ranges of days per house code, as columns (`codes[i]` with `froms[i]` … `tos[i]`, both included: `days[i]` days). */
export interface DayRanges {
  codes: string[];
  froms: string[];
  tos: string[];
  days: number[];
}

/**
 * The days near each (house code, station day) pair as maximal ranges per house code: two rows' ranges
 * are one when they overlap or are adjacent (days up to NEAR_DAYS_BEFORE + NEAR_DAYS_AFTER + 1 apart).
 * Exactly the days of the rows' four-day windows, each once. `daysOf` gives each code's days (ISO dates).
 */
export const nearDayRanges = (daysOf: ReadonlyMap<string, Iterable<string>>): DayRanges => {
  // Days as numbers (days since 1970-01-01), each distinct date converted once: a file has few of them.
  const numberOf = new Map<string, number>();
  const dateOf = new Map<number, string>();
  const toNumber = (date: string) => {
    let n = numberOf.get(date);
    if (n === undefined) numberOf.set(date, (n = Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000)));
    return n;
  };
  const toDate = (n: number) => {
    let date = dateOf.get(n);
    if (date === undefined) dateOf.set(n, (date = new Date(n * 86_400_000).toISOString().slice(0, 10)));
    return date;
  };
  const ranges: DayRanges = { codes: [], froms: [], tos: [], days: [] };
  const push = (code: string, first: number, last: number) => {
    ranges.codes.push(code);
    ranges.froms.push(toDate(first - NEAR_DAYS_BEFORE));
    ranges.tos.push(toDate(last + NEAR_DAYS_AFTER));
    ranges.days.push(last - first + NEAR_DAYS_BEFORE + NEAR_DAYS_AFTER + 1);
  };
  for (const [code, dates] of daysOf) {
    const days = Array.from(dates, toNumber).sort((a, b) => a - b);
    let first = days[0]!;
    let last = first;
    for (let k = 1; k < days.length; k += 1) {
      const day = days[k]!;
      if (day - last > NEAR_DAYS_BEFORE + NEAR_DAYS_AFTER + 1) {
        push(code, first, last);
        first = day;
      }
      last = day;
    }
    if (days.length > 0) push(code, first, last);
  }
  return ranges;
};
