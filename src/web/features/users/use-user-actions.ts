import { useState } from 'react';
import toast from 'react-hot-toast';
import { isAdmin } from '../../../domain/roles';
import type { UserListItem } from '../../../domain/users';
import { serverMessage } from '../../api/client';
import { useDeleteUser, useDemoteUser, usePromoteUser } from '../../api/users';

/** Promote, demote and delete with their toasts; the list refreshes after each success. */
export const useUserActions = () => {
  const promote = usePromoteUser();
  const demote = useDemoteUser();
  const remove = useDeleteUser();
  const [pendingDelete, setPendingDelete] = useState<UserListItem | null>(null);

  const changeRole = (user: UserListItem) => {
    const demoting = isAdmin(user.role);
    const mutation = demoting ? demote : promote;
    mutation.mutate(user.id, {
      onSuccess: (reply) => toast.success(reply?.message ?? (demoting ? 'User demoted' : 'User promoted')),
      onError: (error) => toast.error(serverMessage(error, demoting ? 'Failed to demote user' : 'Failed to promote user')),
    });
  };

  const confirmDelete = () => {
    if (!pendingDelete) return;
    remove.mutate(pendingDelete.id, {
      onSuccess: (reply) => toast.success(reply?.message ?? 'User deleted'),
      onError: (error) => toast.error(serverMessage(error, 'Failed to delete user')),
      onSettled: () => setPendingDelete(null),
    });
  };

  const busyUserId =
    (promote.isPending && promote.variables) ||
    (demote.isPending && demote.variables) ||
    (remove.isPending && remove.variables) ||
    null;

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
