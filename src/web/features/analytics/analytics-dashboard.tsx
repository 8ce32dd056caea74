import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ANALYTICS_PERIODS, DEFAULT_PERIOD_DAYS, GRANULARITIES, type Granularity } from '../../../domain/analytics';
import { analyticsKeys, useAnalyticsOverview, useBudgetAnalysis, useForecast, usePerformanceMetrics, useRevenueTrends } from '../../api/analytics';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { SelectField } from '../../ui/form-fields';
import { NewOrderButton } from '../orders/new-order-button';
import { BudgetByDaypart, MonthlyBudgetTrends } from './budget-charts';
import { ConversionFunnel } from './conversion-funnel';
import { useDashboardWords } from './dashboard-words';
import { DaypartPerformanceChart } from './daypart-performance-chart';
import { FirstSteps, useFirstSteps } from './first-steps';
import { MyCampaigns } from './my-campaigns';
import { RevenueForecastChart } from './revenue-forecast-chart';
import { RevenueTrendChart } from './revenue-trend-chart';
import { SummaryCards } from './summary-cards';
import { TopBrands } from './top-brands';

const GRANULARITY_LABELS: Record<Granularity, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

/**
 * The analytics dashboard: the five data sets load on opening and again whenever the period or
 * the granularity changes (each change is a new query); Refresh asks for all five again.
 */
export const AnalyticsDashboard = () => {
  const [period, setPeriod] = useState<number>(DEFAULT_PERIOD_DAYS);
  const [granularity, setGranularity] = useState<Granularity>('daily');
  const queryClient = useQueryClient();
  const overview = useAnalyticsOverview(period);
  const trends = useRevenueTrends(granularity);
  const performance = usePerformanceMetrics(period);
  const budget = useBudgetAnalysis(period);
  const forecast = useForecast();
  const queries = [overview, trends, performance, budget, forecast];
  const initialLoading = queries.some((q) => q.isPending);
  const fetching = useIsFetching({ queryKey: analyticsKeys.all }) > 0;
  const refreshing = fetching && !initialLoading;
  const words = useDashboardWords();
  const advertiser = words.audience === 'advertiser';
  const firstSteps = useFirstSteps(advertiser);
  const showFirstSteps = advertiser && !firstSteps.loading && !firstSteps.hasSubmittedOrder;
  const state = <T,>(q: { data: T | undefined; isPending: boolean; isError: boolean }) => ({
    data: q.data,
    loading: q.isPending,
    error: q.isError && q.data === undefined,
  });

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <SelectField label="Period" value={period} onChange={(e) => setPeriod(Number(e.target.value))} className="sm:w-44">
          {ANALYTICS_PERIODS.map((days) => (
            <option key={days} value={days}>
              Last {days} days
            </option>
          ))}
        </SelectField>
        <SelectField label="Granularity" value={granularity} onChange={(e) => setGranularity(e.target.value as Granularity)} className="sm:w-44">
          {GRANULARITIES.map((g) => (
            <option key={g} value={g}>
              {GRANULARITY_LABELS[g]}
            </option>
          ))}
        </SelectField>
        <div className="flex gap-2 sm:ml-auto">
          <Button
            variant="secondary"
            loading={refreshing}
            disabled={initialLoading}
            onClick={() => void queryClient.refetchQueries({ queryKey: analyticsKeys.all, type: 'active' })}
          >
            {refreshing ? 'Refreshing…' : 'Refresh'}
          </Button>
          <NewOrderButton />
        </div>
      </div>

      {initialLoading && (
        <p className="flex items-center gap-2 text-sm text-slate-500" role="status">
          <Spinner className="size-4" /> Loading analytics…
        </p>
      )}

      {showFirstSteps ? (
        <FirstSteps state={firstSteps} />
      ) : (
        <>
          <SummaryCards overview={overview.data} />

          <div className="grid gap-4 lg:grid-cols-3">
            {advertiser && <MyCampaigns />}
            <RevenueTrendChart {...state(trends)} period={period} />
            <ConversionFunnel overview={overview.data} loading={overview.isPending} error={overview.isError && !overview.data} />
            <TopBrands {...state(performance)} />
            <DaypartPerformanceChart {...state(performance)} />
            <BudgetByDaypart {...state(budget)} />
            <MonthlyBudgetTrends {...state(budget)} />
            <RevenueForecastChart {...state(forecast)} />
          </div>
        </>
      )}
    </div>
  );
};
