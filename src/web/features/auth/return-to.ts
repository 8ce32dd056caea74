import type { Location } from 'react-router';
import { paths } from '../../config/paths';

/**
 * Where a visitor sent to /login was going (issue 29, item 11). The guards pass the page asked for
 * in the router's state, so /login keeps its address; only a page inside the app is returned to.
 */
export interface ReturnState {
  from?: { pathname: string; search: string; hash: string };
}

export const returnState = (location: Location): ReturnState => ({
  from: { pathname: location.pathname, search: location.search, hash: location.hash },
});

/** The page to open after signing in: the one asked for if it is in the app, else the dashboard. */
export const afterSignInPath = (location: Location): string => {
  const from = (location.state as ReturnState | null)?.from;
  if (!from || typeof from.pathname !== 'string') return paths.app.dashboard.href();
  const inApp = from.pathname === paths.app.root.path || from.pathname.startsWith(`${paths.app.root.path}/`);
  if (!inApp || from.pathname.startsWith('//')) return paths.app.dashboard.href();
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
};
