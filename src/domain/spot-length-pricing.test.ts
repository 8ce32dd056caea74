import { describe, expect, it } from 'vitest';
import { cpmCentsForFlatRate, lengthCpmCents, lengthFlatRateCents } from './spot-length-pricing';

const rates = { rate15Percent: 60, rate60Percent: 190, flatRateCents: 12_500 };

describe('spot-length pricing', () => {
  it('prices a :15 and a :60 as a percentage of the :30, to the cent', () => {
    expect(lengthCpmCents(2000, rates, 30)).toBe(2000);
    expect(lengthCpmCents(2000, rates, 15)).toBe(1200);
    expect(lengthCpmCents(2555, rates, 60)).toBe(4855); // 48.545 rounds to 48.55
  });

  it('keeps today’s price at the defaults', () => {
    const defaults = { rate15Percent: 100, rate60Percent: 100, flatRateCents: null };
    for (const seconds of [15, 30, 60]) expect(lengthCpmCents(1800, defaults, seconds)).toBe(1800);
    expect(lengthFlatRateCents(defaults, 30)).toBeNull();
  });

  it('scales the flat rate per spot by length', () => {
    expect(lengthFlatRateCents(rates, 30)).toBe(12_500);
    expect(lengthFlatRateCents(rates, 15)).toBe(7_500);
    expect(lengthFlatRateCents(rates, 60)).toBe(23_750);
  });

  it('turns a flat rate per spot into the CPM that prices one spot at it', () => {
    // 1366 × 2 impressions a spot; $100 a spot is $36.60 CPM.
    expect(cpmCentsForFlatRate(10_000, 2)).toBe(3660);
    expect(cpmCentsForFlatRate(10_000, 1)).toBe(7320); // 73.206 rounds down: a spot never costs more than the rate
  });
});
