import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './dates';
import {
  budgetTooSmallMessage,
  campaignDuration,
  cpmError,
  endDateFor,
  impressionsPerSpot,
  orderFormError,
  orderFormErrors,
  quoteOrder,
  selectionDefaults,
  spotsError,
  weeklyCost,
  weeklyReach,
  type PricedSelection,
} from './pricing';

// Early Morning on weekdays, 10 spots a day at $15: 1366 × 10 × 5 = 68,300 impressions; 68.3 × 15 = $1,024.50.
const earlyMorning: PricedSelection = { multiplier: 1, spotsPerDay: 10, cpm: 15, daysPerWeek: 5 };
const weekendEvening: PricedSelection = { multiplier: 1.5, spotsPerDay: 4, cpm: 40, daysPerWeek: 2 };

describe('pricing formulas', () => {
  it('counts 1366 impressions per spot per unit of multiplier', () => {
    expect(impressionsPerSpot(1)).toBe(1366);
    expect(impressionsPerSpot(1.5)).toBe(2049);
  });
  it('sums weekly cost and reach over the selected dayparts', () => {
    expect(weeklyReach([earlyMorning])).toBe(68_300);
    expect(weeklyCost([earlyMorning])).toBeCloseTo(1024.5, 10);
    // 2049 × 4 × 2 = 16,392 impressions; 16.392 × 40 = $655.68
    expect(weeklyReach([earlyMorning, weekendEvening])).toBe(68_300 + 16_392);
    expect(weeklyCost([earlyMorning, weekendEvening])).toBeCloseTo(1024.5 + 655.68, 10);
  });
  it('derives weeks, days and the end date from the budget', () => {
    expect(campaignDuration(5000, 1024.5)).toEqual({ weeks: 5000 / 1024.5, days: 34 });
    expect(endDateFor('2026-12-01', 5000, 1024.5)).toBe('2027-01-04');
    expect(quoteOrder({ selections: [earlyMorning], budget: 5000, startDate: '2026-12-01' })).toEqual({
      weeklyCost: 1024.5,
      weeklyReach: 68_300,
      weeks: 5000 / 1024.5,
      days: 34,
      endDate: '2027-01-04',
    });
  });
  it('has no duration or end date without a cost', () => {
    expect(quoteOrder({ selections: [], budget: 5000, startDate: '2026-12-01' }).endDate).toBeNull();
  });
});

describe('order form rules', () => {
  const today = '2026-11-22';
  const valid = { estimateName: 'Holiday push', brandId: 'b1', startDate: addDays(today, 8), totalSpend: 5000, selections: [earlyMorning] };
  it('accepts a complete form', () => {
    expect(orderFormError(valid, today)).toBeNull();
  });
  it.each([
    [{ estimateName: '  ' }, 'Order name is required', 'estimate_name'],
    [{ brandId: '' }, 'Please select a brand', 'brand_id'],
    [{ startDate: '' }, 'Start date is required', 'start_date'],
    [{ startDate: addDays(today, 6) }, 'Start date must be at least 7 days from today for campaign planning', 'start_date'],
    [{ selections: [] }, 'Please select at least one time slot', 'selectedDayparts'],
    [{ totalSpend: 0 }, 'Total budget must be greater than 0', 'total_spend'],
    [{ totalSpend: 10.5 }, 'Total budget must be greater than 0', 'total_spend'],
    [{ totalSpend: 1000 }, 'Budget too small. Weekly cost is $1,024.50, minimum budget needed: $1,024.50', 'total_spend'],
  ])('%o → %s (%s)', (change, message, field) => {
    expect(orderFormError({ ...valid, ...change }, today)).toEqual({ message, field });
  });
  it('accepts a start exactly 7 days out', () => {
    expect(orderFormError({ ...valid, startDate: addDays(today, 7) }, today)).toBeNull();
  });
  it('lists every failing rule, one per field, in the specification order', () => {
    const messages = (form: Parameters<typeof orderFormErrors>[0]) => orderFormErrors(form, today).map((problem) => problem.message);
    expect(messages({ estimateName: '', brandId: null, startDate: addDays(today, 2), totalSpend: null, selections: [] })).toEqual([
      'Order name is required',
      'Please select a brand',
      'Start date must be at least 7 days from today for campaign planning',
      'Please select at least one time slot',
      'Total budget must be greater than 0',
    ]);
    expect(messages({ ...valid, estimateName: '', totalSpend: 1000 })).toEqual([
      'Order name is required',
      'Budget too small. Weekly cost is $1,024.50, minimum budget needed: $1,024.50',
    ]);
    expect(orderFormErrors(valid, today)).toEqual([]);
  });
  it('formats the budget message in US dollars', () => {
    expect(budgetTooSmallMessage(12345.678)).toBe('Budget too small. Weekly cost is $12,345.68, minimum budget needed: $12,345.68');
  });
});

