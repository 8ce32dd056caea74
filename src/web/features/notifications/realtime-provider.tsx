import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { SessionUser } from '../../../domain/auth';
import { REALTIME_PATH, REALTIME_RECONNECT, type ClientToServerEvents, type Notification, type ServerToClientEvents } from '../../../domain/realtime';
import { estimateKeys } from '../../api/estimates';
import { mediaKeys } from '../../api/media';
import {
  clearNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
  useNotificationHistory,
  type NotificationList,
} from '../../api/notifications';
import { readToken } from '../../api/token-storage';
import { useAuth } from '../../shared/auth-context';
import { EMPTY_LIST, addNotification, markEveryRead, markOneRead, touchesMedia } from './notification-list';
import { showAuthFailedToast, showConnectFailedToast, showConnectedToast, showNotificationToast } from './notification-toasts';
import { RealtimeContext, type RealtimeContextValue, type RealtimeStatus } from '../../shared/realtime-context';

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The session whose token the channel refused: its failure is not toasted again. */
let refusedSession: string | null = null;

/**
 * The realtime channel of a signed-in user: one socket.io connection on the page origin
 * (websocket only), authenticated with the session token. It keeps the bell's history (the
 * stored notifications merged with the live ones), toasts each notification, refreshes the
 * orders and media it is about, and joins the rooms of the orders open on screen. Unmounting it
 * (sign-out) closes the connection.
 */
