import { useCallback, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { unreadBadge } from '../../../domain/format';
import type { Notification } from '../../../domain/realtime';
import { BellIcon } from '../../ui/icons';
import { useAuth } from '../../shared/auth-context';
import { notificationTarget } from '../notifications/notification-list';
import { NotificationPanel } from '../notifications/notification-panel';
import { useRealtime } from '../../shared/realtime-context';
import { useDismiss } from './use-dismiss';

/**
 * The bell in the top bar: a green dot while the realtime channel is live, red otherwise (also said in
 * its name and title: the only place the connection state shows while it holds); the
 * unread count ('9+' above 9); a dropdown with the latest notifications. Opening it marks them read.
 */
export const NotificationBell = () => {
  const { user } = useAuth();
  const realtime = useRealtime();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, container, trigger);

  const live = realtime.status === 'connected';
  const unread = realtime.unreadCount;
  // The name is the visible text (the unread count, '9+' above 9) with its words around it, and the
  // connection state, spelled out once: hidden spans would each add a space ("Notifications , live").
  const name = `Notifications${unread > 0 ? ` ${unreadBadge(unread)} unread` : ''}, ${live ? 'live' : 'offline'}`;

  const toggle = () => {
    if (open) {
      setOpen(false);
      return;
    }
    setFreshIds(new Set(realtime.notifications.filter((item) => !item.read).map((item) => item.id)));
    setOpen(true);
    if (unread > 0) realtime.markAllRead();
  };

  const targetOf = useCallback((notification: Notification) => (user ? notificationTarget(notification, user.role) : null), [user]);

  const openItem = (notification: Notification, target: string) => {
    if (!notification.read) realtime.markRead(notification.id);
    setOpen(false);
    navigate(target);
  };

  return (
    <div ref={container} className="relative">
      <button
        ref={trigger}
        type="button"
        title={live ? 'Notifications: live' : 'Notifications: offline'}
        aria-label={name}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className="relative flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <BellIcon className="size-5" />
        <span
          className={`absolute bottom-2 right-2 size-2 rounded-full ring-2 ring-white ${live ? 'bg-green-500' : 'bg-red-500'}`}
          data-testid="realtime-status"
          data-status={live ? 'connected' : 'disconnected'}
          aria-hidden="true"
        />
        {unread > 0 && (
          <span className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] font-semibold leading-none text-white ring-2 ring-white">
            {unreadBadge(unread)}
          </span>
        )}
      </button>
      {open && (
        <NotificationPanel
          id={panelId}
          status={realtime.status}
          notifications={realtime.notifications}
          total={realtime.total}
          freshIds={freshIds}
          onClearAll={realtime.clearAll}
          targetOf={targetOf}
          onOpenItem={openItem}
        />
      )}
    </div>
  );
};
