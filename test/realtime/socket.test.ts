import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { REALTIME_PATH, userRoom } from '../../src/domain/realtime';
import { AUTH_GRACE_MS } from '../../src/server/platform/realtime';
import { sessions } from '../../src/server/db/schema';
import {
  notifyMediaStatusChange,
  notifyNewMediaUpload,
  notifySystemMessage,
  stageEstimateStatusChange,
  type Staged,
} from '../../src/server/modules/notifications';
import { createTestApp, type TestApp } from '../support/app';
import { clientWithBrand, createOrder, putOrder, readyOrder, submittedOrder } from '../support/ordering-fixtures';
import { connect, connectAs, eventually, listen, settle, sleep, type ClientSocket } from './helpers';
import { clockNow, msAgo } from '../support/clock';

let t: TestApp;
let url: string;
let admin: string;
const sockets: ClientSocket[] = [];
// The grace an unauthenticated socket gets, shortened from the 10 s a server uses (checked below)
// so that the test of it does not wait 10 s.
const GRACE_MS = 3000;
beforeAll(async () => {
  t = await createTestApp({}, { socketAuthGraceMs: GRACE_MS });
  url = await listen(t.app);
  admin = await t.adminToken();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const track = <T extends { socket: ClientSocket }>(client: T) => {
  sockets.push(client.socket);
  return client;
};

const refusedWith = async (token: unknown) => {
  const { socket } = track(await connect(url));
  const outcome = new Promise<{ error?: string; disconnected: boolean }>((resolve) => {
    const result: { error?: string; disconnected: boolean } = { disconnected: false };
    socket.once('auth_error', (e) => (result.error = e.message));
    socket.once('disconnect', () => resolve({ ...result, disconnected: true }));
    socket.once('authenticated', () => resolve(result));
  });
  socket.emit('authenticate', token as { token: string });
  return outcome;
};

describe('authenticating a socket', () => {
  it('accepts a live session token and answers authenticated', async () => {
    const { socket } = track(await connect(url));
    const answer = new Promise((resolve) => socket.once('authenticated', resolve));
    socket.emit('authenticate', { token: admin });
    expect(await answer).toMatchObject({ role: 'traffic_admin' });
  });

  it('refuses a forged, malformed, expired or revoked token with auth_error and a disconnect', async () => {
    const forged = `${admin.slice(0, -4)}AAAA`;
    const { token: revoked } = await t.signUp();
    await t.inject({ method: 'POST', url: '/api/auth/logout', token: revoked });
    const { token: expired, user } = await t.signUp();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: msAgo(1000) })
      .where(eq(sessions.userId, user.id));
    for (const token of [{ token: forged }, { token: revoked }, { token: expired }, { token: '' }, { token: 42 }, 'x'.repeat(10_000), null]) {
      expect(await refusedWith(token), JSON.stringify(token).slice(0, 40)).toEqual({ error: 'Invalid or expired session', disconnected: true });
    }
  });

  it('never authenticates with a user id in place of a token', async () => {
    const { user } = await t.signUp();
    expect(await refusedWith({ token: user.id })).toEqual({ error: 'Invalid or expired session', disconnected: true });
    expect(await refusedWith({ token: userRoom(user.id) })).toEqual({ error: 'Invalid or expired session', disconnected: true });
  });

  it('sends nothing to an unauthenticated socket, even when it tries to join rooms', async () => {
    const { owner, order } = await submittedOrder(t);
    const anonymous = track(await connect(url));
    anonymous.socket.emit('join_estimate', order.id);
    const ownerSocket = track(await connectAs(url, owner.token));
    await settle();
    await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin });
    await eventually(() => expect(ownerSocket.received).toHaveLength(1));
    await sleep(200);
    expect(anonymous.received).toEqual([]);
  });
});

