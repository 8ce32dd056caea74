import { describe, expect, it } from 'vitest';
import { draftFrom, overridesAired, parseReconcileDraft } from './reconcile-form';
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
  const nothingAired = { aired_spend: 0, aired_impressions: 0, aired_spots: 0 };
  it('starts from the projection, or from what aired once something did', () => {
    expect(draftFrom({ projected_spend: 5000, projected_impressions: 68300.4, ...nothingAired })).toEqual({
      actualSpend: '5000.00',
      actualImpressions: '68300',
      notes: '',
      overrideReason: '',
    });
    const aired = { projected_spend: 5000, projected_impressions: 68300, aired_spend: 40.98, aired_impressions: 2732, aired_spots: 2 };
    const draft = draftFrom(aired);
    expect(draft).toMatchObject({ actualSpend: '40.98', actualImpressions: '2732' });
    expect(overridesAired(aired, draft)).toBe(false);
    expect(overridesAired(aired, { ...draft, actualSpend: '50' })).toBe(true);
    expect(overridesAired({ ...aired, ...nothingAired }, { ...draft, actualSpend: '50' })).toBe(false);
  });

  it('asks for a reason when the figures override what aired', () => {
    const draft = { actualSpend: '50', actualImpressions: '3000', notes: '', overrideReason: ' ' };
    expect(parseReconcileDraft(draft, true)).toEqual({ ok: false, errors: { override_reason: 'Give a reason for overriding the aired figures' } });
    expect(parseReconcileDraft({ ...draft, overrideReason: 'Lost log' }, true)).toEqual({
      ok: true,
      body: { actual_spend: 50, actual_impressions: 3000, notes: null, override_reason: 'Lost log' },
    });
  });

  it('sends numbers, and notes only when written', () => {
    expect(parseReconcileDraft({ actualSpend: '4800.5', actualImpressions: '70000', notes: '  ', overrideReason: '' })).toEqual({
      ok: true,
      body: { actual_spend: 4800.5, actual_impressions: 70000, notes: null },
    });
    expect(parseReconcileDraft({ actualSpend: '0', actualImpressions: '0', notes: ' Late spots ', overrideReason: '' })).toEqual({
      ok: true,
      body: { actual_spend: 0, actual_impressions: 0, notes: 'Late spots' },
    });
  });

  it("answers with the domain's messages", () => {
    expect(parseReconcileDraft({ actualSpend: '', actualImpressions: '', notes: '', overrideReason: '' })).toEqual({
      ok: false,
      errors: { actual_spend: 'Actual spend is required', actual_impressions: 'Actual impressions are required' },
    });
    expect(parseReconcileDraft({ actualSpend: '-1', actualImpressions: '1.5', notes: '', overrideReason: '' })).toEqual({
      ok: false,
      errors: {
        actual_spend: 'Actual spend must be 0 or more, in dollars and cents',
        actual_impressions: 'Actual impressions must be a whole number, 0 or more',
      },
    });
    expect(parseReconcileDraft({ actualSpend: '10.005', actualImpressions: 'abc', notes: '', overrideReason: '' })).toEqual({
      ok: false,
      errors: {
        actual_spend: 'Actual spend must be 0 or more, in dollars and cents',
        actual_impressions: 'Actual impressions must be a whole number, 0 or more',
      },
    });
  });
});
