import { describe, expect, it } from 'vitest';
import { bucketStart, bucketStarts, conversionFunnel, forecastRevenue, revenueSeries } from './analytics';

describe('date buckets', () => {
  it('starts a week on Monday and a month on its first day', () => {
    expect(bucketStart('2026-11-22', 'daily')).toBe('2026-11-22');
    // 2026-11-22 is a Sunday; 2026-11-16 the Monday before.
    expect(bucketStart('2026-11-22', 'weekly')).toBe('2026-11-16');
    expect(bucketStart('2026-11-16', 'weekly')).toBe('2026-11-16');
    expect(bucketStart('2026-11-22', 'monthly')).toBe('2026-11-01');
  });

  it('lists every bucket of a window, across a year end', () => {
    expect(bucketStarts('2026-12-30', '2027-01-02', 'daily')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(bucketStarts('2026-11-15', '2027-02-03', 'monthly')).toEqual(['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01']);
    expect(bucketStarts('2026-11-18', '2026-12-01', 'weekly')).toEqual(['2026-11-16', '2026-11-23', '2026-11-30']);
  });
});

describe('revenue series', () => {
  it('sums rows per bucket, fills empty buckets with zeros, and averages per order', () => {
    const rows = [
      { date: '2026-11-16', revenue: 1000, orders: 1 },
      { date: '2026-11-18', revenue: 500.255, orders: 2 },
      { date: '2026-11-30', revenue: 300, orders: 1 },
    ];
    expect(revenueSeries(rows, '2026-11-16', '2026-12-01', 'weekly')).toEqual([
      { date: '2026-11-16', revenue: 1500.26, approved_orders: 3, avg_order_value: 500.09 },
      { date: '2026-11-23', revenue: 0, approved_orders: 0, avg_order_value: 0 },
      { date: '2026-11-30', revenue: 300, approved_orders: 1, avg_order_value: 300 },
    ]);
  });
});

describe('conversion funnel', () => {
  it('lists every stage in order with its share of all orders', () => {
    const funnel = conversionFunnel({ draft: 2, ordered: 1, approved: 1 });
    expect(funnel.map((f) => f.status)).toEqual(['draft', 'ordered', 'modified', 'approved', 'scheduled', 'active', 'completed', 'rejected']);
    expect(funnel.find((f) => f.status === 'draft')).toEqual({ status: 'draft', count: 2, percentage: 50 });
    expect(funnel.find((f) => f.status === 'modified')).toEqual({ status: 'modified', count: 0, percentage: 0 });
    expect(conversionFunnel({}).every((f) => f.percentage === 0)).toBe(true);
  });
});

describe('revenue forecast', () => {
  it('extends a straight line week by week and reads its trend', () => {
    const history = [100, 200, 300, 400].map((revenue, i) => ({ week: ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'][i]!, revenue }));
    const { forecast, insights } = forecastRevenue(history, 2);
    expect(forecast).toEqual([
      { week: '2026-11-30', predicted_revenue: 500 },
      { week: '2026-12-07', predicted_revenue: 600 },
    ]);
    expect(insights).toMatchObject({ trend: 'up', growth_rate: 40 });
  });

  it('never predicts below zero, and says when there is nothing to go on', () => {
    const falling = forecastRevenue([{ week: '2026-11-02', revenue: 300 }, { week: '2026-11-09', revenue: 0 }], 2);
    expect(falling.forecast.map((f) => f.predicted_revenue)).toEqual([0, 0]);
    expect(falling.insights.trend).toBe('down');
    const empty = forecastRevenue([{ week: '2026-11-02', revenue: 0 }]);
    expect(empty.insights).toEqual({ trend: 'stable', message: 'Not enough booked orders yet to see a trend.', growth_rate: 0 });
  });
});
