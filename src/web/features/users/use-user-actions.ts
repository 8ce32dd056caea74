import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { isAdmin } from '../../../domain/roles';
import type { UserListItem } from '../../../domain/users';
import { serverMessage } from '../../api/client';
import { useDeleteUser, useDemoteUser, usePromoteUser, userKeys } from '../../api/users';

/** Promote, demote and delete with their toasts; the list refreshes after each, whatever the outcome. */
export const useUserActions = () => {
  const promote = usePromoteUser();
  const demote = useDemoteUser();
  const remove = useDeleteUser();
  const queryClient = useQueryClient();
  // A refused change often means the list is stale (someone else removed or changed the user).
  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.all });
  const [pendingDelete, setPendingDelete] = useState<UserListItem | null>(null);

  const changeRole = (user: UserListItem) => {
    const demoting = isAdmin(user.role);
    const mutation = demoting ? demote : promote;
    mutation.mutate(user.id, {
      onSuccess: (reply) => toast.success(reply?.message ?? (demoting ? 'User demoted' : 'User promoted')),
      onError: (error) => {
        toast.error(serverMessage(error, demoting ? 'Failed to demote user' : 'Failed to promote user'));
        void refresh();
      },
    });
  };

  const confirmDelete = () => {
    if (!pendingDelete) return;
    remove.mutate(pendingDelete.id, {
      onSuccess: (reply) => toast.success(reply?.message ?? 'User deleted'),
      onError: (error) => {
        toast.error(serverMessage(error, 'Failed to delete user'));
        void refresh();
      },
      onSettled: () => setPendingDelete(null),
    });
  };

  const busyUserId = (promote.isPending && promote.variables) || (demote.isPending && demote.variables) || (remove.isPending && remove.variables) || null;

  return {
    changeRole,
    busyUserId,
    pendingDelete,
    askDelete: setPendingDelete,
    cancelDelete: () => setPendingDelete(null),
    confirmDelete,
    deleting: remove.isPending,
  };
};
