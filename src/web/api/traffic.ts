import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadFile } from './client';
import { api, fileUrl } from './typed';

export const trafficKeys = {
  all: ['traffic'] as const,
  log: (date: string, channelId?: string) => ['traffic', 'log', date, channelId ?? 'default'] as const,
  orderSpots: (id: string) => ['traffic', 'order-spots', id] as const,
  discrepancies: ['traffic', 'discrepancies'] as const,
};

/** The traffic desk's Discrepancies list (decision 031). */
export const useDiscrepancies = () =>
  useQuery({ queryKey: trafficKeys.discrepancies, queryFn: ({ signal }) => api.get('/api/traffic/discrepancies', { signal }), refetchInterval: 60_000 });

/** One channel's log of a broadcast day (decision 053); left out, the default channel's. */
export const useTrafficLog = (date: string, channelId?: string) =>
  useQuery({
    queryKey: trafficKeys.log(date, channelId),
    queryFn: ({ signal }) => api.get('/api/traffic/logs/{date}', { path: { date }, query: channelId ? { channel_id: channelId } : {}, signal }),
    placeholderData: keepPreviousData,
    // The station clock places and updates the log every minute.
    refetchInterval: 60_000,
  });

/** An order's spots by broadcast day, `from`–`to` when given (the server's default otherwise). */
export const useOrderSpots = (estimateId: string, enabled = true, range: { from?: string; to?: string } = {}) =>
  useQuery({
    enabled,
    queryKey: [...trafficKeys.orderSpots(estimateId), range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) => api.get('/api/estimates/{id}/spots', { path: { id: estimateId }, query: range, signal }),
  });

export type TrafficExportFormat = 'csv' | 'bxf';

/** The day's export; `changesOnly`: just what changed since the last export (decision 031). */
export const downloadTrafficLog = (date: string, format: TrafficExportFormat, changesOnly = false, channelId?: string) =>
  downloadFile(
    fileUrl('/api/traffic/logs/{date}/export', { path: { date }, query: { format, changes: changesOnly ? 'since-export' : undefined, channel_id: channelId } }),
    {
      accept: format === 'csv' ? 'text/csv' : 'application/xml',
      fallbackName: `traffic-log-${date}.${format === 'csv' ? 'csv' : 'bxf.xml'}`,
    },
  );
