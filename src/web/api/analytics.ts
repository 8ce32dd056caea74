import { useQuery } from '@tanstack/react-query';
import type { BudgetReply, ForecastReply, Granularity, OverviewReply, PerformanceReply, RevenueTrendsReply } from '../../domain/analytics';
import { REVENUE_TREND_DAYS } from '../../domain/analytics';
import { apiRequest } from './client';

export const analyticsKeys = {
  all: ['analytics'] as const,
  overview: (timeframe: number) => ['analytics', 'overview', timeframe] as const,
  trends: (granularity: Granularity) => ['analytics', 'trends', granularity] as const,
  performance: (timeframe: number) => ['analytics', 'performance', timeframe] as const,
  budget: (timeframe: number) => ['analytics', 'budget', timeframe] as const,
  forecast: ['analytics', 'forecast'] as const,
};

const get = <T>(path: string, signal?: AbortSignal) => apiRequest<T>(`/analytics/${path}`, { signal });

export const useAnalyticsOverview = (timeframe: number) =>
  useQuery({ queryKey: analyticsKeys.overview(timeframe), queryFn: ({ signal }) => get<OverviewReply>(`dashboard/overview?timeframe=${timeframe}`, signal) });

/** Always the last 90 days (the specification's fixed window), at the chosen granularity. */
export const useRevenueTrends = (granularity: Granularity) =>
  useQuery({
    queryKey: analyticsKeys.trends(granularity),
    queryFn: ({ signal }) => get<RevenueTrendsReply>(`revenue/trends?timeframe=${REVENUE_TREND_DAYS}&granularity=${granularity}`, signal),
  });

export const usePerformanceMetrics = (timeframe: number) =>
  useQuery({ queryKey: analyticsKeys.performance(timeframe), queryFn: ({ signal }) => get<PerformanceReply>(`performance/metrics?timeframe=${timeframe}`, signal) });

export const useBudgetAnalysis = (timeframe: number) =>
  useQuery({ queryKey: analyticsKeys.budget(timeframe), queryFn: ({ signal }) => get<BudgetReply>(`budget/analysis?timeframe=${timeframe}`, signal) });

export const useForecast = () => useQuery({ queryKey: analyticsKeys.forecast, queryFn: ({ signal }) => get<ForecastReply>('forecast/predictions', signal) });
