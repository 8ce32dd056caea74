/**
 * New Order creates a draft and opens it (the specification), but a draft left without a single
 * change should not clutter the lists as an "Untitled order" at $0.00 (decision 018): when the page
 * that New Order opened is left, the draft is deleted if it is still as it was created (its start
 * date aside, which the server fills in).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { EstimateDetail } from '../../../domain/estimate-schemas';
import { deleteEstimate, estimateKeys, fetchEstimate } from '../../api/estimates';
import { settleAutosave } from './use-autosave';

/** Navigation state New Order passes to the page it opens. */
export const FRESH_DRAFT_STATE = { freshDraft: true } as const;

export const isUntouchedDraft = (order: EstimateDetail): boolean =>
  order.status === 'draft' &&
  !order.estimate_name.trim() &&
  !order.brand_id &&
  order.total_spend === 0 &&
  order.items.length === 0 &&
  !order.media_asset_id &&
  !order.payment_method_id &&
  !order.coupon_code &&
  !order.notes;

export const useDiscardUntouchedDraft = (id: string) => {
  const location = useLocation();
  const queryClient = useQueryClient();
  const fresh = (location.state as { freshDraft?: boolean } | null)?.freshDraft === true;
  useEffect(() => {
    if (!fresh) return;
    return () => {
      // Read the stored order, not the form: only what was saved counts, once the autosave has landed.
      void settleAutosave(id)
        .then(() => fetchEstimate(id))
        .then(async (order) => {
          if (!isUntouchedDraft(order)) return;
          await deleteEstimate(id);
          queryClient.removeQueries({ queryKey: estimateKeys.detail(id) });
          await queryClient.invalidateQueries({ queryKey: estimateKeys.all });
        })
        .catch(() => undefined);
    };
  }, [fresh, id, queryClient]);
  return fresh;
};
