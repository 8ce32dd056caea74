import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from './typed';

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

/** A coupon as the admin form sends it: every field, empty optional values as null (an update takes the same). */
export type CouponBody = BodyOf<'/api/coupons', 'post'>;

/** Only the filters that are set reach the query string (an empty search is no search). */
const listQuery = (filter: CouponListFilter) => ({ active_only: filter.active_only ? 'true' : undefined, search: filter.search?.trim() || undefined }) as const;

export const fetchCoupons = (filter: CouponListFilter = {}, signal?: AbortSignal) => api.get('/api/coupons', { query: listQuery(filter), signal });
export const fetchCouponUsage = (id: string, signal?: AbortSignal) => api.get('/api/coupons/{id}/usage', { path: { id }, signal });
export const createCoupon = (body: CouponBody) => api.post('/api/coupons', { body });
export const updateCoupon = (id: string, body: CouponBody) => api.put('/api/coupons/{id}', { path: { id }, body });
export const deleteCoupon = (id: string) => api.delete('/api/coupons/{id}', { path: { id } });

/** The list keeps showing the previous rows while a new search or filter loads. */
export const useCoupons = (filter: CouponListFilter = {}) =>
  useQuery({ queryKey: couponKeys.list(filter), queryFn: ({ signal }) => fetchCoupons(filter, signal), placeholderData: keepPreviousData });
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
