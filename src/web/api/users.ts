import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ReplyOf } from './typed';

export const userKeys = {
  all: ['users'] as const,
};

export type UserListItem = ReplyOf<'/api/users', 'get'>['users'][number];

export const fetchUsers = async (signal?: AbortSignal): Promise<UserListItem[]> => (await api.get('/api/users', { signal })).users;

export const promoteUser = (id: string) => api.patch('/api/users/{id}/promote', { path: { id } });
export const demoteUser = (id: string) => api.patch('/api/users/{id}/demote', { path: { id } });
export const deleteUser = (id: string) => api.delete('/api/users/{id}', { path: { id } });

export const useUsers = () =>
  useQuery({ queryKey: userKeys.all, queryFn: ({ signal }) => fetchUsers(signal) });

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
