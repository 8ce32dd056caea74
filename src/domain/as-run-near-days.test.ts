import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { nearDayRanges, type DayRanges } from './as-run-near-days';

const triples = (r: DayRanges) =>
  r.codes.map((code, i) => {
    expect(addDays(r.froms[i]!, r.days[i]! - 1)).toBe(r.tos[i]);
    return [code, r.froms[i], r.tos[i]];
  });

/** The (code, day) pairs the four-day windows name, each once: what the ranges must cover exactly. */
const pairsOfWindows = (daysOf: Map<string, string[]>) => {
  const pairs = new Set<string>();
  for (const [code, days] of daysOf) for (const day of days) for (let d = -2; d <= 1; d += 1) pairs.add(`${code}|${addDays(day, d)}`);
  return pairs;
};
const pairsOfRanges = (r: DayRanges) => {
  const pairs: string[] = [];
  r.codes.forEach((code, i) => {
    for (let day = r.froms[i]!; day <= r.tos[i]!; day = addDays(day, 1)) pairs.push(`${code}|${day}`);
  });
  return pairs;
};

describe('the days near as-run rows, as ranges per house code', () => {
  it('one day: two days before it to the day after', () => {
    expect(triples(nearDayRanges(new Map([['A', ['2027-01-10']]])))).toEqual([['A', '2027-01-08', '2027-01-11']]);
  });

  it('the same day twice is one range', () => {
    expect(triples(nearDayRanges(new Map([['A', ['2027-01-10', '2027-01-10']]])))).toEqual([['A', '2027-01-08', '2027-01-11']]);
  });

  it('adjacent days, in any order, are one range', () => {
    expect(triples(nearDayRanges(new Map([['A', ['2027-01-11', '2027-01-10']]])))).toEqual([['A', '2027-01-08', '2027-01-12']]);
  });

  it('days 3 and 4 apart still touch; 5 apart do not', () => {
    expect(triples(nearDayRanges(new Map([['A', ['2027-01-10', '2027-01-13']]])))).toEqual([['A', '2027-01-08', '2027-01-14']]);
    // 01-10's window ends 01-11, 01-14's starts 01-12: adjacent, one range.
    expect(triples(nearDayRanges(new Map([['A', ['2027-01-10', '2027-01-14']]])))).toEqual([['A', '2027-01-08', '2027-01-15']]);
    expect(triples(nearDayRanges(new Map([['A', ['2027-01-10', '2027-01-15']]])))).toEqual([
      ['A', '2027-01-08', '2027-01-11'],
      ['A', '2027-01-13', '2027-01-16'],
    ]);
  });

  it('across a month and a year', () => {
    expect(triples(nearDayRanges(new Map([['A', ['2027-01-01', '2026-12-31']]])))).toEqual([['A', '2026-12-29', '2027-01-02']]);
  });

  it('many codes: each its own ranges, covering exactly the four-day windows', () => {
    const daysOf = new Map<string, string[]>();
    for (let c = 0; c < 50; c += 1) {
      const days: string[] = [];
      for (let k = 0; k < 12; k += 1) days.push(addDays('2027-03-01', (c * 7 + k * k * 3) % 40));
      daysOf.set(`H${c}`, days);
    }
    const ranges = nearDayRanges(daysOf);
    expect(triples(ranges)).toHaveLength(ranges.codes.length);
    const covered = pairsOfRanges(ranges);
    expect(new Set(covered).size).toBe(covered.length);
    expect(new Set(covered)).toEqual(pairsOfWindows(daysOf));
    // Maximal: no two ranges of a code overlap or touch.
    for (let i = 1; i < ranges.codes.length; i += 1)
      if (ranges.codes[i] === ranges.codes[i - 1]) expect(addDays(ranges.tos[i - 1]!, 1) < ranges.froms[i]!).toBe(true);
  });

  it('no rows, no ranges', () => {
    expect(triples(nearDayRanges(new Map()))).toEqual([]);
  });
});
