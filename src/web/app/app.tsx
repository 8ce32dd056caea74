import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { configureStationClock } from '../../domain/dates';
import { fetchStationClock, stationKeys } from '../api/station';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../features/auth/auth-provider';
import { createQueryClient } from './query-client';
import { router } from './router';
import { AppToaster } from './toaster';

/** Days and "today" in the browser are the station's: its time zone comes from the server. */
const StationClockSync = () => {
  const { data } = useQuery({ queryKey: stationKeys.clock, queryFn: fetchStationClock, staleTime: Infinity, retry: 1 });
  useEffect(() => {
    if (data) configureStationClock({ timeZone: data.time_zone });
  }, [data]);
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