describe('who receives which event', () => {
  it('the owner alone gets estimate_status_change on approve, reject and modify; admins get new_estimate on submit', async () => {
    const { owner, order } = await readyOrder(t, { name: 'Live order' });
    const other = await t.signUp();
    const ownerSocket = track(await connectAs(url, owner.token));
    const otherSocket = track(await connectAs(url, other.token));
    const adminSocket = track(await connectAs(url, admin));

    expect((await putOrder(t, owner.token, order.id, { status: 'ordered' })).statusCode).toBe(200);
    await eventually(() => expect(adminSocket.received).toHaveLength(1));
    expect(adminSocket.received[0]).toMatchObject({ type: 'new_estimate', estimateId: order.id, estimateName: 'Live order', status: 'ordered', read: false });
    expect(adminSocket.received[0]!.message).toBe('New order "Live order" was submitted for approval');

    expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin })).statusCode).toBe(200);
    await eventually(() => expect(ownerSocket.received).toHaveLength(1));
    expect(ownerSocket.received[0]).toMatchObject({
      type: 'estimate_status_change',
      status: 'approved',
      message: 'Your order "Live order" was approved',
      estimateName: 'Live order',
      estimateId: order.id,
      subType: null,
      filename: null,
      read: false,
    });
    expect(Date.parse(ownerSocket.received[0]!.timestamp)).toBeGreaterThan(clockNow().getTime() - 60_000);
    await sleep(200);
    expect(otherSocket.received).toEqual([]);
    expect(adminSocket.received).toHaveLength(1);
    expect(ownerSocket.received).toHaveLength(1);
  });

  it('tells the owner about rejections, requested changes and Order Management status changes', async () => {
    const cases = [
      ['reject', 'rejected', 'Your order "Spring launch" was rejected'],
      ['modify', 'modified', 'Changes were requested on your order "Spring launch"'],
    ] as const;
    for (const [action, status, message] of cases) {
      const { owner, order } = await submittedOrder(t);
      const s = track(await connectAs(url, owner.token));
      await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/${action}`, token: admin });
      await eventually(() => expect(s.received).toEqual([expect.objectContaining({ type: 'estimate_status_change', status, message })]));
    }
    const { owner, order } = await submittedOrder(t);
    const s = track(await connectAs(url, owner.token));
    expect((await putOrder(t, admin, order.id, { status: 'scheduled' })).statusCode).toBe(200);
    await eventually(() =>
      expect(s.received).toEqual([expect.objectContaining({ status: 'scheduled', message: 'Your order "Spring launch" is now Scheduled' })]),
    );
  });

  it('sends nothing when the status change fails and rolls back', async () => {
    const { owner, order } = await readyOrder(t);
    const s = track(await connectAs(url, owner.token));
    const adminSocket = track(await connectAs(url, admin));
    const refused = await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin });
    expect(refused.statusCode).toBe(409);
    const bad = await putOrder(t, owner.token, order.id, { status: 'ordered', start_date: '2000-01-01' });
    expect(bad.statusCode).toBe(400);
    await sleep(400);
    expect(s.received).toEqual([]);
    expect(adminSocket.received).toEqual([]);
  });
});

describe('media and system events', () => {
  it('sends media_status_change to the uploader only and new_media_upload to the admins only', async () => {
    const owner = await clientWithBrand(t);
    const other = await t.signUp();
    const ownerSocket = track(await connectAs(url, owner.token));
    const otherSocket = track(await connectAs(url, other.token));
    const adminSocket = track(await connectAs(url, admin));
    const media = { id: owner.media.id, filename: owner.media.filename };
    await notifyNewMediaUpload(t.app.ctx, { media, uploaderEmail: owner.email });
    await notifyMediaStatusChange(t.app.ctx, { media, status: 'approved', uploaderId: owner.id });
    await notifySystemMessage(t.app.ctx, { to: { userIds: [other.user.id] }, message: 'Maintenance tonight', subType: 'warning' });
    await eventually(() =>
      expect(adminSocket.received).toEqual([expect.objectContaining({ type: 'new_media_upload', filename: media.filename, mediaId: media.id })]),
    );
    await eventually(() =>
      expect(ownerSocket.received).toEqual([expect.objectContaining({ type: 'media_status_change', status: 'approved', filename: media.filename })]),
    );
    await eventually(() =>
      expect(otherSocket.received).toEqual([expect.objectContaining({ type: 'system_message', subType: 'warning', message: 'Maintenance tonight' })]),
    );
    await sleep(200);
    expect([adminSocket.received.length, ownerSocket.received.length, otherSocket.received.length]).toEqual([1, 1, 1]);
  });
});

describe('commits', () => {
  it('stores nothing from a transaction that rolls back, and delivers what a committed one stored', async () => {
    const { owner, order } = await submittedOrder(t);
    const s = track(await connectAs(url, owner.token));
    const ref = { id: order.id, ownerId: owner.id, estimateName: 'Rolled back' };
    await expect(
      t.database.db.transaction(async (tx) => {
        await stageEstimateStatusChange(tx, ref, 'approved');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await t.inject({ method: 'GET', url: '/api/notifications', token: owner.token })).json().total).toBe(0);
    let staged: Staged | undefined;
    await t.database.db.transaction(async (tx) => {
      staged = await stageEstimateStatusChange(tx, { ...ref, estimateName: 'Committed' }, 'approved');
    });
    t.app.ctx.notifier.deliver(staged!);
    await eventually(() => expect(s.received).toEqual([expect.objectContaining({ estimateName: 'Committed' })]));
    expect((await t.inject({ method: 'GET', url: '/api/notifications', token: owner.token })).json().total).toBe(1);
  });
});

describe('the grace period', () => {
  it('is 10 seconds on a server', () => {
    expect(AUTH_GRACE_MS).toBe(10_000);
  });

  it('drops a socket that does not authenticate within the grace period', { timeout: 20_000 }, async () => {
    const { socket } = track(await connect(url));
    const dropped = new Promise((resolve) => socket.once('disconnect', resolve));
    const started = performance.now();
    await dropped;
    expect(performance.now() - started).toBeGreaterThan(GRACE_MS - 500);
  });
});

describe('estimate rooms', () => {
  it('lets the owner and admins watch an order; another client joining it receives nothing', async () => {
    const { owner, order } = await submittedOrder(t);
    const intruder = await t.signUp();
    const intruderSocket = track(await connectAs(url, intruder.token));
    const watchingAdmin = track(await connectAs(url, admin));
    const ownerSocket = track(await connectAs(url, owner.token));
    expect(await intruderSocket.socket.emitWithAck('join_estimate', order.id)).toBe(false);
    expect(await intruderSocket.socket.emitWithAck('join_estimate', 'not-a-uuid')).toBe(false);
    expect(await watchingAdmin.socket.emitWithAck('join_estimate', order.id)).toBe(true);
    expect(await ownerSocket.socket.emitWithAck('join_estimate', order.id)).toBe(true);
    // A second admin session approves: the owner is told; the watchers hear that the order changed.
    await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin });
    await eventually(() =>
      expect(watchingAdmin.updates.filter((update) => update.status !== 'ordered')).toEqual([{ estimateId: order.id, status: 'approved' }]),
    );
    await eventually(() =>
      expect(ownerSocket.received).toEqual([expect.objectContaining({ type: 'estimate_status_change', estimateId: order.id, status: 'approved' })]),
    );
    expect(ownerSocket.updates.filter((update) => update.status !== 'ordered')).toEqual([{ estimateId: order.id, status: 'approved' }]);
    await sleep(200);
    // The owner's notification is the owner's alone, also for an admin watching the order.
    expect(watchingAdmin.received.filter((n) => n.type === 'estimate_status_change')).toEqual([]);
    expect(intruderSocket.received).toEqual([]);
    expect(intruderSocket.updates).toEqual([]);
  });

  it('does not hand the admins’ new_estimate to the owner watching the order', async () => {
    const { owner, order } = await readyOrder(t);
    const ownerSocket = track(await connectAs(url, owner.token));
    expect(await ownerSocket.socket.emitWithAck('join_estimate', order.id)).toBe(true);
    await putOrder(t, owner.token, order.id, { status: 'ordered' });
    await eventually(() => expect(ownerSocket.updates).toEqual([{ estimateId: order.id, status: 'ordered' }]));
    await sleep(200);
    expect(ownerSocket.received).toEqual([]);
  });

  it('stops sending after leave_estimate', async () => {
    const { order } = await submittedOrder(t);
    const watchingAdmin = track(await connectAs(url, admin));
    expect(await watchingAdmin.socket.emitWithAck('join_estimate', order.id)).toBe(true);
    expect(await watchingAdmin.socket.emitWithAck('leave_estimate', order.id)).toBe(true);
    await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin });
    await sleep(400);
    // The submit's own broadcast may still be in flight when the admin joins (PostgreSQL
    // delivers through NOTIFY), so only the approval is what leaving must silence.
    expect(watchingAdmin.updates.filter((update) => update.status === 'approved')).toEqual([]);
  });

  it('lets a client watch only their own order', async () => {
    const a = await readyOrder(t);
    const draft = await createOrder(t, a.owner.token, { estimate_name: 'mine' });
    const watcher = track(await connectAs(url, a.owner.token));
    expect(await watcher.socket.emitWithAck('join_estimate', draft.id)).toBe(true);
    expect(watcher.received).toEqual([]);
  });
});

const eventuallyMail = async (address: string) => {
  for (let i = 0; i < 100; i += 1) {
    const mail = await t.mailTo(address);
    if (mail.length > 0) return mail;
    await sleep(30);
  }
  throw new Error(`no mail to ${address}`);
};

describe('the origin of a socket (audit finding 10)', () => {
  const tryOrigin = (origin: string) =>
    new Promise<'connected' | 'refused'>((resolve) => {
      const socket = io(url, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { Origin: origin } });
      socket.once('connect', () => {
        socket.disconnect();
        resolve('connected');
      });
      socket.once('connect_error', () => resolve('refused'));
    });

  it("refuses a page of another site, and accepts the app's own origin and its host", async () => {
    expect(await tryOrigin('http://evil.example')).toBe('refused');
    expect(await tryOrigin('null')).toBe('refused');
    expect(await tryOrigin('http://spotbook.test')).toBe('connected');
    expect(await tryOrigin(url)).toBe('connected');
  });
});

describe('ending a session', () => {
  const disconnected = (socket: ClientSocket) => new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

  it('disconnects the sockets of a signed-out session, and only those', async () => {
    const { user, password } = await t.signUp();
    const first = track(await connectAs(url, await t.login(user.email, password)));
    const secondToken = await t.login(user.email, password);
    const second = track(await connectAs(url, secondToken));
    const gone = disconnected(second.socket);
    expect((await t.inject({ method: 'POST', url: '/api/auth/logout', token: secondToken })).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await sleep(200);
    expect(first.socket.connected).toBe(true);
  });

  it('disconnects every socket of a user whose password is reset (audit finding 4)', async () => {
    const { user, password } = await t.signUp();
    const live = track(await connectAs(url, await t.login(user.email, password)));
    const gone = disconnected(live.socket);
    expect((await t.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } })).statusCode).toBe(200);
    const [message] = await eventuallyMail(user.email);
    const token = /reset-password\?token=([\w-]+)/.exec(message!.textBody)![1]!;
    const reset = await t.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'New-Passw0rd-2' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });

  it("disconnects the other sessions' sockets of a user who changes their password, and keeps this one (decision 019)", async () => {
    const { user, password, token } = await t.signUp();
    const here = track(await connectAs(url, token));
    const elsewhere = track(await connectAs(url, await t.login(user.email, password)));
    const gone = disconnected(elsewhere.socket);
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      token,
      payload: { currentPassword: password, newPassword: 'New-Passw0rd-3' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await sleep(200);
    expect(here.socket.connected).toBe(true);
  });

  it('disconnects a demoted administrator, who then signs in again as a client and no longer hears admin events', async () => {
    const { user, token } = await t.signUp();
    expect((await t.inject({ method: 'PATCH', url: `/api/users/${user.id}/promote`, token: admin })).statusCode).toBe(200);
    const asAdmin = track(await connectAs(url, token));
    const gone = disconnected(asAdmin.socket);
    expect((await t.inject({ method: 'PATCH', url: `/api/users/${user.id}/demote`, token: admin })).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');

    const again = track(await connectAs(url, token));
    await submittedOrder(t, { name: 'Not for former admins' });
    await sleep(300);
    expect(again.received).toEqual([]);
  });
});
