import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignStats, PerformanceHistory, RealtimePerformance, SimulateImpressionReply } from '../../domain/campaign-schemas';
import type { CampaignStatusChange, DisplayStatus } from '../../domain/campaigns';
import { apiRequest } from './client';

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

const at = (id: string) => `/campaigns/${encodeURIComponent(id)}`;

const listQuery = (filter: CampaignListFilter): string => {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.brand_id) params.set('brand_id', filter.brand_id);
  const query = params.toString();
  return query ? `?${query}` : '';
};

export const fetchCampaigns = (filter: CampaignListFilter = {}, signal?: AbortSignal) => apiRequest<Campaign[]>(`/campaigns${listQuery(filter)}`, { signal });
export const fetchCampaign = (id: string, signal?: AbortSignal) => apiRequest<Campaign>(at(id), { signal });
export const fetchCampaignStats = (signal?: AbortSignal) => apiRequest<CampaignStats>('/campaigns/stats/dashboard', { signal });
export const fetchRealtimePerformance = (id: string, signal?: AbortSignal) => apiRequest<RealtimePerformance>(`${at(id)}/performance/realtime`, { signal });
export const fetchPerformanceHistory = (id: string, days: number, signal?: AbortSignal) =>
  apiRequest<PerformanceHistory>(`${at(id)}/performance/history?days=${days}`, { signal });

export const setCampaignStatus = (id: string, status: CampaignStatusChange) => apiRequest<Campaign>(`${at(id)}/status`, { method: 'PATCH', body: { status } });
export const simulateImpression = (id: string) => apiRequest<SimulateImpressionReply>(`${at(id)}/simulate-impression`, { method: 'POST' });

export const useCampaigns = (filter: CampaignListFilter = {}) =>
  useQuery({ queryKey: campaignKeys.list(filter), queryFn: ({ signal }) => fetchCampaigns(filter, signal), placeholderData: (previous) => previous });
export const useCampaign = (id: string) => useQuery({ queryKey: campaignKeys.detail(id), queryFn: ({ signal }) => fetchCampaign(id, signal), retry: false });
export const useCampaignStats = () => useQuery({ queryKey: campaignKeys.stats, queryFn: ({ signal }) => fetchCampaignStats(signal) });

/** The live totals; polled every `refreshMs` while given (an active campaign), read once otherwise. */
export const useRealtimePerformance = (id: string, refreshMs?: number) =>
  useQuery({ queryKey: campaignKeys.realtime(id), queryFn: ({ signal }) => fetchRealtimePerformance(id, signal), refetchInterval: refreshMs ?? false });

export const usePerformanceHistory = (id: string, days: number, refreshMs?: number) =>
  useQuery({ queryKey: campaignKeys.history(id, days), queryFn: ({ signal }) => fetchPerformanceHistory(id, days, signal), refetchInterval: refreshMs ?? false });

/** Any change to a campaign refreshes every campaign query (lists, detail, figures, stats). */
const useCampaignMutation = <TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }) });
};

export const useSetCampaignStatus = () => useCampaignMutation(({ id, status }: { id: string; status: CampaignStatusChange }) => setCampaignStatus(id, status));
export const useSimulateImpression = () => useCampaignMutation((id: string) => simulateImpression(id));
