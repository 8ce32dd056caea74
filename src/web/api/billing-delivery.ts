/** Billing on delivery and agency commission (decision 014): bill a broadcast month, an order's billing mode, an account's agency rate. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingKeys } from './billing';
import { estimateKeys } from './estimates';
import { api, type BodyOf } from './typed';
import { userKeys } from './users';

export type BroadcastMonthBody = BodyOf<'/api/billing/broadcast-month', 'post'>;
export type BillingMode = BodyOf<'/api/estimates/{id}/billing-mode', 'put'>['billing_mode'];
export type AgencyBody = BodyOf<'/api/users/{id}/agency', 'put'>;

export const billBroadcastMonth = (body: BroadcastMonthBody) => api.post('/api/billing/broadcast-month', { body });
export const setBillingMode = (estimateId: string, billingMode: BillingMode) =>
  api.put('/api/estimates/{id}/billing-mode', { path: { id: estimateId }, body: { billing_mode: billingMode } });
export const setAgency = (userId: string, body: AgencyBody) => api.put('/api/users/{id}/agency', { path: { id: userId }, body });

export const useBillBroadcastMonth = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: billBroadcastMonth, onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }) });
};

export const useSetBillingMode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ estimateId, mode }: { estimateId: string; mode: BillingMode }) => setBillingMode(estimateId, mode),
    onSuccess: (_reply, { estimateId }) => queryClient.invalidateQueries({ queryKey: estimateKeys.detail(estimateId) }),
  });
};

export const useSetAgency = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: Parameters<typeof setAgency>[1] }) => setAgency(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
