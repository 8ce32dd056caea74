import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { couponDiscount, couponDisplayStatus, couponRefusal, normalizeCouponCode, type CouponEligibility } from './coupons';

const none = { discountType: null, percentageOff: null, maxDiscountAmount: null, fixedAmountOff: null, minimumSpendRequired: null };

describe('couponDiscount', () => {
  it('percentage_with_max takes a percent of the amount, capped at the maximum', () => {
    const c = { ...none, discountType: 'percentage_with_max' as const, percentageOff: 10, maxDiscountAmount: 250 };
    expect(couponDiscount(c, 1000)).toBe(100);
    expect(couponDiscount(c, 5000)).toBe(250);
  });
  it('fixed_amount_with_min takes a fixed amount once the minimum is reached', () => {
    const c = { ...none, discountType: 'fixed_amount_with_min' as const, fixedAmountOff: 100, minimumSpendRequired: 1000 };
    expect(couponDiscount(c, 999.99)).toBe(0);
    expect(couponDiscount(c, 1000)).toBe(100);
  });
  it('Stripe-style percent_off and amount_off (cents, capped at the amount)', () => {
    expect(couponDiscount({ ...none, percentOff: 25 }, 200)).toBe(50);
    expect(couponDiscount({ ...none, amountOff: 5000 }, 200)).toBe(50);
    expect(couponDiscount({ ...none, amountOff: 50_000 }, 200)).toBe(200);
  });
  it('never exceeds the amount nor goes below zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.double({ min: 0.01, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        (pct, max, amount) => {
          const d = couponDiscount({ ...none, discountType: 'percentage_with_max', percentageOff: pct, maxDiscountAmount: max }, amount);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(Math.round(amount * 100) / 100 + 1e-9);
        },
      ),
    );
  });
});

describe('couponDisplayStatus', () => {
  const base = { isActive: true, validFrom: '2026-01-01', validUntil: '2026-12-31', usageLimit: 5, usageCount: 0 };
  it('is evaluated in the order Inactive, Expired, Limit Reached, Active', () => {
    expect(couponDisplayStatus({ ...base, isActive: false, validUntil: '2020-01-01', usageCount: 5 }, '2026-11-22')).toBe('Inactive');
    expect(couponDisplayStatus({ ...base, validUntil: '2026-11-21', usageCount: 5 }, '2026-11-22')).toBe('Expired');
    expect(couponDisplayStatus({ ...base, usageCount: 5 }, '2026-11-22')).toBe('Limit Reached');
    expect(couponDisplayStatus(base, '2026-11-22')).toBe('Active');
    expect(couponDisplayStatus({ ...base, usageLimit: null, validUntil: null, usageCount: 99 }, '2026-11-22')).toBe('Active');
  });
});

describe('couponRefusal', () => {
  const coupon: CouponEligibility = {
    ...none,
    discountType: 'percentage_with_max',
    percentageOff: 10,
    maxDiscountAmount: 100,
    isActive: true,
    validFrom: '2026-11-01',
    validUntil: '2026-12-31',
    usageLimit: 10,
    usageCount: 0,
    perUserLimit: 1,
    restrictedToUserId: null,
    restrictedToDaypartIds: [],
  };
  const use = { userId: 'u1', userUses: 0, amount: 1000, daypartIds: ['d1'], today: '2026-11-22' };
  it('accepts a usable coupon', () => expect(couponRefusal(coupon, use)).toBeNull());
  it('refuses inactive, early, expired, exhausted and per-user exhausted coupons', () => {
    expect(couponRefusal({ ...coupon, isActive: false }, use)).toBe('This coupon is not active');
    expect(couponRefusal({ ...coupon, validFrom: '2026-11-23' }, use)).toBe('This coupon is not valid yet');
    expect(couponRefusal({ ...coupon, validUntil: '2026-11-21' }, use)).toBe('This coupon has expired');
    expect(couponRefusal({ ...coupon, usageCount: 10 }, use)).toBe('This coupon has reached its usage limit');
    expect(couponRefusal(coupon, { ...use, userUses: 1 })).toBe('You have already used this coupon the maximum number of times');
  });
  it('honours user and daypart restrictions (no dayparts = all)', () => {
    expect(couponRefusal({ ...coupon, restrictedToUserId: 'u2' }, use)).toBe('This coupon is not available for your account');
    expect(couponRefusal({ ...coupon, restrictedToDaypartIds: ['d2'] }, use)).toBe('This coupon is not valid for the selected dayparts');
    expect(couponRefusal({ ...coupon, restrictedToDaypartIds: ['d1', 'd2'] }, use)).toBeNull();
  });
  it('requires the minimum spend of a fixed coupon', () => {
    const fixed = { ...coupon, discountType: 'fixed_amount_with_min' as const, fixedAmountOff: 50, minimumSpendRequired: 2000 };
    expect(couponRefusal(fixed, use)).toBe('Minimum spend of $2,000.00 required for this coupon');
  });
  it('upper-cases codes', () => expect(normalizeCouponCode(' save10 ')).toBe('SAVE10'));
});
