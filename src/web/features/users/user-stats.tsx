import { isAdmin } from '../../../domain/roles';
import type { UserListItem } from '../../../domain/users';
import { StatCard } from '../../ui/card';
import { ShieldIcon, UserIcon, UsersIcon } from '../../ui/icons';

export const UserStats = ({ users }: { users: readonly UserListItem[] }) => {
  const admins = users.filter((user) => isAdmin(user.role)).length;
  return (
    <div className="mb-6 grid grid-cols-3 gap-3 sm:gap-4">
      <StatCard label="Total Users" value={users.length} icon={<UsersIcon />} />
      <StatCard label="Admins" value={admins} icon={<ShieldIcon />} />
      <StatCard label="Clients" value={users.length - admins} icon={<UserIcon />} />
    </div>
  );
};
