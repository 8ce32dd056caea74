/** Sockets against a listening test app, and a second app instance on the same database. */
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { REALTIME_PATH, type ClientToServerEvents, type EstimateUpdate, type Notification, type ServerToClientEvents } from '../../src/domain/realtime';
import { openDatabase, type Database } from '../../src/server/platform/db';
import { testConfig } from '../support/app';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export const listen = async (app: { listen: (o: { port: number; host: string }) => Promise<string>; server: { address(): AddressInfo | string | null } }) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A websocket-only client that records every notification it receives. */
export const connect = async (url: string) => {
  const socket: ClientSocket = io(url, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false, forceNew: true });
  const received: Notification[] = [];
  socket.on('notification', (n) => received.push(n));
  const updates: EstimateUpdate[] = [];
  socket.on('estimate_updated', (u) => updates.push(u));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, received, updates };
};

/** Connects and authenticates; resolves once the server answered `authenticated`. */
export const connectAs = async (url: string, token: string) => {
  const client = await connect(url);
  const answer = new Promise<void>((resolve, reject) => {
    client.socket.once('authenticated', () => resolve());
    client.socket.once('auth_error', (e) => reject(new Error(e.message)));
  });
  client.socket.emit('authenticate', { token });
  await answer;
  return client;
};

/** Waits until `check` passes (it may throw until then). */
export const eventually = async (check: () => void | Promise<void>, timeoutMs = 5000) => {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await sleep(25);
    }
  }
};

/** Gives the server time to handle what a socket just emitted (joins are answered by nothing). */
export const settle = () => sleep(150);

/** A second app instance on the same PostgreSQL database (its own pool, like another process). */
export const secondInstance = async (first: Database, overrides: Partial<Config> = {}) => {
  if (!first.url) throw new Error('a second instance needs PostgreSQL');
  const database = await openDatabase({ databaseUrl: first.url });
  const app = await buildApp({ config: testConfig(overrides), database });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};
