import { useCallback, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { isAdmin } from '../../../domain/roles';
import { useAuth } from '../../shared/auth-context';
import { RealtimeProvider } from '../notifications/realtime-provider';
import { SidebarNav } from './sidebar-nav';
import { TopBar } from './top-bar';

const SIDEBAR_ID = 'app-sidebar';

/** The signed-in shell: top bar, a 16rem sidebar (a drawer on small screens) and the page. */
export const AppLayout = () => {
  const { user } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen, closeMenu]);

  if (!user) return null;

  return (
    <RealtimeProvider key={user.id} user={user}>
      <div className="min-h-dvh bg-slate-50">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-medium text-blue-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        <TopBar user={user} menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} sidebarId={SIDEBAR_ID} />
        <div className="flex">
          {menuOpen && <div className="fixed inset-0 top-16 z-20 bg-slate-900/40 md:hidden" aria-hidden="true" onClick={closeMenu} />}
          <aside
            id={SIDEBAR_ID}
            className={`fixed bottom-0 left-0 top-16 z-20 w-64 shrink-0 overflow-y-auto border-r border-slate-200 bg-white transition-transform md:visible md:sticky md:h-[calc(100dvh-4rem)] md:translate-x-0 ${
              menuOpen ? 'visible translate-x-0' : 'invisible -translate-x-full'
            }`}
          >
            <SidebarNav admin={isAdmin(user.role)} onNavigate={closeMenu} />
          </aside>
          <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8">
            <div className="mx-auto max-w-7xl">
              <Outlet />
            </div>
          </main>
        </div>
      </div>
    </RealtimeProvider>
  );
};
