import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from './typed';
import { daypartKeys } from './dayparts';

/** PUT /api/dayparts/:id (admins); every daypart query (list, availability) is read again. */
export const useUpdateDaypart = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'/api/dayparts/{id}', 'put'> }) => api.put('/api/dayparts/{id}', { path: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: daypartKeys.all }),
  });
};
