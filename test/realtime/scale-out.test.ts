/** Two app instances on one PostgreSQL: an event raised on one reaches sockets held by the other. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { submittedOrder } from '../support/ordering-fixtures';
import { connectAs, eventually, listen, secondInstance, sleep, type ClientSocket } from './helpers';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof secondInstance>>;
  let urlA: string;
  let urlB: string;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    a = await createTestApp();
    b = await secondInstance(a.database);
    urlA = await listen(a.app);
    urlB = await listen(b.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await b?.close();
    await a?.close();
  });

  it('delivers an approval made on instance A to the owner connected to instance B, and to nobody else', async () => {
    const admin = await a.adminToken();
    const { owner, order } = await submittedOrder(a, { name: 'Fan-out' });
    const other = await a.signUp();
    const ownerOnB = await connectAs(urlB, owner.token);
    const otherOnB = await connectAs(urlB, other.token);
    const adminOnB = await connectAs(urlB, admin);
    const ownerOnA = await connectAs(urlA, owner.token);
    sockets.push(ownerOnB.socket, otherOnB.socket, adminOnB.socket, ownerOnA.socket);
    expect(await adminOnB.socket.emitWithAck('join_estimate', order.id)).toBe(true);

    const res = await a.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    await eventually(() =>
      expect(ownerOnB.received).toEqual([expect.objectContaining({ type: 'estimate_status_change', status: 'approved', estimateName: 'Fan-out' })]),
    );
    await eventually(() => expect(ownerOnA.received).toHaveLength(1));
    // The admin watching the order on B hears that it changed, not the owner's notification.
    await eventually(() => expect(adminOnB.updates).toEqual([{ estimateId: order.id, status: 'approved' }]));
    await sleep(300);
    expect(adminOnB.received.filter((n) => n.type === 'estimate_status_change')).toEqual([]);
    expect(otherOnB.received).toEqual([]);
    expect(otherOnB.updates).toEqual([]);
    expect(ownerOnB.received).toHaveLength(1);
  });

  it('hands a new order to every admin once, on the instance that took the submit and on the other', async () => {
    const second = await a.signUp();
    await a.database.db.update(users).set({ role: 'traffic_admin' }).where(eq(users.id, second.user.id));
    const adminOnA = await connectAs(urlA, await a.adminToken());
    const secondOnB = await connectAs(urlB, second.token);
    const secondOnA = await connectAs(urlA, second.token);
    sockets.push(adminOnA.socket, secondOnB.socket, secondOnA.socket);
    const { order } = await submittedOrder(a, { name: 'To every admin' });
    const mine = (c: { received: { estimateId?: string | null }[] }) => c.received.filter((n) => n.estimateId === order.id);
    for (const c of [adminOnA, secondOnB, secondOnA])
      await eventually(() => expect(mine(c)).toEqual([expect.objectContaining({ type: 'new_estimate', estimateName: 'To every admin' })]));
    // Each admin's own row: the same notification on both of the second admin's sockets, another id for the first admin.
    expect(mine(secondOnB)[0]).toEqual(mine(secondOnA)[0]);
    expect(mine(adminOnA)[0]).not.toMatchObject({ id: (mine(secondOnA)[0] as { id: string }).id });
    await sleep(300);
    for (const c of [adminOnA, secondOnB, secondOnA]) expect(mine(c)).toHaveLength(1);
  });

  it('authenticates on instance B with a session created on instance A', async () => {
    const { token } = await a.signUp();
    await expect(connectAs(urlB, token).then((c) => (sockets.push(c.socket), 'ok'))).resolves.toBe('ok');
  });

  it('refuses on instance B a session signed out on instance A, although B had just looked it up', async () => {
    const { token } = await a.signUp();
    const me = (app: typeof b.app) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(b.app)).statusCode).toBe(200);
    expect((await a.inject({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(200);
    expect((await me(a.app)).statusCode).toBe(401);
    await eventually(async () => expect((await me(b.app)).statusCode).toBe(401), 2000);
  });

  it('stops admin access on instance B as soon as the admin is demoted on instance A', async () => {
    const admin = await a.adminToken();
    const other = await a.signUp();
    expect((await a.inject({ method: 'PATCH', url: `/api/users/${other.user.id}/promote`, token: admin })).statusCode).toBe(200);
    const token = await a.login(other.user.email, other.password);
    const users = () => b.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } });
    expect((await users()).statusCode).toBe(200);
    expect((await a.inject({ method: 'PATCH', url: `/api/users/${other.user.id}/demote`, token: admin })).statusCode).toBe(200);
    await eventually(async () => expect((await users()).statusCode).toBe(403), 2000);
  });
});
