import { Navigate, Outlet } from 'react-router';
import { isAdmin } from '../../../domain/roles';
import { paths } from '../../config/paths';
import { PageSpinner } from '../../ui/spinner';
import { useAuth } from './auth-context';

const FullPageSpinner = () => (
  <div className="flex min-h-dvh items-center justify-center">
    <PageSpinner label="Loading…" />
  </div>
);

/** Signed-in users only; visitors go to /login. */
export const ProtectedRoute = () => {
  const { status } = useAuth();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'anonymous') return <Navigate to={paths.login.href()} replace />;
  return <Outlet />;
};

/** Traffic administrators only; visitors go to /login and other users to the dashboard. */
export const AdminRoute = () => {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageSpinner label="Loading…" />;
  if (status === 'anonymous' || !user) return <Navigate to={paths.login.href()} replace />;
  if (!isAdmin(user.role)) return <Navigate to={paths.app.dashboard.href()} replace />;
  return <Outlet />;
};

/** Pages for visitors (sign in): a signed-in user goes straight to the dashboard. */
export const PublicOnlyRoute = () => {
  const { status } = useAuth();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'authenticated') return <Navigate to={paths.app.dashboard.href()} replace />;
  return <Outlet />;
};
