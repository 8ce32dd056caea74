/**
 * The station's time in the browser: its time zone and clock come from /api/station/clock (set by
 * app.tsx), so a browser whose own clock or zone is off still shows the station's days (issue 29,
 * item 5). One station per page, so one module-level value; the domain stays pure (decision 041).
 */
import { stationTime, type StationTime } from '../../domain/dates';
import { formatInstantDate as instantDate, formatInstantDateTime as instantDateTime } from '../../domain/display-dates';

let current: StationTime = stationTime('UTC');

export const configureStationTime = (timeZone: string, now: () => Date) => {
  current = stationTime(timeZone, now);
};

/** The station's date now ('YYYY-MM-DD'). */
export const stationToday = (): string => current.today();

/** An instant as the station's calendar day: 'Dec 7, 2026'. */
export const formatInstantDate = (timestamp: string | Date | null | undefined): string => instantDate(timestamp, current.timeZone);

/** An instant as the station's day and clock: 'Dec 7, 2026, 4:23 PM'. */
export const formatInstantDateTime = (timestamp: string | Date | null | undefined): string => instantDateTime(timestamp, current.timeZone);
