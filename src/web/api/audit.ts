import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest, downloadFile } from './client';
import { api, type ReplyOf } from './typed';

export interface AuditFilters {
  entity: string;
  action: string;
  actor: string;
  date_from: string;
  date_to: string;
}

const queryOf = (filters: AuditFilters, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) if (value.trim()) params.set(key, value.trim());
  return params.toString();
};

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters) => ['audit', 'list', filters] as const,
  timeline: (orderId: string) => ['audit', 'timeline', orderId] as const,
};

/** Newest first; each further page starts below the last event shown. */
export const useAuditEvents = (filters: AuditFilters) =>
  useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => // The filters are the form's free text; the server refuses an unknown entity or action.
      apiRequest<ReplyOf<'/api/audit', 'get'>>(`/audit?${queryOf(filters, pageParam ? { cursor: String(pageParam) } : {})}`, { signal }),
    getNextPageParam: (last) => last.next_cursor,
  });

export const downloadAuditCsv = (filters: AuditFilters) => downloadFile(`/audit/export?${queryOf(filters)}`, { accept: 'text/csv', fallbackName: 'audit.csv' });

export const useOrderTimeline = (orderId: string) =>
  useQuery({ queryKey: auditKeys.timeline(orderId), queryFn: ({ signal }) => api.get('/api/estimates/{id}/timeline', { path: { id: orderId }, signal }) });
