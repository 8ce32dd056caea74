import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StationProfileInput } from '../../domain/station-schemas';
import { api } from './typed';

export const stationKeys = {
  clock: ['station', 'clock'] as const,
  profile: ['station', 'profile'] as const,
};

export const fetchStationClock = () => api.get('/api/station/clock');

/** The station's clock, read once per page load (the app reads it at start). */
export const useStationClock = () => useQuery({ queryKey: stationKeys.clock, queryFn: fetchStationClock, staleTime: Infinity, retry: 1 });

export const useStationProfile = () => useQuery({ queryKey: stationKeys.profile, queryFn: () => api.get('/api/station') });

export const useUpdateStationProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StationProfileInput) => api.put('/api/station', { body: input }),
    onSuccess: (profile) => queryClient.setQueryData(stationKeys.profile, profile),
  });
};
