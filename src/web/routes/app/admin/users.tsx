import { UserManagement } from '../../../features/users/user-management';
import { PageHeader } from '../../../ui/page-header';

export const AdminUsersRoute = () => (
  <>
    <PageHeader title="User Management" description="See every account, change roles and remove users." />
    <UserManagement />
  </>
);
