import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from './typed';

export const webhookKeys = { mine: ['webhooks'] as const, deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const };

/** The caller's endpoints: an advertiser's own, an administrator's the station's (decision 030). */
export const useWebhooks = () => useQuery({ queryKey: webhookKeys.mine, queryFn: ({ signal }) => api.get('/api/webhooks', { signal }) });

/** An endpoint's newest deliveries, looked at again every few seconds while shown (retries happen on the server's clock). */
export const useWebhookDeliveries = (id: string | null) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id ?? ''),
    queryFn: ({ signal }) => api.get('/api/webhooks/{id}/deliveries', { path: { id: id ?? '' }, signal }),
    enabled: id !== null,
    refetchInterval: 3_000,
  });

export const useCreateWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyOf<'/api/webhooks', 'post'>) => api.post('/api/webhooks', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.mine }),
  });
};

export const useUpdateWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: string; enabled?: boolean }) => api.patch('/api/webhooks/{id}', { path: { id }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.mine }),
  });
};

export const useDeleteWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/api/webhooks/{id}', { path: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.mine }),
  });
};

export const useSendWebhookTest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/api/webhooks/{id}/test', { path: { id } }),
    onSuccess: (_reply, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
};

export const useRetryWebhookDelivery = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deliveryId }: { deliveryId: string; webhookId: string }) => api.post('/api/webhooks/deliveries/{id}/retry', { path: { id: deliveryId } }),
    onSuccess: (_reply, { webhookId }) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
};
