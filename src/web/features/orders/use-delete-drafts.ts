import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteEstimate, estimateKeys } from '../../api/estimates';

export interface BulkDeleteResult {
  deleted: string[];
  failed: { id: string; error: unknown }[];
}

/** Deletes several drafts, one request each, all at once; the lists refresh once every request has answered. */
export const useDeleteDrafts = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]): Promise<BulkDeleteResult> => {
      const results = await Promise.allSettled(ids.map((id) => deleteEstimate(id)));
      const result: BulkDeleteResult = { deleted: [], failed: [] };
      results.forEach((outcome, index) => {
        const id = ids[index]!;
        if (outcome.status === 'fulfilled') result.deleted.push(id);
        else result.failed.push({ id, error: outcome.reason });
      });
      return result;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: estimateKeys.all }),
  });
};
