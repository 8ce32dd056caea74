import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { estimateKeys } from './estimates';
import { api, type ReplyOf } from './typed';

export type PendingChangeView = ReplyOf<'/api/adcp/changes', 'get'>['changes'][number];

export const adcpChangeKeys = { list: ['adcp', 'changes'] as const };

/** Budget and flight changes AdCP buyers ask of approved buys (admins). */
export const useAdcpChanges = () =>
  useQuery({ queryKey: adcpChangeKeys.list, queryFn: async ({ signal }) => (await api.get('/api/adcp/changes', { signal })).changes });

const decide = (id: string, approve: boolean) =>
  approve ? api.post('/api/adcp/changes/{id}/approve', { path: { id }, body: {} }) : api.post('/api/adcp/changes/{id}/reject', { path: { id }, body: {} });

export const useDecideAdcpChange = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) => decide(id, approve),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adcpChangeKeys.list });
      void queryClient.invalidateQueries({ queryKey: estimateKeys.all });
    },
  });
};
