import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Daypart, DaypartInput } from '../../domain/daypart-schemas';
import { apiRequest } from './client';
import { daypartKeys } from './dayparts';

/** PUT /api/dayparts/:id (admins); every daypart query (list, availability) is read again. */
export const useUpdateDaypart = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<DaypartInput> }) => apiRequest<Daypart>(`/dayparts/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: daypartKeys.all }),
  });
};
