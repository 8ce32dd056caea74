import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './typed';

/**
 * What a new card sends: the network, the last four digits and the expiry. Never a full card
 * number or a security code — those stay in the browser.
 */
export interface NewPaymentMethod {
  brand_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
}

export const paymentMethodKeys = {
  all: ['payment-methods'] as const,
  list: (brandId: string | null) => ['payment-methods', 'list', brandId ?? 'all'] as const,
};

export const fetchPaymentMethods = (brandId: string | null, signal?: AbortSignal) =>
  api.get('/api/payment-methods', { query: { brand_id: brandId ?? undefined }, signal });

export const createPaymentMethod = ({ brand_id, brand, last4, exp_month, exp_year, is_default }: NewPaymentMethod) =>
  // Only these six fields are sent, whatever the caller's object carries.
  api.post('/api/payment-methods', { body: { brand_id, brand, last4, exp_month, exp_year, is_default } });

/** The saved cards of one brand; nothing is asked until a brand is chosen. */
export const usePaymentMethods = (brandId: string | null) =>
  useQuery({ queryKey: paymentMethodKeys.list(brandId), queryFn: ({ signal }) => fetchPaymentMethods(brandId, signal), enabled: Boolean(brandId) });

export const useCreatePaymentMethod = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }),
  });
};
