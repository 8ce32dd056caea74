import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agencyBodySchema, broadcastMonthResultMessage, commissionCents, couponShareCents, deliveryLines } from './billing-delivery';

describe('broadcastMonthResultMessage', () => {
  it('counts invoices in words', () => {
    expect(broadcastMonthResultMessage(0, '2026-11')).toBe('No aired spots to bill in November 2026');
    expect(broadcastMonthResultMessage(1, '2026-11')).toBe('1 invoice created');
    expect(broadcastMonthResultMessage(3, '2026-11')).toBe('3 invoices created');
  });
});

describe('commissionCents', () => {
  it('is the total × rate, half a cent up, exact past 2^53', () => {
    expect(commissionCents(500_000, 0.15)).toBe(75_000);
    expect(commissionCents(10, 0.15)).toBe(2); // 1.5 → 2
    expect(commissionCents(11, 0.15)).toBe(2); // 1.65 → 2
    expect(commissionCents(9, 0.15)).toBe(1); // 1.35 → 1
    expect(commissionCents(100_000_000_000, 0.123457)).toBe(12_345_700_000);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), fc.integer({ min: 0, max: 999_999 }), (total, millionths) => {
        const c = commissionCents(total, millionths / 1_000_000);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(total);
        // Within half a cent of the exact product.
        const exact2 = BigInt(total) * BigInt(millionths) * 2n; // 2 × exact × 10^6
        expect(BigInt(c) * 2_000_000n - exact2 <= 1_000_000n && exact2 - BigInt(c) * 2_000_000n < 1_000_000n).toBe(true);
      }),
      { numRuns: 500, seed: 14 },
    );
  });
});

describe('deliveryLines', () => {
  it('makes one line per daypart and cost, in airtime order, each quantity × unit exactly, adding up to the spots', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ daypart: fc.constantFrom('a', 'b', 'c'), cost: fc.constantFrom(2049, 2049, 1, 99_999) }), { maxLength: 60 }),
        (picked) => {
          const spots = picked.map((p) => ({
            daypartId: p.daypart,
            daypartName: `Slot ${p.daypart}`,
            startTime: { a: '06:00', b: '12:00', c: '20:00' }[p.daypart]!,
            endTime: '23:00',
            costCents: p.cost,
          }));
          const lines = deliveryLines(spots, 'in May');
          expect(lines.reduce((n, l) => n + l.quantity, 0)).toBe(spots.length);
          expect(lines.reduce((n, l) => n + l.amountCents, 0)).toBe(spots.reduce((n, s) => n + s.costCents, 0));
          for (const [i, line] of lines.entries()) {
            expect(line.position).toBe(i + 1);
            expect(line.amountCents).toBe(line.quantity * line.unitCents);
          }
          expect(lines.map((l) => l.daypartId)).toEqual([...lines.map((l) => l.daypartId)].sort());
        },
      ),
      { numRuns: 300, seed: 14 },
    );
    expect(
      deliveryLines([{ daypartId: 'a', daypartName: 'Morning', startTime: '06:00', endTime: '10:00', costCents: 2049 }], 'May 31, 2027 – Jun 27, 2027')[0]!
        .description,
    ).toBe('Morning · 6:00 AM – 10:00 AM: 1 spot aired May 31, 2027 – Jun 27, 2027');
  });
});

describe('agencyBodySchema', () => {
  it('defaults the rate to 15% and clears it for a direct advertiser', () => {
    expect(agencyBodySchema.parse({ is_agency: true })).toEqual({ rate: 0.15 });
    expect(agencyBodySchema.parse({ is_agency: true, commission_rate: 0 })).toEqual({ rate: 0 });
    expect(agencyBodySchema.parse({ is_agency: false, commission_rate: 0.3 })).toEqual({ rate: null });
    expect(agencyBodySchema.safeParse({ is_agency: true, commission_rate: 1 }).success).toBe(false);
  });
});

describe('the coupon on an invoice billed on delivery (decision 051)', () => {
  it("is the coupon's share of the gross billed, half a cent up", () => {
    // $300 off a $3,000 order; $163.92 aired: 10% = $16.392 → $16.39.
    expect(couponShareCents({ billedCents: 16_392, orderGrossCents: 300_000, couponCents: 30_000, takenCents: 0 })).toBe(1639);
    // $250 off a $2,250 order; $45 aired: $5.00 exactly; $45.05: $5.005 → $5.01.
    expect(couponShareCents({ billedCents: 4500, orderGrossCents: 225_000, couponCents: 25_000, takenCents: 0 })).toBe(500);
    expect(couponShareCents({ billedCents: 4505, orderGrossCents: 225_000, couponCents: 25_000, takenCents: 0 })).toBe(501);
  });

  it('never takes more than the coupon left by earlier invoices, nor more than was billed, nor anything without a coupon', () => {
    expect(couponShareCents({ billedCents: 100_000, orderGrossCents: 300_000, couponCents: 30_000, takenCents: 25_000 })).toBe(5000);
    expect(couponShareCents({ billedCents: 100_000, orderGrossCents: 300_000, couponCents: 30_000, takenCents: 30_000 })).toBe(0);
    expect(couponShareCents({ billedCents: 100, orderGrossCents: 100, couponCents: 500, takenCents: 0 })).toBe(100);
    expect(couponShareCents({ billedCents: 100_000, orderGrossCents: 300_000, couponCents: 0, takenCents: 0 })).toBe(0);
  });
});
