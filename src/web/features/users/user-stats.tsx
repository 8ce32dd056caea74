import type { UserCounts } from '../../../domain/users';
import { StatCard } from '../../ui/card';
import { ShieldIcon, UserIcon, UsersIcon } from '../../ui/icons';

/** Everyone on the platform by role, whatever the search and however many pages are shown. */
export const UserStats = ({ counts }: { counts: UserCounts }) => {
  return (
    <div className="mb-6 grid grid-cols-3 gap-3 sm:gap-4">
      <StatCard label="Total Users" value={counts.total} icon={<UsersIcon />} />
      <StatCard label="Admins" value={counts.admins} icon={<ShieldIcon />} />
      <StatCard label="Clients" value={counts.clients} icon={<UserIcon />} />
    </div>
  );
};
