/**
 * The realtime channel, shared by the server (socket.io) and the browser (socket.io-client):
 * one typed event map, the Notification entity of the specification and its toast durations.
 */
import type { Role } from './roles';

export { NOTIFICATION_HISTORY_LIMIT } from './constants';

export const NOTIFICATION_TYPES = [
  'estimate_status_change',
  'media_status_change',
  'new_estimate',
  'new_media_upload',
  'system_message',
  'makegood_offer',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const SYSTEM_SUB_TYPES = ['success', 'error', 'warning', 'info'] as const;
export type SystemSubType = (typeof SYSTEM_SUB_TYPES)[number];
export const DEFAULT_SYSTEM_SUB_TYPE: SystemSubType = 'info';

export const isNotificationType = (value: unknown): value is NotificationType => NOTIFICATION_TYPES.includes(value as NotificationType);

/** One notification, as stored for a user and as sent live (spec section 3, plus id and link targets). */
export interface Notification {
  id: string;
  type: NotificationType;
  message: string;
  subType: SystemSubType | null;
  /** The new status of the order or media file the notification is about. */
  status: string | null;
  estimateId: string | null;
  estimateName: string | null;
  mediaId: string | null;
  filename: string | null;
  /** ISO 8601. */
  timestamp: string;
  read: boolean;
}

/** Sent to an order's room when the order changed: open order pages refresh. */
export interface EstimateUpdate {
  estimateId: string;
  /** The order's status after the change. */
  status: string | null;
}

export interface AuthenticatedPayload {
  userId: string;
  role: Role;
}

export interface ServerToClientEvents {
  authenticated: (payload: AuthenticatedPayload) => void;
  auth_error: (payload: { message: string }) => void;
  /** Only to the notification's recipients. */
  notification: (notification: Notification) => void;
  /** To everyone watching the order (join_estimate), whoever they are. */
  estimate_updated: (update: EstimateUpdate) => void;
}

export interface ClientToServerEvents {
  /** The same signed session token as the API's bearer token. */
  authenticate: (payload: { token: string }) => void;
  /** The optional acknowledgement says whether the socket is now in the estimate's room. */
  join_estimate: (estimateId: string, ack?: (joined: boolean) => void) => void;
  leave_estimate: (estimateId: string, ack?: (left: boolean) => void) => void;
}

export const REALTIME_PATH = '/socket.io';
export const REALTIME_AUTH_ERROR = 'Invalid or expired session';
/** Reconnection of the browser client (second document, 'Realtime channel'). */
export const REALTIME_RECONNECT = { reconnectionDelay: 1000, reconnectionDelayMax: 5000, randomizationFactor: 0.5, timeout: 20_000 } as const;

export const userRoom = (userId: string) => `user:${userId}`;
export const ADMINS_ROOM = 'admins';
export const estimateRoom = (estimateId: string) => `estimate:${estimateId}`;

const TOAST_MS: Partial<Record<NotificationType, Record<string, number>>> = {
  estimate_status_change: { approved: 5000, rejected: 6000, modified: 5000 },
  media_status_change: { approved: 4000, rejected: 5000 },
};
const SYSTEM_TOAST_MS: Record<SystemSubType, number> = { success: 4000, error: 5000, warning: 5000, info: 4000 };
const OTHER_TOAST_MS = 4000;

/** How long the toast for a notification stays (spec section 9). */
export const toastDurationMs = (notification: Pick<Notification, 'type' | 'status' | 'subType'>): number => {
  if (notification.type === 'system_message') return SYSTEM_TOAST_MS[notification.subType ?? DEFAULT_SYSTEM_SUB_TYPE] ?? OTHER_TOAST_MS;
  return TOAST_MS[notification.type]?.[notification.status ?? ''] ?? OTHER_TOAST_MS;
};
