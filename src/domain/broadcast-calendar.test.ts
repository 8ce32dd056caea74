import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from './dates';
import {
  broadcastMonth,
  broadcastMonthLabel,
  broadcastMonthOf,
  broadcastWeeks,
  isBroadcastMonthKey,
  lastFinishedBroadcastMonth,
  nextBroadcastMonthKey,
} from './broadcast-calendar';

const everyMonth = (): string[] => {
  const keys: string[] = [];
  for (let year = 2000; year <= 2040; year += 1) for (let month = 1; month <= 12; month += 1) keys.push(`${year}-${String(month).padStart(2, '0')}`);
  return keys;
};

describe('broadcast calendar', () => {
  it('knows the published months', () => {
    // November 2026: Oct 26 – Nov 29; December 2026: Nov 30 – Dec 27; January 2027: Dec 28 – Jan 31.
    expect(broadcastMonth('2026-11')).toEqual({ month: '2026-11', start: '2026-10-26', end: '2026-11-29', label: 'November 2026' });
    expect(broadcastMonth('2026-12')).toMatchObject({ start: '2026-11-30', end: '2026-12-27' });
    expect(broadcastMonth('2027-01')).toMatchObject({ start: '2026-12-28', end: '2027-01-31' });
    // A month ending on a Sunday ends on that day: May 2027 ends Sunday May 30; August 2026 ends Sunday Aug 30.
    expect(broadcastMonth('2026-08')).toMatchObject({ start: '2026-07-27', end: '2026-08-30' });
    // February 2026: Jan 26 – Feb 22 (4 weeks).
    expect(broadcastWeeks(broadcastMonth('2026-02'))).toBe(4);
    expect(broadcastMonthLabel('2040-03')).toBe('March 2040');
  });

  it('places a date in its broadcast month', () => {
    expect(broadcastMonthOf('2026-11-29').month).toBe('2026-11');
    expect(broadcastMonthOf('2026-11-30').month).toBe('2026-12');
    expect(broadcastMonthOf('2026-12-28').month).toBe('2027-01');
    expect(broadcastMonthOf('2026-10-26').month).toBe('2026-11');
    expect(lastFinishedBroadcastMonth('2026-11-25').month).toBe('2026-10');
    expect(lastFinishedBroadcastMonth('2026-11-30').month).toBe('2026-11');
  });

  it('reads only YYYY-MM', () => {
    expect(['2026-11', '2000-01', '2040-12'].every(isBroadcastMonthKey)).toBe(true);
    expect(['2026-13', '2026-1', '26-11', '2026-00', '2026-11-01', ''].some(isBroadcastMonthKey)).toBe(false);
  });

  it('every month 2000–2040 starts on a Monday, ends on a Sunday, has 4 or 5 weeks and follows the previous one', () => {
    const keys = everyMonth();
    let previous: ReturnType<typeof broadcastMonth> | undefined;
    for (const key of keys) {
      const month = broadcastMonth(key);
      expect(weekdayOf(month.start), key).toBe('Monday');
      expect(weekdayOf(month.end), key).toBe('Sunday');
      expect([4, 5], key).toContain(broadcastWeeks(month));
      // It ends in its own calendar month, on the last Sunday of it.
      expect(month.end.slice(0, 7)).toBe(key);
      expect(addDays(month.end, 7).slice(0, 7)).not.toBe(key);
      if (previous) {
        expect(month.start, key).toBe(addDays(previous.end, 1));
        expect(nextBroadcastMonthKey(previous.month)).toBe(key);
      }
      previous = month;
    }
  });

  it('puts every date from 2000 to 2040 in exactly one broadcast month, the one whose dates hold it', () => {
    const from = Date.parse('2000-01-03T00:00:00Z'); // the first broadcast Monday of 2000
    const to = Date.parse('2040-12-30T00:00:00Z');
    const months = everyMonth().map(broadcastMonth);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Math.floor((to - from) / 86_400_000) }), (offset) => {
        const date = new Date(from + offset * 86_400_000).toISOString().slice(0, 10);
        const holding = months.filter((m) => m.start <= date && date <= m.end);
        expect(holding).toHaveLength(1);
        expect(broadcastMonthOf(date)).toEqual(holding[0]);
      }),
      { numRuns: 2000, seed: 20261125 },
    );
  });
});
