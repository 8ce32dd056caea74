/** Billing on delivery and agency commission (decision 014): bill a broadcast month, an order's billing mode, an account's agency rate. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingMode } from '../../domain/billing';
import type { AgencyInput, BroadcastMonthInput } from '../../domain/billing-delivery';
import type { Invoice } from '../../domain/billing-schemas';
import { apiRequest } from './client';
import { billingKeys } from './billing';
import { estimateKeys } from './estimates';
import { userKeys } from './users';

export interface BroadcastMonthReply {
  message: string;
  month: { month: string; label: string; start: string; end: string };
  invoices: Invoice[];
}

export const billBroadcastMonth = (body: BroadcastMonthInput) => apiRequest<BroadcastMonthReply>('/billing/broadcast-month', { method: 'POST', body });
export const setBillingMode = (estimateId: string, billingMode: BillingMode) =>
  apiRequest<{ message: string; billing_mode: BillingMode }>(`/estimates/${encodeURIComponent(estimateId)}/billing-mode`, { method: 'PUT', body: { billing_mode: billingMode } });
export const setAgency = (userId: string, body: AgencyInput) =>
  apiRequest<{ message: string; agency_commission_rate: number | null }>(`/users/${encodeURIComponent(userId)}/agency`, { method: 'PUT', body });

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
    mutationFn: ({ userId, body }: { userId: string; body: AgencyInput }) => setAgency(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
