/** The toasts of the realtime channel: one per notification, and the connection messages. */
import toast from 'react-hot-toast';
import { toastDurationMs, type Notification } from '../../../domain/realtime';
import { AlertIcon, BellIcon } from '../../ui/icons';

/**
 * In the spec's order of the channel's events: authenticated, auth_error (the token was refused),
 * connect_error (the connection could not be made).
 */
export const REALTIME_MESSAGES = {
  connected: 'Connected to real-time notifications',
  authFailed: 'Failed to connect to notifications',
  connectFailed: 'Connection to real-time notifications failed',
} as const;

type Tone = 'success' | 'error' | 'warning' | 'info';

const toneOf = (notification: Notification): Tone => {
  if (notification.type === 'system_message') return notification.subType ?? 'info';
  if (notification.type === 'estimate_status_change' || notification.type === 'media_status_change') {
    if (notification.status === 'approved') return 'success';
    if (notification.status === 'rejected') return 'error';
    if (notification.status === 'modified') return 'warning';
  }
  return 'info';
};

/** A toast for a live notification, as long as the spec says for its type and status. */
export const showNotificationToast = (notification: Notification) => {
  const options = { id: `notification-${notification.id}`, duration: toastDurationMs(notification) };
  const tone = toneOf(notification);
  if (tone === 'success') toast.success(notification.message, options);
  else if (tone === 'error') toast.error(notification.message, options);
  else
    toast(notification.message, {
      ...options,
      icon: tone === 'warning' ? <AlertIcon className="size-5 shrink-0 text-amber-500" /> : <BellIcon className="size-5 shrink-0 text-blue-600" />,
    });
};

export const showConnectedToast = () => toast.success(REALTIME_MESSAGES.connected, { id: 'realtime-connected', duration: 2000, position: 'bottom-right' });

export const showConnectFailedToast = () => toast.error(REALTIME_MESSAGES.connectFailed, { id: 'realtime-connect-failed' });

export const showAuthFailedToast = () => toast.error(REALTIME_MESSAGES.authFailed, { id: 'realtime-auth-failed' });
