import { describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/dates';
import type { DaypartInfo, OrderDraft } from './order-draft';
import { problemTarget, saveProblems, serverProblem, submitProblemList } from './order-problems';

const TODAY = '2026-03-02';
const earlyMorning: DaypartInfo = {
  id: 'em',
  name: 'Early Morning',
  description: null,
  start_time: '05:00',
  end_time: '09:00',
  days_of_week: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  base_cpm: 15,
  min_cpm: 5,
  multiplier: 1,
  spot_frequency: 30,
  is_prime_time: false,
};
const empty: OrderDraft = {
  estimateName: '',
  agencyCodes: { agency_estimate_number: '', client_code: '', product_code: '', po_number: '' },
  brandId: '',
  totalSpend: '',
  startDate: addDays(TODAY, 8),
  selections: {},
  mediaAssetId: null,
  paymentMethodId: null,
  couponCode: null,
  targetDemo: '',
  guarantee: { demo: '', measure: 'grps', goal: '' },
};

describe('Save Draft problems', () => {
  it('lets an empty draft be saved', () => {
    expect(saveProblems(empty, [earlyMorning])).toEqual([]);
  });

  it('stops at what the server refuses: a budget that is not a whole number above 0, a slot’s spots or CPM', () => {
    const draft = { ...empty, totalSpend: '12.5', selections: { em: { spots: '31', cpm: '4' } } };
    expect(saveProblems(draft, [earlyMorning])).toEqual([
      { message: 'Total budget must be greater than 0', field: 'totalSpend' },
      { message: 'Maximum 30 spots available for Early Morning', field: 'dayparts', slot: { daypartId: 'em', input: 'spots' } },
      { message: 'Minimum CPM for Early Morning is $5.00', field: 'dayparts', slot: { daypartId: 'em', input: 'cpm' } },
    ]);
  });
});

describe('Submit Order problems', () => {
  it('lists every problem at once, in the spec’s order, then media and card', () => {
    const problems = submitProblemList({ ...empty, startDate: addDays(TODAY, 3) }, [earlyMorning], TODAY);
    expect(problems.map((p) => [p.message, p.field])).toEqual([
      ['Order name is required', 'estimateName'],
      ['Please select a brand', 'brandId'],
      ['Start date must be at least 7 days from today for campaign planning', 'startDate'],
      ['Please add at least one time slot before submitting the order', 'dayparts'],
      ['Total budget must be greater than 0', 'totalSpend'],
      ['Please select media before submitting the order', 'media'],
      ['Please select a payment method before submitting the order', 'card'],
    ]);
  });

  it('says a budget below the weekly cost with the spec’s message, and nothing for a complete order', () => {
    const ready = {
      ...empty,
      estimateName: 'Spring',
      brandId: 'b',
      totalSpend: '100',
      selections: { em: { spots: '1', cpm: '15' } },
      mediaAssetId: 'm',
      paymentMethodId: 'c',
    };
    expect(submitProblemList(ready, [earlyMorning], TODAY).map((p) => p.message)).toEqual([
      'Budget too small. Weekly cost is $102.45, minimum budget needed: $102.45',
    ]);
    expect(submitProblemList({ ...ready, totalSpend: '103' }, [earlyMorning], TODAY)).toEqual([]);
  });

  it('points each problem at its field', () => {
    expect(problemTarget({ message: '', field: 'brandId' })).toBe('[name="brand_id"]');
    expect(problemTarget({ message: '', field: 'dayparts', slot: { daypartId: 'em', input: 'cpm' } })).toBe('[data-slot-input="em-cpm"]');
    expect(problemTarget({ message: '', field: 'media' })).toContain('[data-order-section="media"]');
    expect(problemTarget({ message: 'from the server', field: null })).toBeNull();
  });
});

describe('the server’s refusal, marked by the field its reply names (decision 043)', () => {
  const midday: DaypartInfo = { ...earlyMorning, id: 'md', name: 'Midday' };
  const draft = { ...empty, selections: { em: { spots: '1', cpm: '15' }, md: { spots: '2', cpm: '20' } } };

  it('marks the order’s own field or section', () => {
    expect(serverProblem('Start date is required', 'start_date', draft, [earlyMorning, midday])).toEqual({
      message: 'Start date is required',
      field: 'startDate',
    });
    expect(serverProblem('Total budget must be a number', 'total_spend', draft, [earlyMorning, midday]).field).toBe('totalSpend');
    expect(serverProblem('Please select media before submitting the order', 'media_asset_id', draft, [earlyMorning, midday]).field).toBe('media');
    expect(serverProblem('Invalid coupon code', 'coupon_code', draft, [earlyMorning, midday]).field).toBe('coupon');
  });

  it('finds a time slot’s input by its position in the selection sent', () => {
    expect(serverProblem('Minimum CPM for Midday is $5.00', 'selectedDayparts[1].user_defined_cpm', draft, [earlyMorning, midday])).toEqual({
      message: 'Minimum CPM for Midday is $5.00',
      field: 'dayparts',
      slot: { daypartId: 'md', input: 'cpm' },
    });
  });

  it('marks nothing when the reply names no field of the form', () => {
    expect(serverProblem('You cannot edit this order in its current status', null, draft, [earlyMorning])).toEqual({
      message: 'You cannot edit this order in its current status',
      field: null,
    });
    expect(serverProblem('Notes must be text', 'notes', draft, [earlyMorning]).field).toBeNull();
  });
});
