import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Estimate, EstimateCreateInput, EstimateDetail, EstimateStats, EstimateUpdateInput } from '../../domain/estimate-schemas';
import type { OrderStatus } from '../../domain/orders';
import { apiRequest } from './client';

export interface EstimateListFilter {
  status?: OrderStatus;
  exclude_status?: readonly OrderStatus[];
  brand_id?: string;
  search?: string;
  /** How many of the newest orders (the server's default is 200). */
  limit?: number;
}

export const estimateKeys = {
  all: ['estimates'] as const,
  list: (filter: EstimateListFilter = {}) => ['estimates', 'list', filter] as const,
  detail: (id: string) => ['estimates', 'detail', id] as const,
  stats: ['estimates', 'stats'] as const,
  pending: ['estimates', 'pending'] as const,
};

const listQuery = (filter: EstimateListFilter): string => {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  for (const status of filter.exclude_status ?? []) params.append('exclude_status', status);
  if (filter.brand_id) params.set('brand_id', filter.brand_id);
  if (filter.search) params.set('search', filter.search);
  if (filter.limit) params.set('limit', String(filter.limit));
  const query = params.toString();
  return query ? `?${query}` : '';
};

export const fetchEstimates = (filter: EstimateListFilter = {}, signal?: AbortSignal) =>
  apiRequest<Estimate[]>(`/estimates${listQuery(filter)}`, { signal });
export const fetchEstimate = (id: string, signal?: AbortSignal) => apiRequest<EstimateDetail>(`/estimates/${encodeURIComponent(id)}`, { signal });
export const fetchEstimateStats = (signal?: AbortSignal) => apiRequest<EstimateStats>('/estimates/stats/dashboard', { signal });
export const fetchPendingEstimates = (signal?: AbortSignal) => apiRequest<Estimate[]>('/estimates/pending', { signal });

export const createEstimate = (body: EstimateCreateInput = {}) => apiRequest<EstimateDetail>('/estimates', { method: 'POST', body });
export const updateEstimate = (id: string, body: EstimateUpdateInput, { keepalive = false } = {}) =>
  apiRequest<Estimate>(`/estimates/${encodeURIComponent(id)}`, { method: 'PUT', body, keepalive });
export const deleteEstimate = (id: string) => apiRequest<{ message: string }>(`/estimates/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The owner takes a submitted, not yet reviewed order back to draft (decision 018). */
export const withdrawEstimate = (id: string) => apiRequest<EstimateDetail>(`/estimates/${encodeURIComponent(id)}/withdraw`, { method: 'POST' });

export type ReviewAction = 'approve' | 'reject' | 'modify';
export const reviewEstimate = (id: string, action: ReviewAction, notes?: string) =>
  apiRequest<Estimate>(`/estimates/${encodeURIComponent(id)}/${action}`, { method: 'PATCH', body: { notes: notes || null } });

export const useEstimates = (filter: EstimateListFilter = {}) =>
  useQuery({ queryKey: estimateKeys.list(filter), queryFn: ({ signal }) => fetchEstimates(filter, signal) });
export const useEstimate = (id: string) => useQuery({ queryKey: estimateKeys.detail(id), queryFn: ({ signal }) => fetchEstimate(id, signal) });
export const useEstimateStats = () => useQuery({ queryKey: estimateKeys.stats, queryFn: ({ signal }) => fetchEstimateStats(signal) });
export const usePendingEstimates = () => useQuery({ queryKey: estimateKeys.pending, queryFn: ({ signal }) => fetchPendingEstimates(signal) });

/** Any change to an order refreshes every estimate query (lists, detail, stats). */
const useEstimateMutation = <TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: estimateKeys.all }) });
};

export const useCreateEstimate = () => useEstimateMutation((body: EstimateCreateInput) => createEstimate(body));
export const useUpdateEstimate = () => useEstimateMutation(({ id, body }: { id: string; body: EstimateUpdateInput }) => updateEstimate(id, body));
/** The deleted order's own entry is dropped, not asked for again (it would answer 404). */
export const useDeleteEstimate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteEstimate(id),
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: estimateKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: estimateKeys.all });
    },
  });
};
export const useWithdrawEstimate = () => useEstimateMutation((id: string) => withdrawEstimate(id));
export const useReviewEstimate = () =>
  useEstimateMutation(({ id, action, notes }: { id: string; action: ReviewAction; notes?: string }) => reviewEstimate(id, action, notes));