describe('daypart selection limits', () => {
  const daypart = { name: 'Midday', spotFrequency: 12, minCpm: 8, baseCpm: 20 };
  it('limits spots to 1..spot_frequency (30 by default)', () => {
    expect(spotsError(daypart, 12)).toBeNull();
    expect(spotsError(daypart, 13)).toBe('Maximum 12 spots available for Midday');
    expect(spotsError({ ...daypart, spotFrequency: null }, 31)).toBe('Maximum 30 spots available for Midday');
    expect(spotsError(daypart, 0)).toBe('Minimum 1 spot required for Midday');
  });
  it('floors the custom CPM at min_cpm, else base_cpm, else $5', () => {
    expect(cpmError(daypart, 8)).toBeNull();
    expect(cpmError(daypart, 7.99)).toBe('Minimum CPM for Midday is $8.00');
    expect(cpmError({ ...daypart, minCpm: null }, 19)).toBe('Minimum CPM for Midday is $20.00');
    expect(cpmError({ ...daypart, minCpm: null, baseCpm: null }, 4)).toBe('Minimum CPM for Midday is $5.00');
  });
  it('defaults a new selection to the spot frequency and base CPM', () => {
    expect(selectionDefaults(daypart)).toEqual({ spotsPerDay: 12, cpm: 20 });
    expect(selectionDefaults({ name: 'x', spotFrequency: null, minCpm: null, baseCpm: null })).toEqual({ spotsPerDay: 1, cpm: 5 });
    // "CPM to base_cpm or 5": a base of 0 starts (and, left alone, is priced) at $5 (decision 036).
    expect(selectionDefaults({ name: 'x', spotFrequency: 4, minCpm: null, baseCpm: 0 })).toEqual({ spotsPerDay: 4, cpm: 5 });
  });
});

const selection = fc.record({
  multiplier: fc.double({ min: 0.1, max: 5, noNaN: true }),
  spotsPerDay: fc.integer({ min: 1, max: 30 }),
  cpm: fc.double({ min: 5, max: 200, noNaN: true }),
  daysPerWeek: fc.integer({ min: 1, max: 7 }),
});

describe('pricing invariants', () => {
  it('cost grows with spots and with CPM', () => {
    fc.assert(
      fc.property(selection, fc.integer({ min: 1, max: 10 }), fc.double({ min: 0.01, max: 50, noNaN: true }), (s, moreSpots, moreCpm) => {
        expect(weeklyCost([{ ...s, spotsPerDay: s.spotsPerDay + moreSpots }])).toBeGreaterThan(weeklyCost([s]));
        expect(weeklyCost([{ ...s, cpm: s.cpm + moreCpm }])).toBeGreaterThan(weeklyCost([s]));
      }),
    );
  });
  it('the end date is never before the start and the duration matches the budget', () => {
    fc.assert(
      fc.property(fc.array(selection, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 10_000_000 }), (selections, budget) => {
        const start = '2027-03-01';
        const cost = weeklyCost(selections);
        // Orders are refused past 10 years (CAMPAIGN_TOO_LONG); beyond ~100 years dates leave ISO range.
        fc.pre((budget / cost) * 7 <= 36_600);
        const quote = quoteOrder({ selections, budget, startDate: start });
        expect(daysBetween(start, quote.endDate!)).toBe(quote.days);
        expect(quote.days).toBeGreaterThanOrEqual(0);
        expect(quote.days).toBe(Math.floor((budget / cost) * 7));
        expect(quote.days * cost).toBeLessThanOrEqual(budget * 7 + 1e-6);
      }),
    );
  });
});
