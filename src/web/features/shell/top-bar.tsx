import type { SessionUser } from '../../../domain/auth';
import { CloseIcon, MenuIcon } from '../../ui/icons';
import { Logo } from '../../ui/logo';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';

interface TopBarProps {
  user: SessionUser;
  menuOpen: boolean;
  onToggleMenu: () => void;
  sidebarId: string;
}

export const TopBar = ({ user, menuOpen, onToggleMenu, sidebarId }: TopBarProps) => (
  <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 sm:px-6">
    <div className="flex items-center gap-2">
      <button
        type="button"
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={menuOpen}
        aria-controls={sidebarId}
        onClick={onToggleMenu}
        className="flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 md:hidden"
      >
        {menuOpen ? <CloseIcon /> : <MenuIcon />}
      </button>
      <Logo />
    </div>
    <div className="flex items-center gap-1 sm:gap-2">
      <NotificationBell />
      <UserMenu user={user} />
    </div>
  </header>
);
