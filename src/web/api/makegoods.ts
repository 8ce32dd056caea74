import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MakegoodReply, OrderMakegoods } from '../../domain/makegoods';
import { apiRequest } from './client';
import { estimateKeys } from './estimates';

/** Under the order's keys: an estimate_updated event (any makegood step) refreshes them. */
export const makegoodKeys = { order: (estimateId: string) => [...estimateKeys.all, 'makegoods', estimateId] as const };

export const useOrderMakegoods = (estimateId: string, enabled = true) =>
  useQuery({
    enabled,
    queryKey: makegoodKeys.order(estimateId),
    queryFn: ({ signal }) => apiRequest<OrderMakegoods>(`/estimates/${encodeURIComponent(estimateId)}/makegoods`, { signal }),
  });

type MakegoodStep = { id: string; action: 'accept' | 'decline' } | { id: string; action: 'change'; airDate: string };

const send = (step: MakegoodStep) =>
  step.action === 'change'
    ? apiRequest<MakegoodReply>(`/makegoods/${encodeURIComponent(step.id)}`, { method: 'PUT', body: { air_date: step.airDate } })
    : apiRequest<MakegoodReply>(`/makegoods/${encodeURIComponent(step.id)}/${step.action}`, { method: 'POST' });

/** Accept, decline or move an offer; the order's queries (makegoods, spots, the order) refresh. */
export const useMakegoodStep = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: estimateKeys.all }), queryClient.invalidateQueries({ queryKey: ['traffic'] })]),
  });
};
