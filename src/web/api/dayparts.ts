import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from './typed';

export const daypartKeys = {
  all: ['dayparts'] as const,
  list: (channelId?: string) => ['dayparts', 'list', channelId ?? 'default'] as const,
  availability: (id: string, startDate: string, endDate: string) => ['dayparts', 'availability', id, startDate, endDate] as const,
};

/** One channel's rate card; left out, the default channel's (decision 053). */
export const fetchDayparts = (channelId: string | undefined, signal?: AbortSignal) =>
  api.get('/api/dayparts', { query: channelId ? { channel_id: channelId } : {}, signal });

/** Spots per day still free for a daypart over a date range (orders approved, scheduled or active count). */
export const fetchDaypartAvailability = (id: string, startDate: string, endDate: string, signal?: AbortSignal) =>
  api.get('/api/dayparts/availability/{id}', { path: { id }, query: { start_date: startDate, end_date: endDate }, signal });

/** The rate card changes rarely: keep it for five minutes. Nothing is asked while `enabled` is false (the order not read yet). */
export const useDayparts = (channelId?: string, enabled = true) =>
  useQuery({ queryKey: daypartKeys.list(channelId), queryFn: ({ signal }) => fetchDayparts(channelId, signal), staleTime: 5 * 60_000, enabled });

/** Availability of several dayparts over one range; nothing is asked while the range is unknown. */
export const useDaypartAvailabilities = (ids: readonly string[], range: { startDate: string; endDate: string } | null) =>
  useQueries({
    queries: ids.map((id) => ({
      queryKey: daypartKeys.availability(id, range?.startDate ?? '', range?.endDate ?? ''),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchDaypartAvailability(id, range!.startDate, range!.endDate, signal),
      enabled: range !== null,
    })),
  });
