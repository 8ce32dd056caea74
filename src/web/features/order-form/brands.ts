/** The brands an order can be placed for: the caller's own, or for an admin the order owner's. */
import { useQuery } from '@tanstack/react-query';
import type { Brand } from '../../../domain/brand-schemas';
import { apiRequest } from '../../api/client';

export type BrandOption = Pick<Brand, 'id' | 'common_name'>;

const fetchBrandOptions = (ownerId: string | null, signal?: AbortSignal) =>
  apiRequest<BrandOption[]>(ownerId ? `/brands?${new URLSearchParams({ owner_id: ownerId }).toString()}` : '/brands', { signal });

/** Keyed under 'brands' so that any change on the Brands page refreshes it too. */
export const useBrandOptions = (ownerId: string | null) =>
  useQuery({ queryKey: ['brands', 'order-form-options', ownerId ?? 'mine'], queryFn: ({ signal }) => fetchBrandOptions(ownerId, signal) });
