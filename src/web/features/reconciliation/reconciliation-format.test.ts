import { describe, expect, it } from 'vitest';
import { draftFrom, parseReconcileDraft } from './reconcile-form';
import { percent, signedCount, signedCurrency } from './reconciliation-format';

describe('reconciliation figures', () => {
  it('signs money, counts and percents, and never shows a negative zero', () => {
    expect(signedCurrency(1234.5)).toBe('+$1,234.50');
    expect(signedCurrency(-80)).toBe('-$80.00');
    expect(signedCurrency(-0.001)).toBe('$0.00');
    expect(signedCount(12000)).toBe('+12,000');
    expect(signedCount(-350)).toBe('-350');
    expect(signedCount(-0.2)).toBe('0');
    expect(percent(2.5, true)).toBe('+2.5%');
    expect(percent(-10, true)).toBe('-10.0%');
    expect(percent(-0.04, true)).toBe('0.0%');
    expect(percent(50)).toBe('50.0%');
  });
});

describe('the Reconcile form', () => {
  it('starts from the projection', () => {
    expect(draftFrom({ projected_spend: 5000, projected_impressions: 68300.4 })).toEqual({ actualSpend: '5000.00', actualImpressions: '68300', notes: '' });
  });

  it('sends numbers, and notes only when written', () => {
    expect(parseReconcileDraft({ actualSpend: '4800.5', actualImpressions: '70000', notes: '  ' })).toEqual({ ok: true, body: { actual_spend: 4800.5, actual_impressions: 70000, notes: null } });
    expect(parseReconcileDraft({ actualSpend: '0', actualImpressions: '0', notes: ' Late spots ' })).toEqual({ ok: true, body: { actual_spend: 0, actual_impressions: 0, notes: 'Late spots' } });
  });

  it("answers with the domain's messages", () => {
    expect(parseReconcileDraft({ actualSpend: '', actualImpressions: '', notes: '' })).toEqual({
      ok: false,
      errors: { actual_spend: 'Actual spend is required', actual_impressions: 'Actual impressions are required' },
    });
    expect(parseReconcileDraft({ actualSpend: '-1', actualImpressions: '1.5', notes: '' })).toEqual({
      ok: false,
      errors: { actual_spend: 'Actual spend must be 0 or more, in dollars and cents', actual_impressions: 'Actual impressions must be a whole number, 0 or more' },
    });
    expect(parseReconcileDraft({ actualSpend: '10.005', actualImpressions: 'abc', notes: '' })).toEqual({
      ok: false,
      errors: { actual_spend: 'Actual spend must be 0 or more, in dollars and cents', actual_impressions: 'Actual impressions must be a whole number, 0 or more' },
    });
  });
});
