import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { estimateKeys } from './estimates';
import { api, type BodyOf } from './typed';

/** One daypart of a bulk selection, every field given (a null CPM means the daypart's base CPM). */
export type SelectedDaypart = Required<BodyOf<'/api/estimate-items/{estimateId}/bulk', 'post'>['selectedDayparts'][number]>;
export type ItemCreateBody = BodyOf<'/api/estimate-items/{estimateId}', 'post'>;
export type ItemUpdateBody = BodyOf<'/api/estimate-items/{estimateId}/{itemId}', 'put'>;

export const estimateItemKeys = {
  all: ['estimate-items'] as const,
  list: (estimateId: string) => ['estimate-items', estimateId] as const,
};

export const fetchEstimateItems = (estimateId: string, signal?: AbortSignal) => api.get('/api/estimate-items/{estimateId}', { path: { estimateId }, signal });

export const addEstimateItem = (estimateId: string, body: ItemCreateBody) => api.post('/api/estimate-items/{estimateId}', { path: { estimateId }, body });

/** Replaces the order's whole selection. */
export const replaceEstimateItems = (estimateId: string, selectedDayparts: readonly SelectedDaypart[], { keepalive = false } = {}) =>
  api.post('/api/estimate-items/{estimateId}/bulk', { path: { estimateId }, body: { selectedDayparts: [...selectedDayparts] }, keepalive });

export const updateEstimateItem = (estimateId: string, itemId: string, body: ItemUpdateBody) =>
  api.put('/api/estimate-items/{estimateId}/{itemId}', { path: { estimateId, itemId }, body });

export const deleteEstimateItem = (estimateId: string, itemId: string) => api.delete('/api/estimate-items/{estimateId}/{itemId}', { path: { estimateId, itemId } });

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
export const useAddEstimateItem = () => useItemMutation(({ estimateId, body }: { estimateId: string; body: ItemCreateBody }) => addEstimateItem(estimateId, body));
export const useUpdateEstimateItem = () =>
  useItemMutation(({ estimateId, itemId, body }: { estimateId: string; itemId: string; body: ItemUpdateBody }) => updateEstimateItem(estimateId, itemId, body));
export const useDeleteEstimateItem = () => useItemMutation(({ estimateId, itemId }: { estimateId: string; itemId: string }) => deleteEstimateItem(estimateId, itemId));
