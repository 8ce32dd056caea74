import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spotsInFlight, upFrontLines, type UpFrontSlot } from './billing-up-front';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const slot = (over: Partial<UpFrontSlot> = {}): UpFrontSlot => ({
  daypartId: 'd1',
  name: 'Early Morning',
  startTime: '05:00',
  endTime: '09:00',
  daysOfWeek: WEEKDAYS,
  spotsPerDay: 2,
  spotCostCents: 2049,
  ...over,
});
const order = {
  name: 'Spring',
  startDate: '2026-12-07',
  endDate: '2026-12-20',
  grossCents: 50_000,
  couponCode: 'SPRING10',
  couponCents: 5_000,
  creditCents: 1_000,
};

describe('upFrontLines', () => {
  it('counts the spots a slot airs from the first day to the last, both included', () => {
    expect(spotsInFlight(slot(), '2026-12-07', '2026-12-20')).toBe(20); // two weeks of weekdays × 2
    expect(spotsInFlight(slot({ daysOfWeek: ['Saturday'] }), '2026-12-07', '2026-12-12')).toBe(2);
  });

  it('prints the slot with its days, 12-hour times and flight, then the coupon and credits as negative lines', () => {
    const lines = upFrontLines([slot()], order);
    expect(lines).toEqual([
      {
        position: 1,
        description: 'Early Morning · Weekdays 5:00 AM – 9:00 AM · Dec 7, 2026 – Dec 20, 2026',
        daypartId: 'd1',
        quantity: 20,
        unitCents: 2049,
        amountCents: 40_980,
      },
      {
        position: 2,
        // Said with its reason (issue 29, item 6): the budget buys part of a day past the flight's last whole day.
        description:
          "Budget balance: the flight's 20 spots at the booked rates come to $409.80; the budget ordered is $500.00 (the flight ends on the last whole day the budget pays for)",
        daypartId: null,
        quantity: 1,
        unitCents: 9_020,
        amountCents: 9_020,
      },
      { position: 3, description: 'Discount (coupon SPRING10)', daypartId: null, quantity: 1, unitCents: -5_000, amountCents: -5_000 },
      { position: 4, description: 'Credit for missed spots not made good', daypartId: null, quantity: 1, unitCents: -1_000, amountCents: -1_000 },
    ]);
  });

  it('bills an order without a flight or priced spots as one line', () => {
    expect(upFrontLines([], { ...order, couponCents: 0, creditCents: 0 })).toEqual([
      { position: 1, description: 'Order Spring (Dec 7, 2026 – Dec 20, 2026)', daypartId: null, quantity: 1, unitCents: 50_000, amountCents: 50_000 },
    ]);
  });

  it('says why a balance is taken off when the flight’s spots cost more than the budget', () => {
    const lines = upFrontLines([slot({ spotCostCents: 2600 })], { ...order, couponCents: 0, creditCents: 0 });
    expect(lines[1]).toMatchObject({
      description:
        "Budget balance: the flight's 20 spots at the booked rates come to $520.00; the budget ordered is $500.00 (an order never bills more than its budget)",
      amountCents: -2_000,
    });
  });

  it('prints no adjustment when the flight’s spots cost the budget exactly', () => {
    expect(upFrontLines([slot({ spotCostCents: 2500 })], { ...order, couponCents: 0, creditCents: 0 }).map((l) => l.amountCents)).toEqual([50_000]);
  });

  it('adds up exactly to the gross less coupon and credits, every line spots × the booked rate or one adjustment', () => {
    const arbSlot = fc.record({
      daysOfWeek: fc.subarray(WEEKDAYS, { minLength: 1 }),
      spotsPerDay: fc.integer({ min: 1, max: 30 }),
      spotCostCents: fc.integer({ min: 1, max: 20_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(arbSlot, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 100, max: 100_000_000 }),
        (slots, days, grossCents) => {
          const endDate = new Date(Date.parse('2026-12-07T00:00:00Z') + days * 86_400_000).toISOString().slice(0, 10);
          const lines = upFrontLines(
            slots.map((s, i) => slot({ ...s, daypartId: `d${i}` })),
            { ...order, endDate, grossCents, couponCents: 0, creditCents: 0 },
          );
          expect(lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(grossCents);
          for (const l of lines) expect(l.amountCents).toBe(l.quantity * l.unitCents);
          const slotRates = lines.filter((l) => l.daypartId).map((l) => l.unitCents);
          for (const line of lines.filter((l) => l.daypartId)) expect(line.quantity).toBeGreaterThan(0);
          if (slotRates.length) expect(slotRates).toEqual(slots.filter((s) => spotsInFlight(s, order.startDate, endDate) > 0).map((s) => s.spotCostCents));
          expect(lines.filter((l) => l.description.startsWith('Adjustment')).length).toBeLessThanOrEqual(1);
        },
      ),
      { seed: 20, numRuns: 200 },
    );
  });
});
