import { describe, expect, it } from 'vitest';
import { ALL_DAYS, RATE_CARD, WEEKDAYS, WEEKEND, dayLabel } from './rate-card';

describe('rate card', () => {
  it('holds the eight FAQ dayparts with their CPMs', () => {
    expect(RATE_CARD.map((d) => [d.name, d.baseCpm])).toEqual([
      ['Early Morning', 15],
      ['Morning', 18],
      ['Midday', 20],
      ['Afternoon', 25],
      ['Late Night', 28],
      ['Weekend Morning', 22],
      ['Weekend Afternoon', 30],
      ['Weekend Evening', 40],
    ]);
  });
});

describe('dayLabel', () => {
  it('names the common sets and lists the rest in week order', () => {
    expect(dayLabel(ALL_DAYS)).toBe('Daily');
    expect(dayLabel(WEEKDAYS)).toBe('Weekdays');
    expect(dayLabel([...WEEKEND].reverse())).toBe('Weekends');
    expect(dayLabel(['Friday', 'Monday'])).toBe('Mon, Fri');
  });
});
