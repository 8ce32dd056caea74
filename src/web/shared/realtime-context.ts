import { createContext, useContext } from 'react';
import type { Notification } from '../../domain/realtime';

/** connecting: socket opening or authenticating; connected: authenticated and receiving. */
export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected';

export interface RealtimeContextValue {
  status: RealtimeStatus;
  /** Newest first, at most 50: the stored history merged with what arrived live. */
  notifications: Notification[];
  unreadCount: number;
  total: number;
  markRead(id: string): void;
  markAllRead(): void;
  clearAll(): void;
  /** Joins the order's room (now, or as soon as connected) to hear of its changes; the returned function leaves it. */
  joinEstimate(estimateId: string): () => void;
}

const noop = () => undefined;

/** Outside a signed-in shell: offline, nothing listed, nothing to join. */
export const OFFLINE: RealtimeContextValue = {
  status: 'disconnected',
  notifications: [],
  unreadCount: 0,
  total: 0,
  markRead: noop,
  markAllRead: noop,
  clearAll: noop,
  joinEstimate: () => noop,
};

export const RealtimeContext = createContext<RealtimeContextValue>(OFFLINE);

export const useRealtime = (): RealtimeContextValue => useContext(RealtimeContext);
