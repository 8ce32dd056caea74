import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ReplyOf } from './typed';

export const userKeys = {
  all: ['users'] as const,
  pages: (search: string) => ['users', 'pages', search] as const,
};

export type UserListItem = ReplyOf<'/api/users', 'get'>['users'][number];

/** Rows per page of User Management. */
export const USER_PAGE_SIZE = 50;

/** Only what is set reaches the query string (an empty search is no search). */
const userPageQuery = (search: string, after: string | null) => ({ limit: USER_PAGE_SIZE, search: search.trim() || undefined, after: after ?? undefined });

/** User Management's list: newest first, by keyset pages, searched on the server; each page carries everyone's counts. */
export const useUserPages = (search: string) =>
  useInfiniteQuery({
    queryKey: userKeys.pages(search.trim()),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api.page('/api/users', { query: userPageQuery(search, pageParam), signal }),
    getNextPageParam: (last) => last.nextCursor,
    // A new search keeps the rows shown (and the search box) until its first page arrives.
    placeholderData: keepPreviousData,
  });

export const fetchUsers = async (signal?: AbortSignal): Promise<UserListItem[]> => (await api.get('/api/users', { signal })).users;

export const promoteUser = (id: string) => api.patch('/api/users/{id}/promote', { path: { id } });
export const demoteUser = (id: string) => api.patch('/api/users/{id}/demote', { path: { id } });
export const deleteUser = (id: string) => api.delete('/api/users/{id}', { path: { id } });

export const useUsers = () => useQuery({ queryKey: userKeys.all, queryFn: ({ signal }) => fetchUsers(signal) });

/** A user mutation that refreshes the list once it has succeeded. */
const useUserMutation = <TReply>(mutationFn: (id: string) => Promise<TReply>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};

export const usePromoteUser = () => useUserMutation(promoteUser);
export const useDemoteUser = () => useUserMutation(demoteUser);
export const useDeleteUser = () => useUserMutation(deleteUser);
