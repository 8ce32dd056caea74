import { Navigate, Outlet, useLocation } from 'react-router';
import { isAdmin } from '../../../domain/roles';
import { paths } from '../../config/paths';
import { PageSpinner } from '../../ui/spinner';
import { useAuth } from '../../shared/auth-context';
import { afterSignInPath, returnState } from './return-to';

const FullPageSpinner = () => (
  <div className="flex min-h-dvh items-center justify-center">
    <PageSpinner label="Loading…" />
  </div>
);

/** Signed-in users only; visitors go to /login. */
export const ProtectedRoute = () => {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'anonymous') return <Navigate to={paths.login.href()} state={returnState(location)} replace />;
  return <Outlet />;
};

/** Traffic administrators only; visitors go to /login and other users to the dashboard. */
export const AdminRoute = () => {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Loading…" />;
  if (status === 'anonymous' || !user) return <Navigate to={paths.login.href()} state={returnState(location)} replace />;
  if (!isAdmin(user.role)) return <Navigate to={paths.app.dashboard.href()} replace />;
  return <Outlet />;
};

/** Pages for visitors (sign in): a signed-in user goes to the page they asked for, else the dashboard. */
export const PublicOnlyRoute = () => {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'authenticated') return <Navigate to={afterSignInPath(location)} replace />;
  return <Outlet />;
};
