import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../../domain/orders';
import { parseTab, tabCounts, tabFilter } from './order-tabs';

const stats = {
  total_estimates: 11, // the sum of the statuses below
  draft_count: 2,
  ordered_count: 1,
  approved_count: 1,
  rejected_count: 2,
  modified_count: 1,
  scheduled_count: 1,
  active_count: 2,
  completed_count: 1,
  total_budget: 0,
  approved_budget: 0,
  pending_count: 2,
};

describe('Orders tabs', () => {
  it('In progress holds the orders not yet approved: not approved, scheduled, active, rejected or completed', () => {
    expect(tabFilter('in-progress')).toEqual({ exclude_status: ['approved', 'scheduled', 'active', 'rejected', 'completed'] });
    expect(tabCounts(stats)['in-progress']).toBe(2 + 1 + 1 + 0);
  });

  it('no order is in two tabs: the four tabs add up to All (issue 29, item 12)', () => {
    const counts = tabCounts(stats);
    expect(counts['in-progress'] + counts.running + counts.completed + counts.rejected).toBe(counts.all);
  });

  it('Approved & running lists approved, scheduled and active orders', () => {
    const { exclude_status: excluded = [] } = tabFilter('running');
    expect(ORDER_STATUSES.filter((status) => !excluded.includes(status))).toEqual(['approved', 'scheduled', 'active']);
    expect(tabCounts(stats).running).toBe(4);
  });

  it('Completed, Rejected and All', () => {
    expect(tabFilter('completed')).toEqual({ status: 'completed' });
    expect(tabFilter('rejected')).toEqual({ status: 'rejected' });
    expect(tabFilter('all')).toEqual({});
    expect(tabCounts(stats)).toMatchObject({ completed: 1, rejected: 2, all: 11 });
  });

  it('reads the tab from the URL, In progress when unknown', () => {
    expect(parseTab('rejected')).toBe('rejected');
    expect(parseTab(null)).toBe('in-progress');
    expect(parseTab('nonsense')).toBe('in-progress');
  });
});
