import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignStatusChange, DisplayStatus } from '../../domain/campaigns';
import { api } from './typed';

export interface CampaignListFilter {
  status?: DisplayStatus;
  brand_id?: string;
}

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (filter: CampaignListFilter = {}) => ['campaigns', 'list', filter] as const,
  detail: (id: string) => ['campaigns', 'detail', id] as const,
  realtime: (id: string) => ['campaigns', 'realtime', id] as const,
  history: (id: string, days: number) => ['campaigns', 'history', id, days] as const,
  stats: ['campaigns', 'stats'] as const,
};

/** Only the filters that are set reach the query string. */
const listQuery = (filter: CampaignListFilter) => ({ status: filter.status || undefined, brand_id: filter.brand_id || undefined });

export const fetchCampaigns = (filter: CampaignListFilter = {}, signal?: AbortSignal) => api.get('/api/campaigns', { query: listQuery(filter), signal });
export const fetchCampaign = (id: string, signal?: AbortSignal) => api.get('/api/campaigns/{id}', { path: { id }, signal });
export const fetchCampaignStats = (signal?: AbortSignal) => api.get('/api/campaigns/stats/dashboard', { signal });
export const fetchRealtimePerformance = (id: string, signal?: AbortSignal) => api.get('/api/campaigns/{id}/performance/realtime', { path: { id }, signal });
export const fetchPerformanceHistory = (id: string, days: number, signal?: AbortSignal) =>
  api.get('/api/campaigns/{id}/performance/history', { path: { id }, query: { days }, signal });

export const setCampaignStatus = (id: string, status: CampaignStatusChange) => api.patch('/api/campaigns/{id}/status', { path: { id }, body: { status } });
export const simulateImpression = (id: string) => api.post('/api/campaigns/{id}/simulate-impression', { path: { id } });

export const useCampaigns = (filter: CampaignListFilter = {}) =>
  useQuery({ queryKey: campaignKeys.list(filter), queryFn: ({ signal }) => fetchCampaigns(filter, signal), placeholderData: (previous) => previous });
export const useCampaign = (id: string) => useQuery({ queryKey: campaignKeys.detail(id), queryFn: ({ signal }) => fetchCampaign(id, signal), retry: false });
export const useCampaignStats = () => useQuery({ queryKey: campaignKeys.stats, queryFn: ({ signal }) => fetchCampaignStats(signal) });

/** The live totals; polled every `refreshMs` while given (an active campaign), read once otherwise. */
export const useRealtimePerformance = (id: string, refreshMs?: number) =>
  useQuery({ queryKey: campaignKeys.realtime(id), queryFn: ({ signal }) => fetchRealtimePerformance(id, signal), refetchInterval: refreshMs ?? false });

export const usePerformanceHistory = (id: string, days: number, refreshMs?: number) =>
  useQuery({
    queryKey: campaignKeys.history(id, days),
    queryFn: ({ signal }) => fetchPerformanceHistory(id, days, signal),
    refetchInterval: refreshMs ?? false,
  });

/** Any change to a campaign refreshes every campaign query (lists, detail, figures, stats). */
const useCampaignMutation = <TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }) });
};

export const useSetCampaignStatus = () => useCampaignMutation(({ id, status }: { id: string; status: CampaignStatusChange }) => setCampaignStatus(id, status));
export const useSimulateImpression = () => useCampaignMutation((id: string) => simulateImpression(id));
