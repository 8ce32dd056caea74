import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { downloadFile } from './client';
import { api, fileUrl, type QueryOf } from './typed';

type AuditQuery = QueryOf<'/api/audit', 'get'>;
/** The screen's filters: each the contract's parameter, or '' for none. */
export type AuditFilters = { [K in 'entity' | 'action' | 'actor' | 'api_key_id' | 'date_from' | 'date_to']-?: NonNullable<AuditQuery[K]> | '' };

/** The filters' text is trimmed; an empty one is left out. */
const queryOf = (filters: AuditFilters): AuditQuery =>
  Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, value.trim() || undefined])) as AuditQuery;

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
    queryFn: ({ pageParam, signal }) => api.get('/api/audit', { query: { ...queryOf(filters), cursor: pageParam || undefined }, signal }),
    getNextPageParam: (last) => last.next_cursor,
  });

export const downloadAuditCsv = (filters: AuditFilters) =>
  downloadFile(fileUrl('/api/audit/export', { query: queryOf(filters) }), { accept: 'text/csv', fallbackName: 'audit.csv' });

export const useOrderTimeline = (orderId: string) =>
  useQuery({ queryKey: auditKeys.timeline(orderId), queryFn: ({ signal }) => api.get('/api/estimates/{id}/timeline', { path: { id: orderId }, signal }) });
