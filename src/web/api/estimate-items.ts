import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estimateKeys } from './estimates';
import { api, type BodyOf } from './typed';

/** One daypart of a bulk selection, every field given (a null CPM means the daypart's base CPM). */
export type SelectedDaypart = Required<BodyOf<'/api/estimate-items/{estimateId}/bulk', 'post'>['selectedDayparts'][number]>;

export const estimateItemKeys = {
  all: ['estimate-items'] as const,
  list: (estimateId: string) => ['estimate-items', estimateId] as const,
};

/** Replaces the order's whole selection. */
export const replaceEstimateItems = (estimateId: string, selectedDayparts: readonly SelectedDaypart[], { keepalive = false } = {}) =>
  api.post('/api/estimate-items/{estimateId}/bulk', { path: { estimateId }, body: { selectedDayparts: [...selectedDayparts] }, keepalive });

/** Item changes alter the order's totals too: refresh the items and every estimate query. */
const useItemMutation = <TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: estimateItemKeys.all }), queryClient.invalidateQueries({ queryKey: estimateKeys.all })]),
  });
};

export const useReplaceEstimateItems = () =>
  useItemMutation(({ estimateId, selectedDayparts }: { estimateId: string; selectedDayparts: readonly SelectedDaypart[] }) =>
    replaceEstimateItems(estimateId, selectedDayparts),
  );
