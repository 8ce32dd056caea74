/**
 * The realtime port: socket.io on the app's own http server (path /socket.io, websocket only).
 * A socket must send `authenticate` with a live session token within the grace period; until
 * then it joins no room and receives nothing. With PostgreSQL the rooms span every instance
 * through @socket.io/postgres-adapter; embedded mode keeps them in memory.
 */
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { Server, type Socket } from 'socket.io';
import {
  ADMINS_ROOM,
  REALTIME_AUTH_ERROR,
  REALTIME_PATH,
  estimateRoom,
  userRoom,
  type ClientToServerEvents,
  type EstimateUpdate,
  type Notification,
  type ServerToClientEvents,
} from '../../domain/realtime';
import { isAdmin, type Role } from '../../domain/roles';
import type { Database } from './db';

export interface RealtimeUser {
  id: string;
  role: Role;
  /** The session the socket signed in with: ending it disconnects the socket. */
  sessionId?: string;
}

interface SocketData {
  user?: RealtimeUser;
}

export type DisconnectTarget = { sessionId: string } | { userId: string };

/** One user's own notification (each recipient's row has its own id and read state). */
export interface NotificationDelivery {
  userId: string;
  notification: Notification;
}

/** Between instances (through the PostgreSQL adapter): a session or user changed on one of them; a whole notification fan-out, each instance delivering to its own sockets. */
interface InterServerEvents {
  sessions_changed: (target: DisconnectTarget) => void;
  notifications: (deliveries: NotificationDelivery[]) => void;
}

type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface RealtimeOptions {
  server: HttpServer;
  database: Database;
  log: FastifyBaseLogger;
  /** The user behind a session token, when the token is genuine and its session live. */
  authenticate(token: string): Promise<RealtimeUser | undefined>;
  /** Whether the user may see this estimate (its owner or an admin). */
  canReadEstimate(user: RealtimeUser, estimateId: string): Promise<boolean>;
  authGraceMs?: number;
  /** Origins (scheme://host[:port]) whose pages may open a socket, besides the page's own host. */
  allowedOrigins?: readonly string[];
}

/**
 * A browser's websocket must come from the app's own pages: its Origin is the request's own host
 * (same origin), APP_URL, or a configured extra origin. Clients that send no Origin (servers,
 * scripts) carry no ambient credentials and are let through to authenticate with a token.
 */
export const originAllowed = (origin: string | undefined, host: string | undefined, allowed: readonly string[]): boolean => {
  if (!origin) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (host && parsed.host === host) return true;
  return allowed.some((a) => a.replace(/\/+$/, '').toLowerCase() === parsed.origin.toLowerCase());
};

export interface Realtime {
  /**
   * Sends each user their own notification on every instance: delivered at once to this instance's
   * sockets, and passed to the other instances in one message however many users there are.
   */
  emitNotifications(deliveries: NotificationDelivery[]): void;
  /** Tells the sockets watching an order (its room) that it changed. */
  emitEstimateUpdate(update: EstimateUpdate): void;
  /**
   * Disconnects (on every instance) the sockets of a session, or of every session of a user: after
   * a sign-out, a password reset, a role change or a deletion. A browser that still holds a valid
   * token reconnects and signs in again with what its session now allows.
   */
  disconnect(target: DisconnectTarget): void;
  /** Tells every instance that a session or user changed (sign-out, role, name): `disconnect` does too. */
  sessionsChanged(target: DisconnectTarget): void;
  /** Called on every instance with each `sessionsChanged` target: whatever remembers sessions forgets it. */
  onSessionsChanged(listener: (target: DisconnectTarget) => void): void;
  /** Sockets connected to this instance (for metrics). */
  connectedSockets(): number;
  close(): Promise<void>;
}

const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const AUTH_GRACE_MS = 10_000;
export const ATTACHMENTS_TABLE = 'socket_io_attachments';

const onAuthenticate = (socket: RealtimeSocket, options: RealtimeOptions, grace: NodeJS.Timeout) => {
  let started = false;
  socket.on('authenticate', async (payload) => {
    if (started) return;
    started = true;
    const token = payload && typeof payload === 'object' && typeof payload.token === 'string' ? payload.token.slice(0, 4096) : '';
    let user: RealtimeUser | undefined;
    try {
      user = token ? await options.authenticate(token) : undefined;
    } catch (error) {
      options.log.warn({ err: error }, 'realtime authentication failed');
    }
    if (!socket.connected) return;
    if (!user) {
      socket.emit('auth_error', { message: REALTIME_AUTH_ERROR });
      socket.disconnect(true);
      return;
    }
    clearTimeout(grace);
    socket.data.user = user;
    await socket.join([userRoom(user.id), ...(user.sessionId ? [sessionRoom(user.sessionId)] : []), ...(isAdmin(user.role) ? [ADMINS_ROOM] : [])]);
    socket.emit('authenticated', { userId: user.id, role: user.role });
  });
};

