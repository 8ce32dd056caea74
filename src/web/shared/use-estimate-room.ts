import { useEffect } from 'react';
import { useRealtime } from './realtime-context';

/**
 * Watches one order live: joins its room while the channel is connected (again after a
 * reconnection) and leaves it on unmount. The room's `estimate_updated` events refresh the order,
 * so a status change made elsewhere shows without a reload.
 */
export const useEstimateRoom = (estimateId: string | null | undefined) => {
  const { joinEstimate } = useRealtime();
  useEffect(() => (estimateId ? joinEstimate(estimateId) : undefined), [estimateId, joinEstimate]);
};
