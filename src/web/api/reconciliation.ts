import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReconcileInput } from '../../domain/reconciliation';
import { downloadFile } from './client';
import { api, fileUrl } from './typed';

/** `brandId` is '' for all brands. */
export const reconciliationKeys = {
  all: ['reconciliation'] as const,
  dashboard: (timeframe: number, brandId: string) => ['reconciliation', 'dashboard', { timeframe, brandId }] as const,
  pending: (page: number, limit: number, brandId: string) => ['reconciliation', 'pending', { page, limit, brandId }] as const,
};

export const fetchReconciliationDashboard = (timeframe: number, brandId: string, signal?: AbortSignal) =>
  api.get('/api/reconciliation/dashboard', { query: { timeframe, brand_id: brandId || undefined }, signal });

export const fetchPendingReconciliation = (page: number, limit: number, brandId: string, signal?: AbortSignal) =>
  api.get('/api/reconciliation/pending', { query: { page, limit, brand_id: brandId || undefined }, signal });

export const reconcileCampaign = (id: string, body: ReconcileInput) => api.put('/api/reconciliation/reconcile/{id}', { path: { id }, body });

/** Fetches the variance report as CSV with the bearer token and saves it as a file. */
export const downloadVarianceReport = ({
  timeframe,
  brandId,
  today,
}: {
  timeframe: number;
  brandId: string;
  /** The station's date, for the file name. */ today: string;
}): Promise<void> =>
  downloadFile(fileUrl('/api/reconciliation/export/variance', { query: { timeframe, format: 'csv', brand_id: brandId || undefined } }), {
    accept: 'text/csv',
    fallbackName: `reconciliation-variance-${today}.csv`,
  });

export const useReconciliationDashboard = (timeframe: number, brandId: string) =>
  useQuery({
    queryKey: reconciliationKeys.dashboard(timeframe, brandId),
    queryFn: ({ signal }) => fetchReconciliationDashboard(timeframe, brandId, signal),
    placeholderData: keepPreviousData,
  });

/** The table keeps showing the previous page while the next one loads. */
export const usePendingReconciliation = (page: number, limit: number, brandId: string) =>
  useQuery({
    queryKey: reconciliationKeys.pending(page, limit, brandId),
    queryFn: ({ signal }) => fetchPendingReconciliation(page, limit, brandId, signal),
    placeholderData: keepPreviousData,
  });

/** Reconciling refreshes every reconciliation query: the dashboard's figures and the pending list. */
export const useReconcileCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReconcileInput }) => reconcileCampaign(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.all }),
  });
};

export const useExportVarianceReport = () => useMutation({ mutationFn: downloadVarianceReport });
