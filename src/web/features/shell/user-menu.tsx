import { useCallback, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { SessionUser } from '../../../domain/auth';
import { roleMenuLabel } from '../../../domain/roles';
import { paths } from '../../config/paths';
import { ChevronDownIcon, LogOutIcon, UserIcon } from '../../ui/icons';
import { useAuth } from '../../shared/auth-context';
import { useDismiss } from './use-dismiss';

const initialsOf = (name: string): string =>
  name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

const itemClasses =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600';

/** Who is signed in (name or e-mail, and Admin/User), with Profile and Sign out. */
export const UserMenu = ({ user }: { user: SessionUser }) => {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, container, trigger);

  const displayName = user.full_name?.trim() || user.email;

  const signOut = async () => {
    setSigningOut(true);
    await logout();
    navigate(paths.login.href(), { replace: true });
  };

  return (
    <div ref={container} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-lg py-1 pl-1 pr-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <span className="flex size-8 items-center justify-center rounded-full bg-blue-600 text-xs font-semibold text-white" aria-hidden="true">
          {initialsOf(displayName)}
        </span>
        <span className="hidden text-left sm:block">
          <span className="block max-w-40 truncate text-sm font-medium text-slate-900">{displayName}</span>{' '}
          <span className="block text-xs text-slate-500">{roleMenuLabel(user.role)}</span>
        </span>
        <span className="sr-only sm:hidden">
          {displayName} {roleMenuLabel(user.role)}
        </span>
        <ChevronDownIcon className="size-4 text-slate-400" />
      </button>
      {open && (
        <div id={panelId} className="absolute right-0 z-40 mt-2 w-60 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <div className="border-b border-slate-100 px-3 py-2">
            <p className="truncate text-sm font-medium text-slate-900">{displayName}</p>
            {displayName !== user.email && <p className="truncate text-xs text-slate-500">{user.email}</p>}
          </div>
          <ul className="pt-1">
            <li>
              <Link to={paths.app.profile.href()} className={itemClasses} onClick={close}>
                <UserIcon className="size-4" />
                Profile
              </Link>
            </li>
            <li>
              <button type="button" className={itemClasses} onClick={signOut} disabled={signingOut}>
                <LogOutIcon className="size-4" />
                Sign out
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
};
