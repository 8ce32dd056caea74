import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StationClockReply, StationProfile, StationProfileInput } from '../../domain/station-schemas';
import { apiRequest } from './client';

export const stationKeys = {
  clock: ['station', 'clock'] as const,
  profile: ['station', 'profile'] as const,
};

export const fetchStationClock = () => apiRequest<StationClockReply>('/station/clock');

/** The station's clock, read once per page load (the app reads it at start). */
export const useStationClock = () => useQuery({ queryKey: stationKeys.clock, queryFn: fetchStationClock, staleTime: Infinity, retry: 1 });

export const useStationProfile = () => useQuery({ queryKey: stationKeys.profile, queryFn: () => apiRequest<StationProfile>('/station') });

export const useUpdateStationProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StationProfileInput) => apiRequest<StationProfile>('/station', { method: 'PUT', body: input }),
    onSuccess: (profile) => queryClient.setQueryData(stationKeys.profile, profile),
  });
};
