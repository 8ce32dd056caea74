import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '../../domain/api-keys';
import { apiRequest } from './client';

export const apiKeyKeys = { mine: ['api-keys'] as const };

export const useApiKeys = () => useQuery({ queryKey: apiKeyKeys.mine, queryFn: ({ signal }) => apiRequest<{ api_keys: ApiKey[] }>('/api-keys', { signal }) });

export const useCreateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string }) => apiRequest<{ api_key: ApiKey; secret: string }>('/api-keys', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.mine }),
  });
};

export const useRevokeApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ api_key: ApiKey }>(`/api-keys/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.mine }),
  });
};
