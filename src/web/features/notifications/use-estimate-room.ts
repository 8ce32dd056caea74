import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { estimateKeys } from '../../api/estimates';
import { useRealtime } from './realtime-context';

/**
 * Watches one order live: joins its room while the channel is connected (again after a
 * reconnection), leaves it on unmount, and refreshes the order whenever a notification about it
 * arrives, so a status change made elsewhere shows without a reload.
 */
export const useEstimateRoom = (estimateId: string | null | undefined) => {
  const { joinEstimate, subscribe } = useRealtime();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!estimateId) return;
    const leave = joinEstimate(estimateId);
    const unsubscribe = subscribe((notification) => {
      if (notification.estimateId !== estimateId) return;
      // Joins a refresh already under way rather than restarting it.
      void queryClient.invalidateQueries({ queryKey: estimateKeys.detail(estimateId) }, { cancelRefetch: false });
    });
    return () => {
      unsubscribe();
      leave();
    };
  }, [estimateId, joinEstimate, subscribe, queryClient]);
};
