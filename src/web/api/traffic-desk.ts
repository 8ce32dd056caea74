import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpotMove } from '../../domain/traffic-desk';
import { trafficKeys } from './traffic';
import { api } from './typed';

export type SpotAction = { kind: 'preempt'; reason: string } | { kind: 'cancel'; reason: string } | ({ kind: 'move' } & SpotMove);

/** The traffic desk's preempt, move and cancel of one log spot (decision 058); the logs and the desk's lists follow. */
export const useSpotAction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: SpotAction }) => {
      if (action.kind === 'move') {
        const { kind: _kind, ...body } = action;
        return api.post('/api/traffic/spots/{id}/move', { path: { id }, body });
      }
      return api.post(action.kind === 'preempt' ? '/api/traffic/spots/{id}/preempt' : '/api/traffic/spots/{id}/cancel', {
        path: { id },
        body: { reason: action.reason },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trafficKeys.all }),
  });
};

/** The desk offers a makegood for a missed spot (Discrepancies, decision 058); the desk's lists follow. */
export const useOfferMakegood = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/api/traffic/spots/{id}/makegood', { path: { id }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trafficKeys.all }),
  });
};
