import { describe, expect, it } from 'vitest';
import { toUpdateBody, type OrderDraft } from './order-draft';

const draft = (patch: Partial<OrderDraft>): OrderDraft => ({
  estimateName: 'Spring',
  agencyCodes: { agency_estimate_number: '', client_code: '', product_code: '', po_number: '' },
  brandId: '',
  totalSpend: '',
  startDate: '',
  selections: {},
  mediaAssetId: null,
  paymentMethodId: null,
  couponCode: null,
  targetDemo: '',
  guarantee: { demo: '', measure: 'grps', goal: '' },
  ...patch,
});

const audienceOf = (patch: Partial<OrderDraft>) => {
  const body = toUpdateBody(draft(patch));
  return { target_demo: body.target_demo, audience_guarantee: body.audience_guarantee, sent: ['target_demo', 'audience_guarantee'].filter((k) => k in body) };
};

describe('the audience the order form saves', () => {
  it('sends no demo and no guarantee as null, which removes them', () => {
    expect(audienceOf({})).toEqual({ target_demo: null, audience_guarantee: null, sent: ['target_demo', 'audience_guarantee'] });
  });

  it('sends a demo in its canonical notation and a whole guarantee in its measure', () => {
    expect(audienceOf({ targetDemo: ' a25-54 ', guarantee: { demo: 'w18+', measure: 'grps', goal: '120' } })).toMatchObject({
      target_demo: 'A25-54',
      audience_guarantee: { demo: 'W18+', grps: 120 },
    });
    expect(audienceOf({ guarantee: { demo: 'HH', measure: 'impressions', goal: '1500.5' } }).audience_guarantee).toEqual({ demo: 'HH', impressions: 1500.5 });
  });

  it('keeps what was saved while a field is still being typed: a demo that is not one, a guarantee without its goal or demo', () => {
    expect(audienceOf({ targetDemo: 'A25-' }).sent).toEqual(['audience_guarantee']);
    expect(audienceOf({ guarantee: { demo: 'A25-54', measure: 'grps', goal: '' } }).sent).toEqual(['target_demo']);
    expect(audienceOf({ guarantee: { demo: '', measure: 'grps', goal: '10' } }).sent).toEqual(['target_demo']);
    expect(audienceOf({ guarantee: { demo: 'A25-54', measure: 'grps', goal: '0' } }).sent).toEqual(['target_demo']);
  });
});
