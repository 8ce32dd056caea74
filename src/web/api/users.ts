import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserListItem } from '../../domain/users';
import { apiRequest } from './client';

export const userKeys = {
  all: ['users'] as const,
};

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
