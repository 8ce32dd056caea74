import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelInput, ChannelUpdate } from '../../domain/channel-schemas';
import { api } from './typed';

export const channelKeys = { list: ['channels'] as const };

/** The station's channels, the default first (decision 053). */
export const useChannels = () => useQuery({ queryKey: channelKeys.list, queryFn: ({ signal }) => api.get('/api/channels', { signal }), staleTime: 60_000 });

const useChannelMutation = <V>(mutationFn: (vars: V) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.list }) });
};

export const useAddChannel = () => useChannelMutation((body: ChannelInput) => api.post('/api/channels', { body }));

export const useUpdateChannel = () =>
  useChannelMutation(({ id, body }: { id: string; body: ChannelUpdate }) => api.patch('/api/channels/{id}', { path: { id }, body }));
