import { describe, expect, it } from 'vitest';
import { airingOf, averageCpm, campaignFigures, campaignFollowUp, campaignPlan, displayStatusOf, isDeliveryComplete, statusChangeRefusal } from './campaigns';

describe('campaign display status', () => {
  it('shows the stored status, and completed for an active campaign past its end date', () => {
    expect(displayStatusOf('scheduled', '2030-01-10', '2030-02-01')).toBe('scheduled');
    expect(displayStatusOf('active', '2030-01-10', '2030-01-10')).toBe('active');
    expect(displayStatusOf('active', '2030-01-10', '2030-01-11')).toBe('completed');
    expect(displayStatusOf('active', null, '2030-01-11')).toBe('active');
    expect(displayStatusOf('paused', '2030-01-10', '2030-01-11')).toBe('paused');
  });
});

describe('a campaign follows its order', () => {
  it.each([
    ['scheduled', null, { create: true, status: 'scheduled' }],
    ['active', null, { create: true, status: 'active' }],
    ['active', 'scheduled', { create: true, status: 'active' }],
    ['completed', 'active', { create: false, status: 'completed' }],
    ['completed', null, null],
    ['approved', 'paused', { create: false, status: 'scheduled' }],
    ['approved', 'scheduled', null],
    ['draft', 'active', { create: false, status: 'cancelled' }],
    ['rejected', 'scheduled', { create: false, status: 'cancelled' }],
    ['ordered', null, null],
  ] as const)('order → %s with campaign %s gives %o', (order, current, expected) => {
    expect(campaignFollowUp(order, current)).toEqual(expected);
  });

  it('pauses only active and resumes only paused campaigns', () => {
    expect(statusChangeRefusal('active', 'paused')).toBeNull();
    expect(statusChangeRefusal('paused', 'active')).toBeNull();
    expect(statusChangeRefusal('scheduled', 'paused')).toBe('Only active campaigns can be paused; this campaign is Scheduled');
    expect(statusChangeRefusal('active', 'active')).toBe('Only paused campaigns can be resumed; this campaign is Active');
  });
});

describe('plan and airings', () => {
  // Early Morning on weekdays, 10 spots a day at $15: weekly cost $1,024.50 for 50 spots.
  const earlyMorning = { multiplier: 1, spotsPerDay: 10, cpm: 15, daysPerWeek: 5 };

  it('plans weekly spots × weeks of the budget', () => {
    expect(campaignPlan(5000, [earlyMorning])).toEqual({ weeklySpots: 50, totalSpots: 244 }); // 5000 / 1024.5 = 4.88 weeks
    expect(campaignPlan(2049, [earlyMorning])).toEqual({ weeklySpots: 50, totalSpots: 100 });
    expect(campaignPlan(5000, [])).toEqual({ weeklySpots: 0, totalSpots: 0 });
  });

  it('airs 1366 × multiplier impressions at the CPM, never past the remaining budget', () => {
    expect(airingOf(1, 1500, 100_000)).toEqual({ impressions: 1366, spendCents: 2049 });
    expect(airingOf(1.5, 4000, 100_000)).toEqual({ impressions: 2049, spendCents: 8196 });
    expect(airingOf(1, 1500, 1000)).toEqual({ impressions: 666, spendCents: 1000 });
  });

  it('reports dollars and percentages with 2 decimals', () => {
    expect(averageCpm(2049, 1366)).toBe(15);
    expect(averageCpm(0, 0)).toBe(0);
    expect(campaignFigures({ budgetCents: 500_000, spendCents: 4098, impressions: 2732, airedSpots: 2, totalSpots: 244 })).toEqual({
      total_budget: 5000,
      total_spend: 40.98,
      total_impressions: 2732,
      avg_cpm: 15,
      budget_utilization: 0.82,
      completion_percentage: 0.82,
      aired_spots: 2,
      total_spots: 244,
    });
  });
});

describe('isDeliveryComplete', () => {
  const running = { endDate: '2026-03-10', totalBudgetCents: 100_000, spendCents: 40_000, totalSpots: 10, airedSpots: 4 };
  it('is complete once the end date has passed, not on it', () => {
    expect(isDeliveryComplete(running, '2026-03-10')).toBe(false);
    expect(isDeliveryComplete(running, '2026-03-11')).toBe(true);
  });
  it('is complete once the whole budget is spent or every spot aired', () => {
    expect(isDeliveryComplete({ ...running, spendCents: 100_000 }, '2026-03-01')).toBe(true);
    expect(isDeliveryComplete({ ...running, airedSpots: 10 }, '2026-03-01')).toBe(true);
  });
  it('a campaign with no budget or no spots is not complete by delivery', () => {
    expect(isDeliveryComplete({ ...running, totalBudgetCents: 0, spendCents: 0, totalSpots: 0, airedSpots: 0 }, '2026-03-01')).toBe(false);
    expect(isDeliveryComplete({ ...running, endDate: null, totalBudgetCents: 0, totalSpots: 0 }, '2030-01-01')).toBe(false);
  });
});
