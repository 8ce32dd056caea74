import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeDecisionReply, PendingChangeView } from '../../domain/adcp-changes';
import { apiRequest } from './client';
import { estimateKeys } from './estimates';

export const adcpChangeKeys = { list: ['adcp', 'changes'] as const };

/** Budget and flight changes AdCP buyers ask of approved buys (admins). */
export const useAdcpChanges = () =>
  useQuery({ queryKey: adcpChangeKeys.list, queryFn: async () => (await apiRequest<{ changes: PendingChangeView[] }>('/adcp/changes')).changes });

export const useDecideAdcpChange = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) => apiRequest<ChangeDecisionReply>(`/adcp/changes/${id}/${approve ? 'approve' : 'reject'}`, { method: 'POST', body: {} }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adcpChangeKeys.list });
      void queryClient.invalidateQueries({ queryKey: estimateKeys.all });
    },
  });
};
