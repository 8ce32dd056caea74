import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from './typed';

export const daypartKeys = {
  all: ['dayparts'] as const,
  list: ['dayparts', 'list'] as const,
  availability: (id: string, startDate: string, endDate: string) => ['dayparts', 'availability', id, startDate, endDate] as const,
};

export const fetchDayparts = (signal?: AbortSignal) => api.get('/api/dayparts', { signal });

/** Spots per day still free for a daypart over a date range (orders approved, scheduled or active count). */
export const fetchDaypartAvailability = (id: string, startDate: string, endDate: string, signal?: AbortSignal) =>
  api.get('/api/dayparts/availability/{id}', { path: { id }, query: { start_date: startDate, end_date: endDate }, signal });

/** The rate card changes rarely: keep it for five minutes. */
export const useDayparts = () => useQuery({ queryKey: daypartKeys.list, queryFn: ({ signal }) => fetchDayparts(signal), staleTime: 5 * 60_000 });

/** Availability of several dayparts over one range; nothing is asked while the range is unknown. */
export const useDaypartAvailabilities = (ids: readonly string[], range: { startDate: string; endDate: string } | null) =>
  useQueries({
    queries: ids.map((id) => ({
      queryKey: daypartKeys.availability(id, range?.startDate ?? '', range?.endDate ?? ''),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchDaypartAvailability(id, range!.startDate, range!.endDate, signal),
      enabled: range !== null,
    })),
  });
