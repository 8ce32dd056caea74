import { isAdmin } from '../../../domain/roles';
import type { UserListItem } from '../../../domain/users';
import { Badge } from '../../ui/badge';
import { cellClasses, shownFrom, Table, Th } from '../../ui/table';
import { useSortedTable } from '../../ui/use-sorted-table';
import { formatJoined, roleListLabel, userName } from '../../ui/user-display';
import { AgencyControl } from './agency-control';
import { UserRowActions } from './user-row-actions';

const sortValues = {
  name: (user: UserListItem) => userName(user),
  email: (user: UserListItem) => user.email,
  role: (user: UserListItem) => roleListLabel(user.role),
  company: (user: UserListItem) => user.company,
  joined: (user: UserListItem) => new Date(user.created_at).getTime() || null,
};

interface UsersTableProps {
  users: readonly UserListItem[];
  currentUserId: string;
  busyUserId: string | null;
  onChangeRole: (user: UserListItem) => void;
  onDelete: (user: UserListItem) => void;
}

/** Column priority: the e-mail sits under the name below a laptop's width; company and joined from a laptop on. */
const FROM_LAPTOP = shownFrom('lg');
/** The e-mail sits under the name below lg: its own column only from there. */
const EMAIL = shownFrom('lg', false);

export const UsersTable = ({ users, currentUserId, busyUserId, onChangeRole, onDelete }: UsersTableProps) => {
  const { rows, header } = useSortedTable(users, sortValues, { key: 'joined', direction: 'desc' });

  return (
    <Table caption="Users">
      <thead className="bg-slate-50">
        <tr>
          {header('Name', 'name')}
          {header('Email', 'email', EMAIL)}
          {header('Role', 'role')}
          {header('Company', 'company', FROM_LAPTOP)}
          {header('Joined', 'joined', FROM_LAPTOP)}
          <Th className="relative text-right">
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white">
        {rows.map((user) => (
          <tr key={user.id} className="hover:bg-slate-50">
            <td className={`${cellClasses} max-w-40 sm:max-w-none`}>
              <span className="block truncate font-medium text-slate-900">{userName(user) ?? '—'}</span>
              <span className="block truncate text-xs text-slate-500 lg:hidden" title={user.email}>
                {user.email}
              </span>
            </td>
            <td className={`${cellClasses} ${EMAIL} max-w-56 truncate`} title={user.email}>
              {user.email}
            </td>
            <td className={cellClasses}>
              <Badge tone={isAdmin(user.role) ? 'purple' : 'slate'}>{roleListLabel(user.role)}</Badge>
            </td>
            <td className={`${cellClasses} ${FROM_LAPTOP}`}>{user.company || '—'}</td>
            <td className={`${cellClasses} ${FROM_LAPTOP} whitespace-nowrap`}>{formatJoined(user.created_at)}</td>
            <td className={`${cellClasses} text-right`}>
              <div className="flex flex-wrap items-center justify-end gap-2">
                {!isAdmin(user.role) && <AgencyControl user={user} />}
                <UserRowActions user={user} isSelf={user.id === currentUserId} busy={busyUserId === user.id} onChangeRole={onChangeRole} onDelete={onDelete} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
};
