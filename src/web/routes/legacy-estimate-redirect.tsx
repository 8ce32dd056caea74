import { Navigate, useLocation, useParams } from 'react-router';
import { paths } from '../config/paths';

/** The specification's lists link to /estimates/{id}; the page itself lives under /app. */
export function LegacyEstimateRedirect() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`${paths.app.estimate.href(id)}${search}`} replace />;
}