const onEstimateRooms = (socket: RealtimeSocket, options: RealtimeOptions) => {
  const answer = (ack: unknown, value: boolean) => {
    if (typeof ack === 'function') ack(value);
  };
  socket.on('join_estimate', async (estimateId, ack) => {
    const user = socket.data.user;
    let joined = false;
    try {
      if (user && typeof estimateId === 'string' && UUID.test(estimateId) && (await options.canReadEstimate(user, estimateId))) {
        await socket.join(estimateRoom(estimateId));
        joined = true;
      }
    } catch (error) {
      options.log.warn({ err: error }, 'join_estimate failed');
    }
    answer(ack, joined);
  });
  socket.on('leave_estimate', async (estimateId, ack) => {
    const valid = typeof estimateId === 'string' && UUID.test(estimateId);
    if (valid) await socket.leave(estimateRoom(estimateId));
    answer(ack, valid);
  });
};

export const createRealtime = async (options: RealtimeOptions): Promise<Realtime> => {
  const { database, log } = options;
  const io = new Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>(options.server, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: 16_384,
    allowRequest: (req, callback) => callback(null, originAllowed(req.headers.origin, req.headers.host, options.allowedOrigins ?? [])),
  });
  let pool: pg.Pool | undefined;
  if (database.kind === 'postgres' && database.url) {
    // The adapter and its driver are loaded only with PostgreSQL: embedded mode keeps rooms in memory.
    const [{ createAdapter }, { default: pg }] = await Promise.all([import('@socket.io/postgres-adapter'), import('pg')]);
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    pool.on('error', (error) => log.warn({ err: error }, 'realtime adapter connection error'));
    // The adapter keeps a LISTEN client checked out; its errors (server restart) must not crash the process.
    pool.on('connect', (client) => client.on('error', (error) => log.warn({ err: error }, 'realtime adapter connection lost')));
    io.adapter(createAdapter(pool, { tableName: ATTACHMENTS_TABLE, errorHandler: (error) => log.warn({ err: error }, 'realtime adapter error') }));
  }

  const deliverHere = (deliveries: NotificationDelivery[]) => {
    for (const { userId, notification } of deliveries) io.local.to(userRoom(userId)).emit('notification', notification);
  };
  // Another instance's fan-out (only a cluster adapter passes these on).
  io.on('notifications', (deliveries) => {
    if (Array.isArray(deliveries)) deliverHere(deliveries);
  });

  io.on('connection', (socket) => {
    const grace = setTimeout(() => {
      if (!socket.data.user) socket.disconnect(true);
    }, options.authGraceMs ?? AUTH_GRACE_MS);
    socket.on('disconnect', () => clearTimeout(grace));
    onAuthenticate(socket, options, grace);
    onEstimateRooms(socket, options);
  });

  let closed = false;
  const sessionListeners: ((target: DisconnectTarget) => void)[] = [];
  const tellListeners = (target: DisconnectTarget) => {
    for (const listener of sessionListeners) listener(target);
  };
  io.on('sessions_changed', tellListeners);
  const sessionsChanged = (target: DisconnectTarget) => {
    tellListeners(target);
    // The in-memory adapter has no other instance to tell (and warns when asked).
    if (pool && !closed) io.serverSideEmit('sessions_changed', target);
  };

  return {
    emitNotifications(deliveries) {
      if (closed || deliveries.length === 0) return;
      deliverHere(deliveries);
      // One pg_notify (with an attachment row when large) instead of one per recipient, each awaited before its local send.
      if (pool) io.serverSideEmit('notifications', deliveries);
    },
    emitEstimateUpdate(update) {
      if (closed) return;
      io.to(estimateRoom(update.estimateId)).emit('estimate_updated', update);
    },
    disconnect(target) {
      sessionsChanged(target);
      if (closed) return;
      io.in('sessionId' in target ? sessionRoom(target.sessionId) : userRoom(target.userId)).disconnectSockets(true);
    },
    sessionsChanged,
    onSessionsChanged(listener) {
      sessionListeners.push(listener);
    },
    connectedSockets: () => io.engine.clientsCount,
    async close() {
      if (closed) return;
      closed = true;
      io.local.disconnectSockets(true);
      await Promise.resolve(io.of('/').adapter.close()).catch((error: unknown) => log.warn({ err: error }, 'realtime adapter close failed'));
      io.engine.close();
      // A LISTEN client lost with the server is never handed back to the pool; do not wait for it forever.
      if (pool) await Promise.race([pool.end().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    },
  };
};
