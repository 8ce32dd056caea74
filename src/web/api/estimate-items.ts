import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EstimateItem, ItemCreateInput, ItemUpdateInput } from '../../domain/estimate-schemas';
import { apiRequest } from './client';
import { estimateKeys } from './estimates';

/** One daypart of a bulk selection, as POST /estimate-items/:estimateId/bulk takes it. */
export interface SelectedDaypart {
  daypart_id: string;
  spots_per_occurrence: number;
  /** Null means the daypart's base CPM. */
  user_defined_cpm: number | null;
}

export const estimateItemKeys = {
  all: ['estimate-items'] as const,
  list: (estimateId: string) => ['estimate-items', estimateId] as const,
};

const itemsPath = (estimateId: string) => `/estimate-items/${encodeURIComponent(estimateId)}`;

export const fetchEstimateItems = (estimateId: string, signal?: AbortSignal) => apiRequest<EstimateItem[]>(itemsPath(estimateId), { signal });

export const addEstimateItem = (estimateId: string, body: ItemCreateInput) => apiRequest<EstimateItem>(itemsPath(estimateId), { method: 'POST', body });

/** Replaces the order's whole selection. */
export const replaceEstimateItems = (estimateId: string, selectedDayparts: readonly SelectedDaypart[], { keepalive = false } = {}) =>
  apiRequest<EstimateItem[]>(`${itemsPath(estimateId)}/bulk`, { method: 'POST', body: { selectedDayparts }, keepalive });

export const updateEstimateItem = (estimateId: string, itemId: string, body: ItemUpdateInput) =>
  apiRequest<EstimateItem>(`${itemsPath(estimateId)}/${encodeURIComponent(itemId)}`, { method: 'PUT', body });

export const deleteEstimateItem = (estimateId: string, itemId: string) =>
  apiRequest<{ message: string }>(`${itemsPath(estimateId)}/${encodeURIComponent(itemId)}`, { method: 'DELETE' });

export const useEstimateItems = (estimateId: string) =>
  useQuery({ queryKey: estimateItemKeys.list(estimateId), queryFn: ({ signal }) => fetchEstimateItems(estimateId, signal) });

/** Item changes alter the order's totals too: refresh the items and every estimate query. */
const useItemMutation = <TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: estimateItemKeys.all }),
        queryClient.invalidateQueries({ queryKey: estimateKeys.all }),
      ]),
  });
};

export const useReplaceEstimateItems = () =>
  useItemMutation(({ estimateId, selectedDayparts }: { estimateId: string; selectedDayparts: readonly SelectedDaypart[] }) =>
    replaceEstimateItems(estimateId, selectedDayparts),
  );
export const useAddEstimateItem = () => useItemMutation(({ estimateId, body }: { estimateId: string; body: ItemCreateInput }) => addEstimateItem(estimateId, body));
export const useUpdateEstimateItem = () =>
  useItemMutation(({ estimateId, itemId, body }: { estimateId: string; itemId: string; body: ItemUpdateInput }) => updateEstimateItem(estimateId, itemId, body));
export const useDeleteEstimateItem = () => useItemMutation(({ estimateId, itemId }: { estimateId: string; itemId: string }) => deleteEstimateItem(estimateId, itemId));
