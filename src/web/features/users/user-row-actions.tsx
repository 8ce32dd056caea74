import { isAdmin } from '../../../domain/roles';
import type { UserListItem } from '../../../domain/users';
import { Button } from '../../ui/button';

interface UserRowActionsProps {
  user: UserListItem;
  isSelf: boolean;
  /** A change for this user is under way. */
  busy: boolean;
  onChangeRole: (user: UserListItem) => void;
  onDelete: (user: UserListItem) => void;
}

/** Promote or Demote, and Delete; an administrator's own row only says 'You'. */
export const UserRowActions = ({ user, isSelf, busy, onChangeRole, onDelete }: UserRowActionsProps) => {
  if (isSelf) return <span className="text-sm font-medium text-slate-500">You</span>;
  const admin = isAdmin(user.role);
  const roleAction = admin ? 'Demote' : 'Promote';
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" size="sm" loading={busy} aria-label={`${roleAction} ${user.email}`} onClick={() => onChangeRole(user)}>
        {roleAction}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        disabled={busy}
        aria-label={`Delete ${user.email}`}
        className="text-red-600 hover:bg-red-50 hover:text-red-700"
        onClick={() => onDelete(user)}
      >
        Delete
      </Button>
    </div>
  );
};
