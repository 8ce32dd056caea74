import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { stationToday } from '../../shared/station-time';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { DEFAULT_RECONCILIATION_DAYS, PENDING_PAGE_SIZE_ON_SCREEN, type PendingCampaign } from '../../../domain/reconciliation';
import { reconciliationKeys, useExportVarianceReport, usePendingReconciliation, useReconciliationDashboard } from '../../api/reconciliation';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner } from '../../ui/spinner';
import { BrandVarianceChart } from './brand-variance-chart';
import { PendingTable } from './pending-table';
import { ReconcileModal } from './reconcile-modal';
import { ReconciliationControls } from './reconciliation-controls';
import { ReconciliationError } from './reconciliation-error';
import { ReconciliationKpis } from './reconciliation-kpis';
import { RECONCILIATION_TOASTS } from './reconciliation-messages';
import { VarianceTrendChart } from './variance-trend-chart';

/**
 * Reconciliation: the variance KPIs and charts of the period, the campaigns awaiting actuals with
 * Reconcile, and the CSV export. The period drives the dashboard and the export; the brand filters all.
 */
export const ReconciliationDashboard = () => {
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<number>(DEFAULT_RECONCILIATION_DAYS);
  const [brandId, setBrandId] = useState('');
  const [page, setPage] = useState(1);
  const [reconciling, setReconciling] = useState<PendingCampaign | null>(null);
  const dashboard = useReconciliationDashboard(period, brandId);
  const pending = usePendingReconciliation(page, PENDING_PAGE_SIZE_ON_SCREEN, brandId);
  const exportReport = useExportVarianceReport();

  const initialLoading = dashboard.isPending || pending.isPending;
  const fetching = useIsFetching({ queryKey: reconciliationKeys.all }) > 0;
  const refreshing = fetching && !initialLoading;
  const failed = dashboard.isError || pending.isError;
  const error = dashboard.error ?? pending.error;

  useEffect(() => {
    if (failed) toast.error(RECONCILIATION_TOASTS.loadFailed, { id: 'reconciliation-load' });
  }, [failed]);

  // The last page may empty after reconciling its only campaign: step back to the last page there is.
  // (Adjusted while rendering, as React recommends over an effect.)
  const lastPage = pending.data && !pending.isPlaceholderData ? Math.max(1, pending.data.pagination.totalPages) : null;
  if (lastPage !== null && page > lastPage) setPage(lastPage);

  const refresh = () => void queryClient.refetchQueries({ queryKey: reconciliationKeys.all, type: 'active' });
  const retry = () => {
    if (dashboard.isError) void dashboard.refetch();
    if (pending.isError) void pending.refetch();
  };
  const onExport = () =>
    exportReport.mutate(
      { timeframe: period, brandId, today: stationToday() },
      {
        onSuccess: () => toast.success(RECONCILIATION_TOASTS.exported),
        onError: () => toast.error(RECONCILIATION_TOASTS.exportFailed),
      },
    );

  return (
    <>
      <PageHeader title="Reconciliation" description="Compare actual against projected spend and impressions." />
      <div className="space-y-6">
        <ReconciliationControls
          period={period}
          onPeriod={setPeriod}
          brandId={brandId}
          onBrand={(id) => {
            setBrandId(id);
            setPage(1);
          }}
          refreshing={refreshing}
          onRefresh={refresh}
          exporting={exportReport.isPending}
          onExport={onExport}
          disabled={initialLoading}
        />

        {failed ? (
          <ReconciliationError error={error} retrying={fetching} onRetry={retry} />
        ) : initialLoading ? (
          <PageSpinner label="Loading reconciliation data…" />
        ) : (
          <>
            <ReconciliationKpis dashboard={dashboard.data} />
            <div className="grid gap-4 lg:grid-cols-2">
              <VarianceTrendChart dashboard={dashboard.data} />
              <BrandVarianceChart dashboard={dashboard.data} />
            </div>
            <PendingTable reply={pending.data} updating={pending.isPlaceholderData} onPage={setPage} onReconcile={setReconciling} />
          </>
        )}
      </div>
      <ReconcileModal campaign={reconciling} onClose={() => setReconciling(null)} />
    </>
  );
};