export const RealtimeProvider = ({ user, children }: { user: SessionUser; children: ReactNode }) => {
  const queryClient = useQueryClient();
  const history = useNotificationHistory(true);
  const [status, setStatus] = useState<RealtimeStatus>(() => (readToken() ? 'connecting' : 'disconnected'));
  const socketRef = useRef<AppSocket | null>(null);
  const authenticatedRef = useRef(false);
  /** Order rooms wanted by the pages on screen, with how many ask for each. */
  const roomsRef = useRef(new Map<string, number>());

  const setList = useCallback(
    (update: (list: NotificationList) => NotificationList) =>
      queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) => update(list ?? EMPTY_LIST)),
    [queryClient],
  );
  const resync = useCallback(() => queryClient.invalidateQueries({ queryKey: notificationKeys.list }), [queryClient]);

  /** A notification arrives only at its recipients: listed, toasted, and what it is about refreshed. */
  const receive = useCallback(
    (notification: Notification) => {
      const loaded = queryClient.getQueryData<NotificationList>(notificationKeys.list) !== undefined;
      // While the history loads, the answer may predate this notification: ask again instead.
      if (loaded && queryClient.isFetching({ queryKey: notificationKeys.list }) === 0) setList((list) => addNotification(list, notification));
      else void resync();
      showNotificationToast(notification);
      if (notification.estimateId || notification.type === 'estimate_status_change' || notification.type === 'new_estimate') {
        void queryClient.invalidateQueries({ queryKey: estimateKeys.all });
      }
      if (touchesMedia(notification)) void queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    },
    [queryClient, resync, setList],
  );
  const { refreshUser } = useAuth();
  const refreshUserRef = useRef(refreshUser);
  const roleRef = useRef(user.role);
  useEffect(() => {
    refreshUserRef.current = refreshUser;
    roleRef.current = user.role;
  });
  const receiveRef = useRef(receive);
  useEffect(() => {
    receiveRef.current = receive;
  });

  useEffect(() => {
    const token = readToken();
    if (!token) return;
    const socket: AppSocket = io({ path: REALTIME_PATH, transports: ['websocket'], ...REALTIME_RECONNECT, autoConnect: false });
    socketRef.current = socket;
    let failureShown = false;
    let authenticatedBefore = false;

    socket.on('connect', () => {
      setStatus('connecting');
      socket.emit('authenticate', { token: readToken() ?? token });
    });
    socket.on('authenticated', ({ role }) => {
      authenticatedRef.current = true;
      // An administrator changed this user's role meanwhile: the menus follow.
      if (role !== roleRef.current) void refreshUserRef.current();
      // The bell shows the live state; 'Connected…' is toasted only when the channel comes back after a loss.
      const cameBack = failureShown;
      failureShown = false;
      setStatus('connected');
      if (cameBack) showConnectedToast();
      // Rooms do not survive a reconnection: join again what the pages on screen watch.
      for (const estimateId of roomsRef.current.keys()) socket.emit('join_estimate', estimateId);
      if (authenticatedBefore) {
        // Back after a break: catch up with what happened meanwhile.
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
        void queryClient.invalidateQueries({ queryKey: estimateKeys.all });
        void queryClient.invalidateQueries({ queryKey: mediaKeys.all });
      }
      authenticatedBefore = true;
    });
    socket.on('auth_error', () => {
      authenticatedRef.current = false;
      setStatus('disconnected');
      if (refusedSession !== token) {
        refusedSession = token;
        showAuthFailedToast();
      }
    });
    socket.on('connect_error', () => {
      authenticatedRef.current = false;
      setStatus('disconnected');
      // socket.io keeps retrying (1 s to 5 s); one toast per outage, not one per attempt.
      if (!failureShown) {
        failureShown = true;
        showConnectFailedToast();
      }
    });
    let retry: number | undefined;
    socket.on('disconnect', (reason) => {
      authenticatedRef.current = false;
      setStatus('disconnected');
      // A live channel lost (the network or the server went away, not a deliberate close): said once,
      // and again when it comes back.
      if ((reason === 'transport close' || reason === 'transport error' || reason === 'ping timeout') && !failureShown) {
        failureShown = true;
        showConnectFailedToast();
      }
      // socket.io only reconnects by itself after a lost connection. A server that closed the
      // socket on purpose (restarting, or a slow authentication) is tried again too, unless it
      // refused the token.
      if (reason === 'io server disconnect' && refusedSession !== token) {
        window.clearTimeout(retry);
        retry = window.setTimeout(() => socket.connect(), REALTIME_RECONNECT.reconnectionDelay * (1 + Math.random() * REALTIME_RECONNECT.randomizationFactor));
      }
    });
    socket.on('notification', (notification) => receiveRef.current(notification));
    // An order open on screen changed (whoever was told about it): its page and lists refresh.
    socket.on('estimate_updated', () => void queryClient.invalidateQueries({ queryKey: estimateKeys.all }, { cancelRefetch: false }));
    socket.connect();

    return () => {
      window.clearTimeout(retry);
      socket.removeAllListeners();
      socket.disconnect();
      if (socketRef.current === socket) socketRef.current = null;
      authenticatedRef.current = false;
    };
  }, [user.id, queryClient]);

  const joinEstimate = useCallback((estimateId: string) => {
    const rooms = roomsRef.current;
    const count = rooms.get(estimateId) ?? 0;
    rooms.set(estimateId, count + 1);
    if (count === 0 && authenticatedRef.current) socketRef.current?.emit('join_estimate', estimateId);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const remaining = (rooms.get(estimateId) ?? 1) - 1;
      if (remaining > 0) {
        rooms.set(estimateId, remaining);
        return;
      }
      rooms.delete(estimateId);
      if (socketRef.current?.connected) socketRef.current.emit('leave_estimate', estimateId);
    };
  }, []);

  const markRead = useCallback(
    (id: string) => {
      setList((list) => markOneRead(list, id));
      markNotificationRead(id).catch(() => resync());
    },
    [resync, setList],
  );

  const markAllRead = useCallback(() => {
    setList(markEveryRead);
    markAllNotificationsRead().catch(() => resync());
  }, [resync, setList]);

  const clearAll = useCallback(() => {
    void queryClient.cancelQueries({ queryKey: notificationKeys.list });
    setList(() => EMPTY_LIST);
    clearNotifications().catch(() => resync());
  }, [queryClient, resync, setList]);

  const list = history.data ?? EMPTY_LIST;
  const value = useMemo<RealtimeContextValue>(
    () => ({
      status,
      notifications: list.notifications,
      unreadCount: list.unread_count,
      total: list.total,
      markRead,
      markAllRead,
      clearAll,
      joinEstimate,
    }),
    [status, list, markRead, markAllRead, clearAll, joinEstimate],
  );

  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
};
