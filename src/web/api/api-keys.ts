import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './typed';

export const apiKeyKeys = { mine: ['api-keys'] as const };

export const useApiKeys = () => useQuery({ queryKey: apiKeyKeys.mine, queryFn: ({ signal }) => api.get('/api/api-keys', { signal }) });

export const useCreateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string }) => api.post('/api/api-keys', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.mine }),
  });
};

export const useRevokeApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/api/api-keys/{id}', { path: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.mine }),
  });
};
