import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatInstantDate, formatInstantDateTime } from './display-dates';

describe('one date format', () => {
  it('prints calendar dates as they are, in every time zone', () => {
    expect(formatCalendarDate('2026-12-07')).toBe('Dec 7, 2026');
    expect(formatCalendarDate('2026-12-07T00:00:00.000Z')).toBe('Dec 7, 2026');
    expect(formatCalendarDate(null)).toBe('—');
    expect(formatCalendarDate('not a date')).toBe('—');
  });

  it("prints instants as the station's day and clock", () => {
    // 02:30 UTC on Dec 8 is still Dec 7 in New York (EST, UTC-5).
    expect(formatInstantDate('2026-12-08T02:30:00Z', 'America/New_York')).toBe('Dec 7, 2026');
    expect(formatInstantDateTime('2026-12-08T02:30:00Z', 'America/New_York')).toBe('Dec 7, 2026, 9:30 PM');
    expect(formatInstantDate('2026-12-08T02:30:00Z', 'UTC')).toBe('Dec 8, 2026');
    expect(formatInstantDateTime(undefined, 'UTC')).toBe('—');
  });
});
