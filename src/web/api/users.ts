import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserCounts, UserListItem } from '../../domain/users';
import { apiPage, apiRequest } from './client';

export const userKeys = {
  all: ['users'] as const,
  pages: (search: string) => ['users', 'pages', search] as const,
};

/** Rows per page of User Management. */
export const USER_PAGE_SIZE = 50;

const userPageQuery = (search: string, after: string | null) => {
  const params = new URLSearchParams({ limit: String(USER_PAGE_SIZE) });
  if (search.trim()) params.set('search', search.trim());
  if (after) params.set('after', after);
  return params.toString();
};

/** User Management's list: newest first, by keyset pages, searched on the server; each page carries everyone's counts. */
export const useUserPages = (search: string) =>
  useInfiniteQuery({
    queryKey: userKeys.pages(search.trim()),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => apiPage<{ users: UserListItem[]; counts?: UserCounts }>(`/users?${userPageQuery(search, pageParam)}`, { signal }),
    getNextPageParam: (last) => last.nextCursor,
    // A new search keeps the rows shown (and the search box) until its first page arrives.
    placeholderData: keepPreviousData,
  });

interface MessageReply {
  message: string;
}

export const fetchUsers = async (signal?: AbortSignal): Promise<UserListItem[]> => {
  const reply = await apiRequest<{ users?: UserListItem[] }>('/users', { signal });
  return reply?.users ?? [];
};

export const promoteUser = (id: string): Promise<MessageReply> =>
  apiRequest(`/users/${encodeURIComponent(id)}/promote`, { method: 'PATCH' });

export const demoteUser = (id: string): Promise<MessageReply> =>
  apiRequest(`/users/${encodeURIComponent(id)}/demote`, { method: 'PATCH' });

export const deleteUser = (id: string): Promise<MessageReply> =>
  apiRequest(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useUsers = () =>
  useQuery({ queryKey: userKeys.all, queryFn: ({ signal }) => fetchUsers(signal) });

/** A user mutation that refreshes the list once it has succeeded. */
const useUserMutation = (mutationFn: (id: string) => Promise<MessageReply>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};

export const usePromoteUser = () => useUserMutation(promoteUser);
export const useDemoteUser = () => useUserMutation(demoteUser);
export const useDeleteUser = () => useUserMutation(deleteUser);
