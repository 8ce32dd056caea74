/** The bell's history as pure functions: merging live notifications, read state, where an item leads. */
import { NOTIFICATION_HISTORY_LIMIT } from '../../../domain/constants';
import type { Notification } from '../../../domain/realtime';
import { isAdmin, type Role } from '../../../domain/roles';
import type { NotificationList } from '../../api/notifications';
import { paths } from '../../config/paths';

export const EMPTY_LIST: NotificationList = { notifications: [], unread_count: 0, total: 0 };

const newestFirst = (a: Notification, b: Notification) => Date.parse(b.timestamp) - Date.parse(a.timestamp);

const withCounts = (notifications: Notification[]): NotificationList => ({
  notifications,
  unread_count: notifications.filter((item) => !item.read).length,
  total: notifications.length,
});

/** Adds a live notification to the history: newest first, no duplicates, at most 50. */
export const addNotification = (list: NotificationList, incoming: Notification): NotificationList => {
  if (list.notifications.some((item) => item.id === incoming.id)) return list;
  return withCounts([incoming, ...list.notifications].sort(newestFirst).slice(0, NOTIFICATION_HISTORY_LIMIT));
};

export const markOneRead = (list: NotificationList, id: string): NotificationList =>
  list.notifications.some((item) => item.id === id && !item.read)
    ? withCounts(list.notifications.map((item) => (item.id === id ? { ...item, read: true } : item)))
    : list;

export const markEveryRead = (list: NotificationList): NotificationList =>
  list.unread_count === 0 && list.notifications.every((item) => item.read)
    ? list
    : withCounts(list.notifications.map((item) => (item.read ? item : { ...item, read: true })));

/** Where a click on an item leads: the order, or the media library (the approvals screen for admins). */
export const notificationTarget = (notification: Notification, role: Role): string | null => {
  if (notification.estimateId) return paths.app.estimate.href(notification.estimateId);
  if (notification.mediaId || notification.type === 'media_status_change' || notification.type === 'new_media_upload') {
    return isAdmin(role) ? paths.app.admin.mediaApprovals.href() : paths.app.media.href();
  }
  return null;
};

/** The optional second line: 'Estimate: {name}' or 'File: {name}'. */
export const notificationSubject = (notification: Notification): string | null => {
  if (notification.estimateName) return `Estimate: ${notification.estimateName}`;
  if (notification.filename) return `File: ${notification.filename}`;
  return null;
};

export const touchesMedia = (notification: Notification): boolean =>
  notification.mediaId !== null || notification.type === 'media_status_change' || notification.type === 'new_media_upload';
