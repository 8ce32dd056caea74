import { useEffect, useState } from 'react';
import { NOTIFICATION_DROPDOWN_LIMIT } from '../../../domain/constants';
import { countOf, formatRelativeTime, partOf } from '../../../domain/format';
import type { Notification } from '../../../domain/realtime';
import { BellIcon } from '../../ui/icons';
import { notificationSubject } from './notification-list';
import type { RealtimeStatus } from '../../shared/realtime-context';

export const LiveIndicator = ({ status }: { status: RealtimeStatus }) => {
  const live = status === 'connected';
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-500">
      <span className={`size-2 rounded-full ${live ? 'bg-green-500' : 'bg-red-500'}`} aria-hidden="true" />
      {live ? 'Live' : 'Offline'}
    </span>
  );
};

/** The current time, moving on every 30 s while shown, for the relative times. */
const useNow = () => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
};

const dotClasses: Record<Notification['type'], string> = {
  estimate_status_change: 'bg-blue-500',
  new_estimate: 'bg-purple-500',
  media_status_change: 'bg-amber-500',
  new_media_upload: 'bg-amber-500',
  system_message: 'bg-slate-400',
  makegood_offer: 'bg-orange-500',
};

const toneDot = (notification: Notification): string => {
  if (notification.status === 'approved' || notification.subType === 'success') return 'bg-green-500';
  if (notification.status === 'rejected' || notification.subType === 'error') return 'bg-red-500';
  if (notification.status === 'modified' || notification.subType === 'warning') return 'bg-amber-500';
  return dotClasses[notification.type];
};

interface ItemProps {
  notification: Notification;
  /** Unread when the panel was opened (the panel marks everything read as it opens). */
  fresh: boolean;
  now: Date;
  onOpen?: () => void;
}

const NotificationItem = ({ notification, fresh, now, onOpen }: ItemProps) => {
  const subject = notificationSubject(notification);
  const body = (
    <>
      <span className={`mt-1.5 size-2 shrink-0 rounded-full ${toneDot(notification)}`} aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className={`block text-sm ${fresh ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>{notification.message}</span>
        {subject && <span className="mt-0.5 block truncate text-xs text-slate-500">{subject}</span>}
        <time dateTime={notification.timestamp} className="mt-0.5 block text-xs text-slate-500">
          {formatRelativeTime(notification.timestamp, now)}
        </time>
      </span>
      {fresh && <span className="sr-only">(new)</span>}
    </>
  );
  const classes = `flex w-full gap-3 px-4 py-3 text-left ${fresh ? 'bg-blue-50/60' : ''}`;
  return (
    <li className="border-b border-slate-100 last:border-b-0">
      {onOpen ? (
        <button
          type="button"
          onClick={onOpen}
          className={`${classes} hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600`}
        >
          {body}
        </button>
      ) : (
        <div className={classes}>{body}</div>
      )}
    </li>
  );
};

interface PanelProps {
  id: string;
  status: RealtimeStatus;
  notifications: Notification[];
  total: number;
  freshIds: ReadonlySet<string>;
  onClearAll: () => void;
  /** The item's link, when it has one. */
  targetOf: (notification: Notification) => string | null;
  onOpenItem: (notification: Notification, target: string) => void;
}

/**
 * The bell's dropdown: Live/Offline, the latest 10, Clear All, and how many there are in all.
 * Clear All asks first, and "Show all" lists every notification the browser holds (issue 29, item 18).
 */
export const NotificationPanel = ({ id, status, notifications, total, freshIds, onClearAll, targetOf, onOpenItem }: PanelProps) => {
  const now = useNow();
  const [expanded, setExpanded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const shown = expanded ? notifications : notifications.slice(0, NOTIFICATION_DROPDOWN_LIMIT);
  const all = Math.max(total, notifications.length);
  const linkClasses = 'rounded text-xs font-medium text-blue-600 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600';

  return (
    <div
      id={id}
      role="region"
      aria-label="Notifications"
      className="fixed inset-x-4 top-16 z-40 rounded-lg border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-96"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <div className="flex items-center gap-3">
          <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
          <LiveIndicator status={status} />
        </div>
        {shown.length > 0 && !confirming && (
          <button type="button" onClick={() => setConfirming(true)} className={linkClasses}>
            Clear All
          </button>
        )}
      </div>
      {confirming && shown.length > 0 && (
        <div
          role="alertdialog"
          aria-label="Clear all notifications?"
          className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-amber-50 px-4 py-2 text-xs text-amber-900"
        >
          <span>Clear all {countOf(all, 'notification')}? This cannot be undone.</span>
          <span className="flex gap-3">
            <button type="button" onClick={() => setConfirming(false)} className={linkClasses} autoFocus>
              Cancel
            </button>
            <button
              type="button"
              onClick={() => {
                setConfirming(false);
                onClearAll();
              }}
              className={`${linkClasses} text-red-700!`}
            >
              Clear
            </button>
          </span>
        </div>
      )}
      {shown.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-10 text-center">
          <BellIcon className="size-8 text-slate-300" />
          <p className="mt-3 text-sm font-medium text-slate-900">No notifications yet</p>
          <p className="mt-1 text-xs text-slate-500">You'll see real-time updates here</p>
        </div>
      ) : (
        <ul className="max-h-[min(28rem,calc(100dvh-10rem))] overflow-y-auto">
          {shown.map((notification) => {
            const target = targetOf(notification);
            return (
              <NotificationItem
                key={notification.id}
                notification={notification}
                fresh={freshIds.has(notification.id) || !notification.read}
                now={now}
                onOpen={target ? () => onOpenItem(notification, target) : undefined}
              />
            );
          })}
        </ul>
      )}
      {all > NOTIFICATION_DROPDOWN_LIMIT && (
        <p className="flex items-center justify-center gap-3 border-t border-slate-200 px-4 py-2 text-center text-xs text-slate-500">
          <span>Showing {partOf(shown.length, all, 'notification')}</span>
          {notifications.length > shown.length && (
            <button type="button" onClick={() => setExpanded(true)} className={linkClasses}>
              Show all
            </button>
          )}
        </p>
      )}
    </div>
  );
};
