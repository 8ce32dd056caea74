import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('users administration', () => {
  it('lists users with their role, name and sign-up date, and no secrets', async () => {
    const { user } = await t.signUp({ firstName: 'Lisa', lastName: 'Listed', company: 'Listed Co' });
    const res = await t.inject({ method: 'GET', url: '/api/users', token: await t.adminToken() });
    expect(res.statusCode).toBe(200);
    const { users } = res.json();
    expect(users).toContainEqual(
      expect.objectContaining({
        id: user.id,
        email: user.email,
        role: 'client',
        full_name: 'Lisa Listed',
        company: 'Listed Co',
        created_at: expect.any(String),
      }),
    );
    expect(users).toContainEqual(expect.objectContaining({ email: ADMIN.email, role: 'traffic_admin' }));
    expect(res.body).not.toMatch(/password|hash/i);
  });

  it('promotes a client to admin and demotes them back; the change applies to live sessions', async () => {
    const { user, token } = await t.signUp();
    const admin = await t.adminToken();
    const promote = await t.inject({ method: 'PATCH', url: `/api/users/${user.id}/promote`, token: admin });
    expect(promote.statusCode).toBe(200);
    expect(promote.json()).toEqual({ message: 'User promoted to admin successfully' });
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token })).json().user.role).toBe('traffic_admin');
    expect((await t.inject({ method: 'GET', url: '/api/users', token })).statusCode).toBe(200);

    const demote = await t.inject({ method: 'PATCH', url: `/api/users/${user.id}/demote`, token: admin });
    expect(demote.json()).toEqual({ message: 'User demoted to client successfully' });
    expect((await t.inject({ method: 'GET', url: '/api/users', token })).statusCode).toBe(403);
  });

  it('refuses to let an admin change or delete themselves', async () => {
    const admin = await t.adminToken();
    const me = (await t.inject({ method: 'GET', url: '/api/auth/me', token: admin })).json().user;
    const demote = await t.inject({ method: 'PATCH', url: `/api/users/${me.id}/demote`, token: admin });
    expect(demote.statusCode).toBe(403);
    expect(demote.json()).toEqual({ error: 'You cannot change your own role' });
    const promote = await t.inject({ method: 'PATCH', url: `/api/users/${me.id}/promote`, token: admin });
    expect(promote.json()).toEqual({ error: 'You cannot change your own role' });
    const del = await t.inject({ method: 'DELETE', url: `/api/users/${me.id}`, token: admin });
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ error: 'You cannot delete your own account' });
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token: admin })).json().user.role).toBe('traffic_admin');
  });

  it('deletes a user, whose sessions end with it', async () => {
    const { user, token } = await t.signUp();
    const res = await t.inject({ method: 'DELETE', url: `/api/users/${user.id}`, token: await t.adminToken() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted successfully' });
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);
    const again = await t.inject({ method: 'DELETE', url: `/api/users/${user.id}`, token: await t.adminToken() });
    expect(again.statusCode).toBe(404);
  });

  it('keeps a user who has placed orders (409); demoting remains possible', async () => {
    const { user } = await t.signUp();
    const { brands, estimates } = await import('../../src/server/db/schema');
    const [brand] = await t.database.db.insert(brands).values({ ownerId: user.id, commonName: 'Kept', legalName: 'Kept LLC' }).returning();
    await t.database.db.insert(estimates).values({ ownerId: user.id, brandId: brand!.id, estimateName: 'Keeps the user' });
    const res = await t.inject({ method: 'DELETE', url: `/api/users/${user.id}`, token: await t.adminToken() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Cannot delete a user who has orders' });
  });

  it('lets only administrators call the users calls', async () => {
    const { user, token } = await t.signUp();
    const calls = [
      { method: 'GET', url: '/api/users' },
      { method: 'PATCH', url: `/api/users/${user.id}/promote` },
      { method: 'PATCH', url: `/api/users/${user.id}/demote` },
      { method: 'DELETE', url: `/api/users/${user.id}` },
    ] as const;
    for (const call of calls) {
      const anonymous = await t.inject(call);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error).toEqual(expect.any(String));
      const client = await t.inject({ ...call, token });
      expect(client.statusCode).toBe(403);
      expect(client.json()).toEqual({ error: 'Admin access required' });
    }
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token })).json().user.role).toBe('client');
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const admin = await t.adminToken();
    for (const url of [`/api/users/${MISSING}/promote`, `/api/users/${MISSING}/demote`, "/api/users/1' or '1'='1/promote"]) {
      const res = await t.inject({ method: 'PATCH', url, token: admin });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'User not found' });
    }
    expect((await t.inject({ method: 'DELETE', url: '/api/users/not-a-uuid', token: admin })).json()).toEqual({ error: 'User not found' });
  });
});
