/**
 * The admins' sockets, in a child process of their own (forked by run.ts, which sends it { url, tokens } first) so that reading 1,000
 * notifications does not delay the bench's reading of the submit's HTTP reply. Connects and signs in every token, then
 * answers each { estimateId } with the arrival times (ms since the epoch, sub-millisecond) of that
 * order's `new_estimate` on every socket, or of those that arrived within 30 s.
 */
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH } from '../../src/domain/realtime';

const { url, tokens } = await new Promise<{ url: string; tokens: string[] }>((resolve) => process.once('message', resolve));
const send = (message: unknown) => process.send!(message);
const WAIT_MS = 30_000;
const now = () => performance.timeOrigin + performance.now();
const arrivals = new Map<string, number[]>();
const waiting = new Map<string, () => void>();

const connect = (token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false });
    const timer = setTimeout(() => reject(new Error('socket did not authenticate within 30 s')), WAIT_MS);
    socket.once('connect', () => socket.emit('authenticate', { token }));
    socket.once('authenticated', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', reject);
    socket.on('notification', (n: { type: string; estimateId: string | null }) => {
      if (n.type !== 'new_estimate' || !n.estimateId) return;
      const times = arrivals.get(n.estimateId) ?? [];
      times.push(now());
      arrivals.set(n.estimateId, times);
      if (times.length === tokens.length) waiting.get(n.estimateId)?.();
    });
  });

const sockets: Socket[] = [];
for (let i = 0; i < tokens.length; i += 100) sockets.push(...(await Promise.all(tokens.slice(i, i + 100).map(connect))));
send({ ready: sockets.length });
process.on('message', (message: { estimateId?: string; close?: boolean }) => {
  if (message.close) {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
  const id = message.estimateId!;
  const answer = () => {
    clearTimeout(timer);
    waiting.delete(id);
    send({ estimateId: id, times: arrivals.get(id) ?? [] });
  };
  const timer = setTimeout(answer, WAIT_MS);
  waiting.set(id, answer);
  if ((arrivals.get(id)?.length ?? 0) === tokens.length) answer();
});
