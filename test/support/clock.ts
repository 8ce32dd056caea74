/**
 * The tests' one door to the clock (issue 38, decision 050). Lint refuses `new Date()` and `Date.now()`
 * in tests everywhere else.
 *
 * A test that depends on the day sets the station's time (`createTestApp(..., { now })`, decision 041).
 * The others run on the process clock, which the app, the embedded database and the browser read too:
 * CI's clock sweep (scripts/ci-clock-sweep.sh) moves all of them at once with libfaketime, so a test
 * that passes here passes on a Sunday, a DST change day or 31 December at 23:30.
 */
import { todayIso } from '../../src/domain/dates';

/**
 * The station's time zone in tests that do not name one: UTC, or SPOTBOOK_TEST_STATION_TIMEZONE (the
 * clock sweep runs the station in America/New_York, so that its day and UTC's differ).
 */
export const TEST_STATION_ZONE = process.env.SPOTBOOK_TEST_STATION_TIMEZONE ?? 'UTC';

/** Now, on the clock the app under test reads when it was given no `now`. */
export const clockNow = (): Date => new Date();

/** Today's date in `timeZone` (the tests' station's, unless it says otherwise). */
export const clockToday = (timeZone = TEST_STATION_ZONE): string => todayIso(clockNow(), timeZone);

/** The instant `ms` milliseconds before now (minutes ago, an hour ago) on that clock. */
export const msAgo = (ms: number): Date => new Date(clockNow().getTime() - ms);

/** The instant `ms` milliseconds after now on that clock. */
export const msAhead = (ms: number): Date => new Date(clockNow().getTime() + ms);

/**
 * A clock that starts at `start` and runs on from there: the station's time for a test that must
 * fall on a given day (a weekday, a broadcast month) whatever the real day is.
 */
export const clockFrom = (start: string | Date): (() => Date) => {
  const startMs = new Date(start).getTime();
  const began = performance.now();
  return () => new Date(startMs + (performance.now() - began));
};
