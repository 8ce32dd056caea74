/**
 * The analytics dashboard: its query parameters, its five replies and the pure arithmetic behind
 * them (date buckets, the conversion funnel, the revenue forecast). Revenue is what booked orders
 * owe (total_amount of approved, scheduled, active and completed orders), dated by submission.
 */
import { z } from 'zod';
import { channelFilterSchema } from './channel-schemas';
import { addDays } from './dates';
import { fitLine, predictAt, slopeIsClear } from './forecast-fit';
import { fitSeason, predictSeason } from './forecast-seasonal';
import { roundDollars } from './money';
import { SOLD_STATUSES, type OrderStatus } from './orders';

export const ANALYTICS_PERIODS = [7, 30, 90, 365] as const;
export const DEFAULT_PERIOD_DAYS = 30;
export const REVENUE_TREND_DAYS = 90;
export const GRANULARITIES = ['daily', 'weekly', 'monthly'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const TOP_BRANDS = 5;
export const FORECAST_HISTORY_WEEKS = 12;
export const FORECAST_WEEKS = 4;
/** Weeks of booked revenue a trend needs (decision 019). */
export const FORECAST_MIN_HISTORY_WEEKS = 4;

/** Orders that count as revenue. */
export const REVENUE_STATUSES = SOLD_STATUSES;
/** The funnel, in the order an order moves through it (rejected and modified are its exits and loops). */
export const FUNNEL_STATUSES = [
  'draft',
  'ordered',
  'modified',
  'approved',
  'scheduled',
  'active',
  'completed',
  'rejected',
] as const satisfies readonly OrderStatus[];

/** The chart palette of the specification. */
export const CHART_COLORS = ['#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#6366f1', '#ec4899', '#14b8a6'] as const;
/**
 * The slices of one donut, side by side: hues far apart, no two greens or two blues (issue 29,
 * item 8), each dark enough for a white label with its outline.
 */
export const DONUT_COLORS = ['#2563eb', '#059669', '#d97706', '#dc2626', '#7c3aed', '#db2777', '#475569', '#0891b2'] as const;

/**
 * A donut's slices: one per row while they fit the palette; past that, the largest rows and one slice
 * "Other" holding the rest, so that no two slices share a colour.
 */
export const donutSlices = <T extends { name: string; value: number }>(rows: readonly T[], colors = DONUT_COLORS.length): { name: string; value: number }[] => {
  if (rows.length <= colors) return rows.map(({ name, value }) => ({ name, value }));
  const sorted = [...rows].sort((a, b) => b.value - a.value);
  const kept = sorted.slice(0, colors - 1).map(({ name, value }) => ({ name, value }));
  const rest = sorted.slice(colors - 1).reduce((sum, r) => sum + r.value, 0);
  return [...kept, { name: 'Other', value: Math.round(rest * 100) / 100 }];
};

/** A `timeframe` query parameter: a whole number of days, 1 to 365, defaulting to `fallback`. */
export const timeframeDays = (fallback: number) =>
  z.coerce
    .number({ error: 'Timeframe must be a number of days' })
    .int('Timeframe must be a whole number of days')
    .min(1, 'Timeframe must be between 1 and 365 days')
    .max(365, 'Timeframe must be between 1 and 365 days')
    .default(fallback);

/** `?channel_id=`: one channel's figures (decision 053); left out, every channel's (a limited admin's: theirs). */
const channelFilter = channelFilterSchema.shape.channel_id;
export const analyticsQuerySchema = z.object({ timeframe: timeframeDays(DEFAULT_PERIOD_DAYS), channel_id: channelFilter });
export const revenueTrendsQuerySchema = z.object({
  timeframe: timeframeDays(REVENUE_TREND_DAYS),
  channel_id: channelFilter,
  granularity: z.enum(GRANULARITIES, { error: 'Granularity must be daily, weekly or monthly' }).default('daily'),
});

const money = z.number();

export const overviewReplySchema = z.object({
  timeframe: z.number(),
  overall_metrics: z.object({
    total_campaigns: z.number(),
    active_campaigns: z.number(),
    total_impressions: z.number(),
    total_spend: money,
    avg_cpm: money,
  }),
  summary: z.object({
    total_orders: z.number(),
    approved_orders: z.number(),
    total_revenue: money,
    avg_order_value: money,
    conversion_rate: z.number(),
    avg_campaign_days: z.number().nullable(),
  }),
  conversion_funnel: z.array(z.object({ status: z.string(), count: z.number(), percentage: z.number() })),
});
export type OverviewReply = z.infer<typeof overviewReplySchema>;

export const revenuePointSchema = z.object({ date: z.string(), revenue: money, approved_orders: z.number(), avg_order_value: money });
export type RevenuePoint = z.infer<typeof revenuePointSchema>;
export const revenueTrendsReplySchema = z.object({ timeframe: z.number(), granularity: z.enum(GRANULARITIES), revenue_trends: z.array(revenuePointSchema) });
export type RevenueTrendsReply = z.infer<typeof revenueTrendsReplySchema>;

export const performanceReplySchema = z.object({
  timeframe: z.number(),
  daypart_performance: z.array(z.object({ daypart_name: z.string(), total_revenue: money, order_count: z.number(), total_spots: z.number() })),
  brand_performance: z.array(
    z.object({ brand_name: z.string(), total_orders: z.number(), approved_orders: z.number(), total_revenue: money, avg_order_value: money }),
  ),
});
export type PerformanceReply = z.infer<typeof performanceReplySchema>;

export const budgetReplySchema = z.object({
  timeframe: z.number(),
  daypart_allocation: z.array(z.object({ daypart_name: z.string(), allocated_budget: money, percentage: z.number() })),
  monthly_trends: z.array(z.object({ month: z.string(), budgeted_amount: money, order_count: z.number() })),
});
export type BudgetReply = z.infer<typeof budgetReplySchema>;

export const TRENDS = ['up', 'down', 'stable'] as const;
/** How the forecast was made: nothing booked yet, the average week, a straight line, or last year's season (decisions 019, 025). */
export const FORECAST_MODELS = ['none', 'average', 'line', 'seasonal'] as const;
/** Year-over-year change, in percent, beyond which a seasonal forecast speaks of a trend (decision 025). */
export const SEASONAL_TREND_PERCENT = 5;
export const forecastReplySchema = z.object({
  historical_data: z.array(z.object({ week: z.string(), revenue: money })),
  forecast: z.array(
    z.object({
      week: z.string(),
      predicted_revenue: money,
      /** The 95 % prediction band (decision 019); null while the history is too short for a fit. */
      lower: money.nullable(),
      upper: money.nullable(),
    }),
  ),
  insights: z.object({
    trend: z.enum(TRENDS),
    message: z.string(),
    growth_rate: z.number(),
    /** Weeks from the first with booked revenue to this one: what the fit is made from. */
    history_weeks: z.number().int(),
    min_history_weeks: z.number().int(),
    enough_history: z.boolean(),
    /** The fit's residual standard error in dollars a week; null without a fit. */
    standard_error: z.number().nullable(),
    model: z.enum(FORECAST_MODELS),
  }),
});
export type ForecastReply = z.infer<typeof forecastReplySchema>;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The first day of the bucket a date falls in: the day, its week (Monday) or its month. */
export const bucketStart = (date: string, granularity: Granularity): string => {
  if (granularity === 'daily') return date;
  if (granularity === 'monthly') return `${date.slice(0, 7)}-01`;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
};

/** Every bucket start from the one holding `from` up to the one holding `to`, in order. */
export const bucketStarts = (from: string, to: string, granularity: Granularity): string[] => {
  const starts: string[] = [];
  let current = bucketStart(from, granularity);
  const last = bucketStart(to, granularity);
  while (current <= last) {
    starts.push(current);
    if (granularity === 'daily') current = addDays(current, 1);
    else if (granularity === 'weekly') current = addDays(current, 7);
    else {
      const d = new Date(`${current}T00:00:00Z`);
      current = isoDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
    }
  }
  return starts;
};

/** A full series: one point per bucket, zeros where nothing was booked. */
export const revenueSeries = (
  rows: readonly { date: string; revenue: number; orders: number }[],
  from: string,
  to: string,
  granularity: Granularity,
): RevenuePoint[] => {
  const totals = new Map<string, { revenue: number; orders: number }>();
  for (const row of rows) {
    const key = bucketStart(row.date, granularity);
    const sum = totals.get(key) ?? { revenue: 0, orders: 0 };
    totals.set(key, { revenue: sum.revenue + row.revenue, orders: sum.orders + row.orders });
  }
  return bucketStarts(from, to, granularity).map((date) => {
    const { revenue, orders } = totals.get(date) ?? { revenue: 0, orders: 0 };
    return { date, revenue: roundDollars(revenue), approved_orders: orders, avg_order_value: orders > 0 ? roundDollars(revenue / orders) : 0 };
  });
};

/** Counts per status in funnel order, with each one's share of all orders (percent, 1 decimal). */
export const conversionFunnel = (counts: Partial<Record<string, number>>) => {
  const total = Object.values(counts).reduce<number>((sum, n) => sum + (n ?? 0), 0);
  return FUNNEL_STATUSES.map((status) => {
    const count = counts[status] ?? 0;
    return { status, count, percentage: total > 0 ? Math.round((count / total) * 1000) / 10 : 0 };
  });
};

/**
 * A straight-line (least squares) forecast of weekly revenue (decision 019). The history counts from
 * the first week with booked revenue (the empty weeks before it are not data); with fewer than
 * FORECAST_MIN_HISTORY_WEEKS of it there is no trend: the forecast is the average week and the
 * message says so. Otherwise the next `weeks` weeks follow the fitted line with a 95 % prediction
 * band (lower, upper) from the fit's standard error, never below zero; growth_rate is the fitted
 * weekly change as a percent of the average week, and a trend is claimed only when the slope's
 * 95 % interval excludes zero.
 *
 * With a year of history before the shown weeks (`season`), the forecast follows last year's same
 * weeks instead (decision 025): see seasonalForecast.
 */
export const forecastRevenue = (
  history: readonly { week: string; revenue: number }[],
  weeks = FORECAST_WEEKS,
  /** Whose money it is: the station's revenue (admins) or an advertiser's own spend. */
  audience: 'station' | 'advertiser' = 'station',
  season?: SeasonInput,
): Omit<ForecastReply, 'historical_data'> => {
  const noun = audience === 'station' ? 'Revenue' : 'Your spend';
  const first = history.findIndex((h) => h.revenue > 0);
  const lastWeek = history.at(-1)?.week;
  const used = first < 0 ? [] : history.slice(first).map((h) => h.revenue);
  const n = used.length;
  const base = { history_weeks: n, min_history_weeks: FORECAST_MIN_HISTORY_WEEKS, standard_error: null, enough_history: false };
  if (lastWeek && season?.bookedBefore) {
    const seasonal = seasonalForecast(history, weeks, noun, season.yearAgo);
    if (seasonal) return seasonal;
  }
  if (n === 0 || !lastWeek) {
    return { forecast: [], insights: { trend: 'stable', message: 'Not enough booked orders yet to see a trend.', growth_rate: 0, ...base, model: 'none' } };
  }
  const mean = used.reduce((sum, y) => sum + y, 0) / n;
  if (n < FORECAST_MIN_HISTORY_WEEKS) {
    const flat = roundDollars(mean);
    return {
      forecast: Array.from({ length: weeks }, (_, i) => ({ week: addDays(lastWeek, 7 * (i + 1)), predicted_revenue: flat, lower: null, upper: null })),
      insights: {
        trend: 'stable',
        message: `Too little history for a trend: ${n === 1 ? '1 week' : `${n} weeks`} of booked orders so far, and a forecast needs at least ${FORECAST_MIN_HISTORY_WEEKS}. Until then it shows the average week.`,
        growth_rate: 0,
        ...base,
        model: 'average',
      },
    };
  }
  const fit = fitLine(used);
  const forecast = Array.from({ length: weeks }, (_, i) => {
    const { value, lower, upper } = predictAt(fit, n + i);
    return {
      week: addDays(lastWeek, 7 * (i + 1)),
      predicted_revenue: roundDollars(Math.max(0, value)),
      lower: roundDollars(Math.max(0, lower)),
      upper: roundDollars(Math.max(0, upper)),
    };
  });
  const growth = mean > 0 ? Math.round((fit.slope / mean) * 1000) / 10 : 0;
  const clear = slopeIsClear(fit);
  const trend = clear && growth > 2 ? 'up' : clear && growth < -2 ? 'down' : 'stable';
  const weeksText = `over ${n} weeks`;
  const message =
    trend === 'up'
      ? `${noun} is growing about ${growth}% a week ${weeksText}${audience === 'station' ? '; expect busier weeks ahead' : ''}.`
      : trend === 'down'
        ? `${noun} is falling about ${Math.abs(growth)}% a week ${weeksText}${audience === 'station' ? '; consider a promotion' : ''}.`
        : clear || Math.abs(growth) <= 2
          ? `${noun} is steady week to week ${weeksText}.`
          : `${noun} moves week to week without a clear trend ${weeksText}.`;
  const insights = { ...base, enough_history: true, standard_error: roundDollars(fit.standardError), model: 'line' as const };
  return { forecast, insights: { ...insights, trend, message, growth_rate: growth } };
};

/** Last year's weeks beside the shown ones, for the seasonal forecast. */
export interface SeasonInput {
  /** Weekly revenue 52 weeks before each shown week and each forecast week: history.length + weeks values. */
  yearAgo: readonly number[];
  /** Whether anything was booked before the first of those weeks: only then is last year a season, not a start-up. */
  bookedBefore: boolean;
}

/**
 * Next weeks = last year's same weeks × (this year's finished shown weeks ÷ the same weeks last
 * year), with a 95 % band from how far the shown weeks stray from that ratio (decision 025).
 * growth_rate is then the year-over-year change in percent. Null when last year has nothing to scale.
 */
const seasonalForecast = (
  history: readonly { week: string; revenue: number }[],
  weeks: number,
  noun: string,
  yearAgo: readonly number[],
): Omit<ForecastReply, 'historical_data'> | null => {
  if (yearAgo.length < history.length + weeks) return null;
  const fit = fitSeason(
    history.map((h) => h.revenue),
    yearAgo.slice(0, history.length),
  );
  if (!fit) return null;
  const lastWeek = history.at(-1)!.week;
  const forecast = Array.from({ length: weeks }, (_, i) => {
    const { value, lower, upper } = predictSeason(fit, yearAgo[history.length + i]!);
    return {
      week: addDays(lastWeek, 7 * (i + 1)),
      predicted_revenue: roundDollars(Math.max(0, value)),
      lower: roundDollars(Math.max(0, lower)),
      upper: roundDollars(Math.max(0, upper)),
    };
  });
  const growth = Math.round((fit.ratio - 1) * 1000) / 10;
  const trend = growth > SEASONAL_TREND_PERCENT ? 'up' : growth < -SEASONAL_TREND_PERCENT ? 'down' : 'stable';
  const against = `the same ${fit.compared} weeks last year`;
  const message =
    trend === 'stable'
      ? `${noun} is in line with ${against}; the forecast follows last year's season.`
      : `${noun} is running ${Math.abs(growth)}% ${trend === 'up' ? 'above' : 'below'} ${against}; the forecast follows last year's season.`;
  return {
    forecast,
    insights: {
      trend,
      message,
      growth_rate: growth,
      history_weeks: history.length + 52,
      min_history_weeks: FORECAST_MIN_HISTORY_WEEKS,
      enough_history: true,
      standard_error: roundDollars(fit.standardError),
      model: 'seasonal',
    },
  };
};

const BY_BUCKET: Record<Granularity, string> = { daily: 'by day', weekly: 'by week', monthly: 'by month' };

/**
 * What the revenue trend's card says of its window (issue 44). The spec fixes the trend at 90 days
 * whatever the Period (decision 033), so the card names both: the Period's part of the 90 days is
 * shaded on the chart (`periodStart`), or the card says the trend shows only the Period's latest 90.
 */
export const trendWindowNote = (periodDays: number, granularity: Granularity): string => {
  const window = `Last ${REVENUE_TREND_DAYS} days ${BY_BUCKET[granularity]}`;
  if (periodDays < REVENUE_TREND_DAYS) return `${window}; the shaded part is the Period, the last ${periodDays} days`;
  if (periodDays === REVENUE_TREND_DAYS) return `${window}: the Period`;
  return `${window}: the latest part of the Period's ${periodDays} days`;
};

/** The first bucket of the trend inside the Period (null when the Period covers the whole trend). */
export const periodStart = (today: string, periodDays: number, granularity: Granularity): string | null =>
  periodDays >= REVENUE_TREND_DAYS ? null : bucketStart(addDays(today, -(periodDays - 1)), granularity);
