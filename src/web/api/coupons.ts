import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Coupon, CouponFields, CouponUsageReply } from '../../domain/coupon-schemas';
import { apiRequest } from './client';

export interface CouponListFilter {
  active_only?: boolean;
  search?: string;
}

export const couponKeys = {
  all: ['coupons'] as const,
  list: (filter: CouponListFilter = {}) => ['coupons', 'list', filter] as const,
  detail: (id: string) => ['coupons', 'detail', id] as const,
  usage: (id: string) => ['coupons', 'usage', id] as const,
};

interface MessageReply {
  message: string;
}

/** A coupon as the admin form sends it: every field, empty optional values as null. */
export type CouponBody = CouponFields;

const listQuery = (filter: CouponListFilter): string => {
  const params = new URLSearchParams();
  if (filter.active_only) params.set('active_only', 'true');
  const search = filter.search?.trim();
  if (search) params.set('search', search);
  const query = params.toString();
  return query ? `?${query}` : '';
};

const couponPath = (id: string) => `/coupons/${encodeURIComponent(id)}`;

export const fetchCoupons = (filter: CouponListFilter = {}, signal?: AbortSignal) => apiRequest<Coupon[]>(`/coupons${listQuery(filter)}`, { signal });
export const fetchCoupon = (id: string, signal?: AbortSignal) => apiRequest<Coupon>(couponPath(id), { signal });
export const fetchCouponUsage = (id: string, signal?: AbortSignal) => apiRequest<CouponUsageReply>(`${couponPath(id)}/usage`, { signal });
export const createCoupon = (body: CouponBody) => apiRequest<Coupon>('/coupons', { method: 'POST', body });
export const updateCoupon = (id: string, body: CouponBody) => apiRequest<Coupon>(couponPath(id), { method: 'PUT', body });
export const deleteCoupon = (id: string) => apiRequest<MessageReply>(couponPath(id), { method: 'DELETE' });

/** The list keeps showing the previous rows while a new search or filter loads. */
export const useCoupons = (filter: CouponListFilter = {}) =>
  useQuery({ queryKey: couponKeys.list(filter), queryFn: ({ signal }) => fetchCoupons(filter, signal), placeholderData: keepPreviousData });
export const useCoupon = (id: string) => useQuery({ queryKey: couponKeys.detail(id), queryFn: ({ signal }) => fetchCoupon(id, signal), enabled: Boolean(id) });
/** Usage is always read fresh: it changes whenever an order with the coupon is submitted. */
export const useCouponUsage = (id: string) =>
  useQuery({ queryKey: couponKeys.usage(id), queryFn: ({ signal }) => fetchCouponUsage(id, signal), enabled: Boolean(id), staleTime: 0 });

/** A coupon mutation that refreshes every coupon query once it has succeeded. */
const useCouponMutation = <TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }) });
};

export const useCreateCoupon = () => useCouponMutation((body: CouponBody) => createCoupon(body));
export const useUpdateCoupon = () => useCouponMutation(({ id, body }: { id: string; body: CouponBody }) => updateCoupon(id, body));
export const useDeleteCoupon = () => useCouponMutation((id: string) => deleteCoupon(id));
