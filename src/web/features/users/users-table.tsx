import { isAdmin } from '../../../domain/roles';
import type { UserListItem } from '../../../domain/users';
import { Badge } from '../../ui/badge';
import { Table, Th, cellClasses } from '../../ui/table';
import { useSortedTable } from '../../ui/use-sorted-table';
import { formatJoined, roleListLabel, userName } from './user-display';
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

export const UsersTable = ({ users, currentUserId, busyUserId, onChangeRole, onDelete }: UsersTableProps) => {
  const { rows, header } = useSortedTable(users, sortValues, { key: 'joined', direction: 'desc' });

  return (
    <Table caption="Users">
      <thead className="bg-slate-50">
        <tr>
          {header('Name', 'name')}
          {header('Email', 'email')}
          {header('Role', 'role')}
          {header('Company', 'company')}
          {header('Joined', 'joined')}
          <Th className="relative text-right">
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white">
        {rows.map((user) => (
          <tr key={user.id} className="hover:bg-slate-50">
            <td className={`${cellClasses} font-medium text-slate-900`}>{userName(user) ?? '—'}</td>
            <td className={cellClasses}>{user.email}</td>
            <td className={cellClasses}>
              <Badge tone={isAdmin(user.role) ? 'purple' : 'slate'}>{roleListLabel(user.role)}</Badge>
            </td>
            <td className={cellClasses}>{user.company || '—'}</td>
            <td className={`${cellClasses} whitespace-nowrap`}>{formatJoined(user.created_at)}</td>
            <td className={`${cellClasses} text-right`}>
              <div className="flex items-center justify-end gap-2">
                {!isAdmin(user.role) && <AgencyControl user={user} />}
                <UserRowActions
                  user={user}
                  isSelf={user.id === currentUserId}
                  busy={busyUserId === user.id}
                  onChangeRole={onChangeRole}
                  onDelete={onDelete}
                />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
};
