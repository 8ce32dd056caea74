import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Webhook, WebhookDelivery } from '../../domain/webhooks';
import { apiRequest } from './client';

export const webhookKeys = { mine: ['webhooks'] as const, deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const };

/** The caller's endpoints: an advertiser's own, an administrator's the station's (decision 030). */
export const useWebhooks = () => useQuery({ queryKey: webhookKeys.mine, queryFn: ({ signal }) => apiRequest<{ webhooks: Webhook[] }>('/webhooks', { signal }) });

/** An endpoint's newest deliveries, looked at again every few seconds while shown (retries happen on the server's clock). */
export const useWebhookDeliveries = (id: string | null) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id ?? ''),
    queryFn: ({ signal }) => apiRequest<{ deliveries: WebhookDelivery[] }>(`/webhooks/${id}/deliveries`, { signal }),
    enabled: id !== null,
    refetchInterval: 3_000,
  });

export const useCreateWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { url: string; events: string[]; description?: string }) => apiRequest<{ webhook: Webhook; secret: string }>('/webhooks', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.mine }),
  });
};

export const useUpdateWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: string; enabled?: boolean }) => apiRequest<{ webhook: Webhook }>(`/webhooks/${id}`, { method: 'PATCH', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.mine }),
  });
};

export const useDeleteWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>(`/webhooks/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.mine }),
  });
};

export const useSendWebhookTest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ delivery_id: string }>(`/webhooks/${id}/test`, { method: 'POST' }),
    onSuccess: (_reply, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
};

export const useRetryWebhookDelivery = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deliveryId }: { deliveryId: string; webhookId: string }) => apiRequest<{ message: string }>(`/webhooks/deliveries/${deliveryId}/retry`, { method: 'POST' }),
    onSuccess: (_reply, { webhookId }) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
};
