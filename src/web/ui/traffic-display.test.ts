import { describe, expect, it } from 'vitest';
import { shownDate } from './date-shown';
import { formatBroadcastDay } from './traffic-display';

describe('dates beside and under date pickers (decision 021)', () => {
  it('writes a broadcast day as the app writes dates, after its weekday', () => {
    expect(formatBroadcastDay('2026-12-07')).toBe('Mon, Dec 7, 2026');
    expect(formatBroadcastDay('2027-01-01')).toBe('Fri, Jan 1, 2027');
  });

  it("shows a date input's whole day in the app's format, and nothing for other inputs or a partial day", () => {
    expect(shownDate('date', '2026-12-07')).toBe('Dec 7, 2026');
    expect(shownDate('date', '')).toBeNull();
    expect(shownDate('date', '2026-02-30')).toBeNull();
    expect(shownDate('text', '2026-12-07')).toBeNull();
    expect(shownDate(undefined, '2026-12-07')).toBeNull();
  });
});
