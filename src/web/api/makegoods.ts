import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './typed';
import { audienceKeys } from './audience';
import { estimateKeys } from './estimates';

/** Under the order's keys: an estimate_updated event (any makegood step) refreshes them. */
export const makegoodKeys = { order: (estimateId: string) => [...estimateKeys.all, 'makegoods', estimateId] as const };

export const useOrderMakegoods = (estimateId: string, enabled = true) =>
  useQuery({
    enabled,
    queryKey: makegoodKeys.order(estimateId),
    queryFn: ({ signal }) => api.get('/api/estimates/{id}/makegoods', { path: { id: estimateId }, signal }),
  });

type MakegoodStep = { id: string; action: 'accept' | 'decline' } | { id: string; action: 'change'; airDate: string };

const send = (step: MakegoodStep) =>
  step.action === 'change'
    ? api.put('/api/makegoods/{id}', { path: { id: step.id }, body: { air_date: step.airDate } })
    : step.action === 'accept'
      ? api.post('/api/makegoods/{id}/accept', { path: { id: step.id } })
      : api.post('/api/makegoods/{id}/decline', { path: { id: step.id } });

/** Accept, decline or move an offer; the order's queries (makegoods, spots, the order) refresh. */
export const useMakegoodStep = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: estimateKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['traffic'] }),
        // An ADU answered changes what the post-buy says is pending.
        queryClient.invalidateQueries({ queryKey: audienceKeys.postBuys }),
      ]),
  });
};
