import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from './typed';

export const brandKeys = {
  all: ['brands'] as const,
  list: ['brands', 'list'] as const,
  pages: (search: string) => ['brands', 'pages', search] as const,
  detail: (id: string) => ['brands', 'detail', id] as const,
};

/** The fields a brand form sends; the older contact fields are left as they are when absent. */
export type BrandBody = BodyOf<'/api/brands', 'post'>;

export const fetchBrands = (signal?: AbortSignal) => api.get('/api/brands', { signal });
export const createBrand = (body: BrandBody) => api.post('/api/brands', { body });
export const updateBrand = (id: string, body: BodyOf<'/api/brands/{id}', 'put'>) => api.put('/api/brands/{id}', { path: { id }, body });
export const deleteBrand = (id: string) => api.delete('/api/brands/{id}', { path: { id } });

export const useBrands = () => useQuery({ queryKey: brandKeys.list, queryFn: ({ signal }) => fetchBrands(signal) });
/** Rows per page of the Brands screen. */
export const BRAND_PAGE_SIZE = 50;

/** Only what is set reaches the query string (an empty search is no search). */
const brandPageQuery = (search: string, after: string | null) => ({ limit: BRAND_PAGE_SIZE, search: search.trim() || undefined, after: after ?? undefined });

/** The Brands screen's list: newest first, by keyset pages, searched on the server. */
export const useBrandPages = (search: string) =>
  useInfiniteQuery({
    queryKey: brandKeys.pages(search.trim()),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api.page('/api/brands', { query: brandPageQuery(search, pageParam), signal }),
    getNextPageParam: (last) => last.nextCursor,
    // A new search keeps the rows shown (and the search box) until its first page arrives.
    placeholderData: keepPreviousData,
  });

/** A brand mutation that refreshes every brand query once it has succeeded. */
const useBrandMutation = <TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: brandKeys.all }) });
};

export const useCreateBrand = () => useBrandMutation((body: BrandBody) => createBrand(body));
export const useUpdateBrand = () => useBrandMutation(({ id, body }: { id: string; body: BrandBody }) => updateBrand(id, body));
export const useDeleteBrand = () => useBrandMutation((id: string) => deleteBrand(id));
