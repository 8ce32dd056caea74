/** The brands an order can be placed for: the caller's own, or for an admin the order owner's. */
import { useQuery } from '@tanstack/react-query';
import { api, type ReplyOf } from '../../api/typed';

export type BrandOption = Pick<ReplyOf<'/api/brands', 'get'>[number], 'id' | 'common_name'>;

const fetchBrandOptions = (ownerId: string | null, signal?: AbortSignal): Promise<BrandOption[]> =>
  api.get('/api/brands', { query: { owner_id: ownerId ?? undefined }, signal });

/** Keyed under 'brands' so that any change on the Brands page refreshes it too. */
export const useBrandOptions = (ownerId: string | null) =>
  useQuery({ queryKey: ['brands', 'order-form-options', ownerId ?? 'mine'], queryFn: ({ signal }) => fetchBrandOptions(ownerId, signal) });
