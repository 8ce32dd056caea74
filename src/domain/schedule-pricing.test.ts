import { describe, expect, it } from 'vitest';
import { scheduleTotals } from './schedule-pricing.js';

describe('scheduleTotals', () => {
  it('prices spots × rate per line, per week and in all, bonus lines at $0', () => {
    const totals = scheduleTotals(
      [
        { rateCents: 12500, spotsPerWeek: [5, 0, 3] },
        { rateCents: 0, spotsPerWeek: [2, 2, 2] },
      ],
      3,
    );
    expect(totals.lines).toEqual([
      { spots: 8, grossCents: 100000 },
      { spots: 6, grossCents: 0 },
    ]);
    expect(totals.weeks).toEqual([
      { spots: 7, grossCents: 62500 },
      { spots: 2, grossCents: 0 },
      { spots: 5, grossCents: 37500 },
    ]);
    expect(totals.spots).toBe(14);
    expect(totals.grossCents).toBe(100000);
  });
});
