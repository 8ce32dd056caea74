import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type QueryOf } from './typed';

/** The list's filters, as the contract takes them (the server's default limit is 200 newest orders). */
export type EstimateListFilter = Pick<QueryOf<'/api/estimates', 'get'>, 'status' | 'exclude_status' | 'brand_id' | 'search' | 'limit'>;
export type EstimateCreateBody = BodyOf<'/api/estimates', 'post'>;
export type EstimateUpdateBody = BodyOf<'/api/estimates/{id}', 'put'>;

export const estimateKeys = {
  all: ['estimates'] as const,
  list: (filter: EstimateListFilter = {}) => ['estimates', 'list', filter] as const,
  detail: (id: string) => ['estimates', 'detail', id] as const,
  stats: ['estimates', 'stats'] as const,
  pending: ['estimates', 'pending'] as const,
};

/** Only the filters that are set reach the query string (an empty search, a zero limit are none). */
const listQuery = (filter: EstimateListFilter): EstimateListFilter => ({ ...filter, search: filter.search || undefined, limit: filter.limit || undefined });

export const fetchEstimates = (filter: EstimateListFilter = {}, signal?: AbortSignal) => api.get('/api/estimates', { query: listQuery(filter), signal });
export const fetchEstimate = (id: string, signal?: AbortSignal) => api.get('/api/estimates/{id}', { path: { id }, signal });
export const fetchEstimateStats = (signal?: AbortSignal) => api.get('/api/estimates/stats/dashboard', { signal });

export const createEstimate = (body: EstimateCreateBody = {}) => api.post('/api/estimates', { body });
export const updateEstimate = (id: string, body: EstimateUpdateBody, { keepalive = false } = {}) =>
  api.put('/api/estimates/{id}', { path: { id }, body, keepalive });
export const deleteEstimate = (id: string) => api.delete('/api/estimates/{id}', { path: { id } });

/** The owner takes a submitted, not yet reviewed order back to draft (decision 018). */
export const withdrawEstimate = (id: string) => api.post('/api/estimates/{id}/withdraw', { path: { id } });

const REVIEW_PATHS = { approve: '/api/estimates/{id}/approve', reject: '/api/estimates/{id}/reject', modify: '/api/estimates/{id}/modify' } as const;
export type ReviewAction = keyof typeof REVIEW_PATHS;
export const reviewEstimate = (id: string, action: ReviewAction, notes?: string) =>
  api.patch(REVIEW_PATHS[action], { path: { id }, body: { notes: notes || null } });

export const useEstimates = (filter: EstimateListFilter = {}) =>
  useQuery({ queryKey: estimateKeys.list(filter), queryFn: ({ signal }) => fetchEstimates(filter, signal) });
export const useEstimate = (id: string) => useQuery({ queryKey: estimateKeys.detail(id), queryFn: ({ signal }) => fetchEstimate(id, signal) });
export const useEstimateStats = () => useQuery({ queryKey: estimateKeys.stats, queryFn: ({ signal }) => fetchEstimateStats(signal) });

/** Any change to an order refreshes every estimate query (lists, detail, stats). */
const useEstimateMutation = <TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: estimateKeys.all }) });
};

export const useCreateEstimate = () => useEstimateMutation((body: EstimateCreateBody) => createEstimate(body));
export const useUpdateEstimate = () => useEstimateMutation(({ id, body }: { id: string; body: EstimateUpdateBody }) => updateEstimate(id, body));
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
