import { describe, expect, it } from 'vitest';
import { adusFor, audienceFigures, cpm, cpp, figuresOf, flightWeekOf, guaranteeGoal, percentDelivered, weeksOfDailyLine, weeklyAudience } from './audience.js';

describe('the audience formulas, by hand', () => {
  it('GRPs are spots × rating, impressions spots × impressions a spot', () => {
    // 10 spots at a 2.5 rating and 12.3 (000) a spot: 25 GRPs, 123 (000); $500 a spot = $5,000.
    expect(figuresOf(10, 50_000, { rating: 2.5, impressions: 12.3 })).toEqual({
      spots: 10,
      cost_cents: 500_000,
      grps: 25,
      impressions: 123,
      // CPP: $5,000 ÷ 25 points = $200.00; CPM: $5,000 ÷ 123 thousand = $40.65 (4065.04 cents).
      cpp_cents: 20_000,
      cpm_cents: 4065,
    });
  });
  it('CPP and CPM have no value without audience', () => {
    expect(cpp(100, 0)).toBeNull();
    expect(cpm(100, 0)).toBeNull();
    expect(figuresOf(3, 1000, null)).toEqual({ spots: 3, cost_cents: 3000, grps: 0, impressions: 0, cpp_cents: null, cpm_cents: null });
  });
  it('percent delivered is delivered ÷ ordered, to a tenth', () => {
    // 41 of 45 GRPs: 91.11… %.
    expect(percentDelivered(45, 41)).toBe(91.1);
    expect(percentDelivered(0, 3)).toBeNull();
  });
  it('ADUs cover the deficit, rounded up', () => {
    // 4 GRPs short at 1.5 a spot: 2.67 spots, so 3 ADUs.
    expect(adusFor(4, 1.5)).toBe(3);
    // Exactly covered: 0.3 short at 0.1 a spot is 3, not 4 (float error).
    expect(adusFor(0.1 + 0.2, 0.1)).toBe(3);
    expect(adusFor(0, 2)).toBe(0);
    expect(adusFor(-5, 2)).toBe(0);
    expect(adusFor(5, 0)).toBeNull();
  });
  it('a guarantee measures GRPs when it names them, else impressions', () => {
    expect(guaranteeGoal({ demo: 'A25-54', impressions: null, grps: 100 })).toEqual({ measure: 'grps', goal: 100 });
    expect(guaranteeGoal({ demo: 'A25-54', impressions: 900, grps: null })).toEqual({ measure: 'impressions', goal: 900 });
  });
});

describe('flight weeks', () => {
  it('counts a daily line’s spots per week, the last week cut at the end', () => {
    // Wednesday 2026-03-04 to Monday 2026-03-16: weekdays only, 2 a day.
    const weeks = weeksOfDailyLine(2, ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], '2026-03-04', '2026-03-16');
    // Week 1 (Wed 4 – Tue 10): Wed, Thu, Fri, Mon, Tue = 10; week 2 (Wed 11 – Tue 17, cut at Mon 16): Wed, Thu, Fri, Mon = 8.
    expect(weeks).toEqual([
      { start: '2026-03-04', spots: 10 },
      { start: '2026-03-11', spots: 8 },
    ]);
    expect(flightWeekOf('2026-03-04', '2026-03-10')).toBe('2026-03-04');
    expect(flightWeekOf('2026-03-04', '2026-03-11')).toBe('2026-03-11');
  });
});

describe('audienceFigures', () => {
  it('sums lines per line, per week and in all', () => {
    const figures = audienceFigures([
      // Morning: $200 a spot, 2.0 rating, 10 (000); 5 spots then 3.
      {
        id: 'a',
        label: 'Morning',
        rateCents: 20_000,
        audience: { rating: 2, impressions: 10 },
        weeks: [
          { start: '2026-03-04', spots: 5 },
          { start: '2026-03-11', spots: 3 },
        ],
      },
      // Prime: $1,000 a spot, 8.5 rating, 40 (000); 2 spots in week 2.
      { id: 'b', label: 'Prime', rateCents: 100_000, audience: { rating: 8.5, impressions: 40 }, weeks: [{ start: '2026-03-11', spots: 2 }] },
    ]);
    // Morning: 8 spots, $1,600, 16 GRPs, 80 (000): CPP $100, CPM $20.
    expect(figures.lines[0]).toMatchObject({ id: 'a', spots: 8, cost_cents: 160_000, grps: 16, impressions: 80, cpp_cents: 10_000, cpm_cents: 2000 });
    // Week 2: 3 morning + 2 prime: $600 + $2,000 = $2,600; 6 + 17 = 23 GRPs; 30 + 80 = 110 (000).
    expect(figures.weeks[1]).toEqual({
      week_start: '2026-03-11',
      spots: 5,
      cost_cents: 260_000,
      grps: 23,
      impressions: 110,
      cpp_cents: 11_304,
      cpm_cents: 2364,
    });
    // In all: $3,600, 33 GRPs (CPP $109.09), 160 (000) (CPM $22.50).
    expect(figures.total).toEqual({ spots: 10, cost_cents: 360_000, grps: 33, impressions: 160, cpp_cents: 10_909, cpm_cents: 2250 });
  });
});

describe('weeklyAudience (the order form, as typed)', () => {
  it('sums a week of two slots by hand, and counts a slot the book lacks in spots and cost only', () => {
    // Morning: 10 spots a week at 2.5 rating and 12.0 (000) each, $500 a week; Prime: 5 spots at 6.0 and 30.0, $1,000;
    // Late: 7 spots, $140, not in the book. GRPs 10 × 2.5 + 5 × 6 = 55; impressions 120 + 150 = 270 (000).
    // Cost $1,640 = 164,000 ¢: CPP 164,000 ÷ 55 = 2,981.8 → 2,982 ¢; CPM 164,000 ÷ 270 = 607.4 → 607 ¢.
    const week = weeklyAudience([
      { spots: 10, costCents: 50_000, audience: { rating: 2.5, impressions: 12 } },
      { spots: 5, costCents: 100_000, audience: { rating: 6, impressions: 30 } },
      { spots: 7, costCents: 14_000, audience: null },
    ]);
    expect(week).toEqual({ spots: 22, cost_cents: 164_000, grps: 55, impressions: 270, cpp_cents: 2_982, cpm_cents: 607, unrated: 1 });
  });

  it('has no CPP or CPM without rated spots', () => {
    expect(weeklyAudience([{ spots: 3, costCents: 900, audience: null }])).toMatchObject({ grps: 0, cpp_cents: null, cpm_cents: null, unrated: 1 });
    expect(weeklyAudience([])).toMatchObject({ spots: 0, grps: 0, cpp_cents: null, unrated: 0 });
  });
});
