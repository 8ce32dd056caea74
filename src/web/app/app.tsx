import { configureStationTime } from '../shared/station-time';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchStationClock, stationKeys } from '../api/station';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../features/auth/auth-provider';
import { createQueryClient } from './query-client';
import { router } from './router';
import { AppToaster } from './toaster';

/**
 * Days and "today" in the browser are the station's: its time zone and its clock come from the
 * server, so a browser whose own clock is off (or a station clock moved for a demo) still bills
 * the month the station has finished (issue 29, item 5).
 */
const StationClockSync = () => {
  const { data, dataUpdatedAt } = useQuery({ queryKey: stationKeys.clock, queryFn: fetchStationClock, staleTime: Infinity, retry: 1 });
  useEffect(() => {
    if (!data) return;
    const serverNow = Date.parse(data.now);
    const offset = Number.isNaN(serverNow) ? 0 : serverNow - dataUpdatedAt;
    configureStationTime(data.time_zone, () => new Date(Date.now() + offset));
  }, [data, dataUpdatedAt]);
  return null;
};

export const App = () => {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <StationClockSync />
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
      <AppToaster />
    </QueryClientProvider>
  );
};
