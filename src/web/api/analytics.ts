import { useQuery } from '@tanstack/react-query';
import type { Granularity } from '../../domain/analytics';
import { REVENUE_TREND_DAYS } from '../../domain/analytics';
import { api } from './typed';

export const analyticsKeys = {
  all: ['analytics'] as const,
  overview: (timeframe: number) => ['analytics', 'overview', timeframe] as const,
  trends: (granularity: Granularity) => ['analytics', 'trends', granularity] as const,
  performance: (timeframe: number) => ['analytics', 'performance', timeframe] as const,
  budget: (timeframe: number) => ['analytics', 'budget', timeframe] as const,
  forecast: ['analytics', 'forecast'] as const,
};

export const useAnalyticsOverview = (timeframe: number) =>
  useQuery({
    queryKey: analyticsKeys.overview(timeframe),
    queryFn: ({ signal }) => api.get('/api/analytics/dashboard/overview', { query: { timeframe }, signal }),
  });

/** Always the last 90 days (the specification's fixed window), at the chosen granularity. */
export const useRevenueTrends = (granularity: Granularity) =>
  useQuery({
    queryKey: analyticsKeys.trends(granularity),
    queryFn: ({ signal }) => api.get('/api/analytics/revenue/trends', { query: { timeframe: REVENUE_TREND_DAYS, granularity }, signal }),
  });

export const usePerformanceMetrics = (timeframe: number) =>
  useQuery({
    queryKey: analyticsKeys.performance(timeframe),
    queryFn: ({ signal }) => api.get('/api/analytics/performance/metrics', { query: { timeframe }, signal }),
  });

export const useBudgetAnalysis = (timeframe: number) =>
  useQuery({ queryKey: analyticsKeys.budget(timeframe), queryFn: ({ signal }) => api.get('/api/analytics/budget/analysis', { query: { timeframe }, signal }) });

export const useForecast = () =>
  useQuery({ queryKey: analyticsKeys.forecast, queryFn: ({ signal }) => api.get('/api/analytics/forecast/predictions', { signal }) });
