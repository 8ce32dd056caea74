import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { bucketStart, bucketStarts, conversionFunnel, donutSlices, forecastRevenue, periodStart, revenueSeries, trendWindowNote } from './analytics';

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
  const weeks = (revenues: number[], from = '2026-09-07') => revenues.map((revenue, i) => ({ week: addDays(from, 7 * i), revenue }));

  it('extends a straight line week by week and reads its trend', () => {
    const { forecast, insights } = forecastRevenue(weeks([100, 200, 300, 400], '2026-11-02'), 2);
    expect(forecast).toEqual([
      { week: '2026-11-30', predicted_revenue: 500, lower: 500, upper: 500 },
      { week: '2026-12-07', predicted_revenue: 600, lower: 600, upper: 600 },
    ]);
    expect(insights).toMatchObject({ trend: 'up', growth_rate: 40, enough_history: true, history_weeks: 4, standard_error: 0 });
    expect(insights.message).toBe('Revenue is growing about 40% a week over 4 weeks; expect busier weeks ahead.');
  });

  it('claims no growth from one week of orders after empty weeks', () => {
    const { forecast, insights } = forecastRevenue(weeks([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7000]), 4);
    expect(insights).toEqual({
      trend: 'stable',
      growth_rate: 0,
      message: 'Too little history for a trend: 1 week of booked orders so far, and a forecast needs at least 4. Until then it shows the average week.',
      history_weeks: 1,
      min_history_weeks: 4,
      enough_history: false,
      standard_error: null,
      model: 'average',
    });
    expect(forecast.map((f) => [f.predicted_revenue, f.lower, f.upper])).toEqual(Array(4).fill([7000, null, null]));
  });

  it("speaks of an advertiser's own spend, without the station's advice", () => {
    expect(forecastRevenue(weeks([100, 200, 300, 400]), 1, 'advertiser').insights.message).toBe('Your spend is growing about 40% a week over 4 weeks.');
  });

  it('says "3 weeks" with three weeks of orders', () => {
    expect(forecastRevenue(weeks([0, 300, 0, 500])).insights.message).toMatch(/^Too little history for a trend: 3 weeks of booked orders so far/);
  });

  it('gives noisy weeks a band around the line and no trend when the slope is unclear', () => {
    const { forecast, insights } = forecastRevenue(weeks([1000, 3000, 2000, 4000]), 1);
    // The fit of 1, 3, 2, 4 (thousands): 4.5 ahead, s = √0.9 (see forecast-fit.test.ts).
    expect(forecast[0]!.predicted_revenue).toBe(4500);
    expect(forecast[0]!.upper! - forecast[0]!.predicted_revenue).toBeCloseTo(4.303 * Math.sqrt(0.9) * Math.sqrt(2.5) * 1000, 0);
    expect(forecast[0]!.lower).toBe(0);
    expect(insights).toMatchObject({ trend: 'stable', growth_rate: 32, enough_history: true, standard_error: 948.68 });
    expect(insights.message).toBe('Revenue moves week to week without a clear trend over 4 weeks.');
  });

  it("follows last year's season, scaled year over year, once a year of history lies before the shown weeks", () => {
    // Last year: 1,000 a week, then a holiday peak of 3,000 in the weeks just after the shown ones.
    const yearAgo = [...Array(12).fill(1000), 3000, 3000, 1000, 1000];
    // This year runs 20 % above it, give or take; the current (unfinished) week is not compared.
    const shown = [1150, 1250, 1200, 1180, 1220, 1200, 1190, 1210, 1200, 1230, 1170, 400];
    const { forecast, insights } = forecastRevenue(weeks(shown), 4, 'station', { yearAgo, bookedBefore: true });
    expect(insights).toMatchObject({ model: 'seasonal', trend: 'up', growth_rate: 20, enough_history: true, history_weeks: 64 });
    expect(insights.message).toBe("Revenue is running 20% above the same 11 weeks last year; the forecast follows last year's season.");
    expect(forecast.map((f) => f.predicted_revenue)).toEqual([3600, 3600, 1200, 1200]);
    // The band: t(10) · s · √(1 + 1/11), s from the shown weeks' spread around 1.2 × last year.
    const s = Math.sqrt(shown.slice(0, 11).reduce((sum, y) => sum + (y - 1200) ** 2, 0) / 10);
    expect(insights.standard_error).toBeCloseTo(s, 2);
    expect(forecast[0]!.upper! - forecast[0]!.predicted_revenue).toBeCloseTo(2.228 * s * Math.sqrt(1 + 1 / 11), 1);
    expect(forecastRevenue(weeks(shown), 1, 'advertiser', { yearAgo: yearAgo.map((y) => y * 1.2), bookedBefore: true }).insights).toMatchObject({
      trend: 'stable',
      message: "Your spend is in line with the same 11 weeks last year; the forecast follows last year's season.",
    });
  });

  it('keeps the straight line when last year was the start, or empty', () => {
    const shown = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200];
    const yearAgo = Array(16).fill(500);
    expect(forecastRevenue(weeks(shown), 1, 'station', { yearAgo, bookedBefore: false }).insights.model).toBe('line');
    expect(forecastRevenue(weeks(shown), 1, 'station', { yearAgo: Array(16).fill(0), bookedBefore: true }).insights.model).toBe('line');
    expect(forecastRevenue(weeks(shown), 1).insights.model).toBe('line');
  });

  it('never predicts below zero, and says when there is nothing to go on', () => {
    const falling = forecastRevenue(weeks([900, 600, 300, 0]), 2);
    expect(falling.forecast.map((f) => f.predicted_revenue)).toEqual([0, 0]);
    expect(falling.insights.trend).toBe('down');
    const empty = forecastRevenue([{ week: '2026-11-02', revenue: 0 }]);
    expect(empty.forecast).toEqual([]);
    expect(empty.insights).toMatchObject({ trend: 'stable', message: 'Not enough booked orders yet to see a trend.', growth_rate: 0, enough_history: false });
  });
});

describe('donutSlices', () => {
  it('keeps one slice per row while they fit the palette, and folds the smallest into "Other" past it', () => {
    const rows = Array.from({ length: 9 }, (_, i) => ({ name: `D${i}`, value: 100 - i }));
    expect(donutSlices(rows.slice(0, 8))).toHaveLength(8);
    const slices = donutSlices(rows);
    expect(slices).toHaveLength(8);
    expect(slices.slice(0, 7).map((s) => s.name)).toEqual(['D0', 'D1', 'D2', 'D3', 'D4', 'D5', 'D6']);
    expect(slices[7]).toEqual({ name: 'Other', value: 92 + 93 });
  });
});

describe('the revenue trend’s window against the Period (issue 44)', () => {
  it('names the 90 days and the Period’s part of them, never “whatever the Period”', () => {
    expect(trendWindowNote(30, 'daily')).toBe('Last 90 days by day; the shaded part is the Period, the last 30 days');
    expect(trendWindowNote(7, 'weekly')).toBe('Last 90 days by week; the shaded part is the Period, the last 7 days');
    expect(trendWindowNote(90, 'daily')).toBe('Last 90 days by day: the Period');
    expect(trendWindowNote(365, 'monthly')).toBe("Last 90 days by month: the latest part of the Period's 365 days");
  });

  it('shades from the bucket holding the Period’s first day', () => {
    expect(periodStart('2026-12-07', 30, 'daily')).toBe('2026-11-08');
    expect(periodStart('2026-12-07', 7, 'weekly')).toBe('2026-11-30');
    expect(periodStart('2026-12-07', 90, 'daily')).toBeNull();
  });
});
