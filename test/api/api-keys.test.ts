/**
 * API keys (issue 25, decision 030): made and shown once, stored as a hash, acting as their owner
 * narrowed by scopes, never reaching account calls, named in the audit trail, and refused as soon as
 * they are revoked (on another instance too, on PostgreSQL).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditEvents } from '../../src/server/db/schema';
import { hashApiKeySecret } from '../../src/server/modules/api-keys/service';
import { createTestApp, type TestApp } from '../support/app';
import { eventually, secondInstance } from '../realtime/helpers';

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['signUp']>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(async () => t?.close());

const newKey = async (token: string, payload: Record<string, unknown> = { name: 'Buying system' }) => {
  const res = await t.inject({ method: 'POST', url: '/api/api-keys', token, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    api_key: { id: string; name: string; prefix: string; scopes: string[]; last_used_at: string | null; revoked_at: string | null };
    secret: string;
  };
};

describe('API keys', () => {
  it('shows the secret once and keeps only its hash', async () => {
    const { api_key, secret } = await newKey(owner.token, { name: 'Agency TMS', scopes: ['read', 'orders'] });
    expect(secret).toMatch(/^sb_live_[\w-]{43}$/);
    expect(api_key).toMatchObject({ name: 'Agency TMS', prefix: secret.slice(0, 14), scopes: ['read', 'orders'], last_used_at: null, revoked_at: null });
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, api_key.id));
    expect(row!.secretHash).toBe(hashApiKeySecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(8));
    const list = await t.inject({ method: 'GET', url: '/api/api-keys', token: owner.token });
    expect(list.json().api_keys.find((k: { id: string }) => k.id === api_key.id)).toEqual(
      expect.objectContaining({ name: 'Agency TMS', prefix: api_key.prefix }),
    );
    expect(list.body).not.toContain(secret.slice(8));
  });

  it('refuses a bad name or unknown scope with a message and makes nothing', async () => {
    const before = (await t.inject({ method: 'GET', url: '/api/api-keys', token: owner.token })).json().api_keys.length;
    const noName = await t.inject({ method: 'POST', url: '/api/api-keys', token: owner.token, payload: { name: ' ' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ error: 'Name is required', field: 'name' });
    const badScope = await t.inject({ method: 'POST', url: '/api/api-keys', token: owner.token, payload: { name: 'x', scopes: ['admin'] } });
    expect(badScope.statusCode).toBe(400);
    expect(badScope.json().error).toBe('Scopes must be among read, orders, media, billing, webhooks');
    expect((await t.inject({ method: 'GET', url: '/api/api-keys', token: owner.token })).json().api_keys).toHaveLength(before);
  });

  it('acts as its owner within its scopes, and answers 403 outside them', async () => {
    const { secret } = await newKey(owner.token, { name: 'Reader', scopes: ['read'] });
    const me = await t.inject({ method: 'GET', url: '/api/auth/me', token: secret });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().user).toEqual(owner.user);
    expect((await t.inject({ method: 'GET', url: '/api/estimates', token: secret })).statusCode).toBe(200);
    const write = await t.inject({ method: 'POST', url: '/api/estimates', token: secret, payload: { estimate_name: 'By a reader' } });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ error: 'This API key lacks the "orders" scope' });
    const media = await t.inject({ method: 'DELETE', url: '/api/media/00000000-0000-4000-8000-000000000000', token: secret });
    expect(media.json()).toEqual({ error: 'This API key lacks the "media" scope' });

    const { secret: buyer } = await newKey(owner.token, { name: 'Buyer', scopes: ['orders'] });
    const order = await t.inject({ method: 'POST', url: '/api/estimates', token: buyer, payload: { estimate_name: 'By a machine' } });
    expect(order.statusCode, order.body).toBe(201);
    const read = await t.inject({ method: 'GET', url: `/api/estimates/${order.json().id}`, token: buyer });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ error: 'This API key lacks the "read" scope' });
  });

  it("stays within its owner: an advertiser's key is no admin", async () => {
    const { secret } = await newKey(owner.token);
    const res = await t.inject({ method: 'GET', url: '/api/audit', token: secret });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Admin access required' });
  });

  it('never signs out, changes a password or the profile, or makes keys', async () => {
    const { secret } = await newKey(owner.token);
    const calls = [
      { method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: owner.password, newPassword: 'Other-Passw0rd' } },
      { method: 'PUT', url: '/api/auth/profile', payload: { firstName: 'Key' } },
      { method: 'POST', url: '/api/auth/logout' },
      { method: 'POST', url: '/api/api-keys', payload: { name: 'Child' } },
      { method: 'GET', url: '/api/api-keys' },
    ] as const;
    for (const call of calls) {
      const res = await t.inject({ ...call, token: secret });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json()).toEqual({ error: 'API keys cannot be used for this call' });
    }
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token: owner.token })).statusCode).toBe(200);
    await t.login(owner.user.email, owner.password);
  });

  it('records in the audit trail which key acted', async () => {
    const { api_key, secret } = await newKey(owner.token, { name: 'Audited' });
    const order = (await t.inject({ method: 'POST', url: '/api/estimates', token: secret, payload: { estimate_name: 'Audited order' } })).json();
    const byPerson = (await t.inject({ method: 'POST', url: '/api/estimates', token: owner.token, payload: { estimate_name: 'By hand' } })).json();
    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, order.id));
    expect(event).toMatchObject({ actorId: owner.user.id, apiKeyId: api_key.id, action: 'create' });
    const [manual] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, byPerson.id));
    expect(manual).toMatchObject({ actorId: owner.user.id, apiKeyId: null });
    const listed = (await t.inject({ method: 'GET', url: '/api/api-keys', token: owner.token }))
      .json()
      .api_keys.find((k: { id: string }) => k.id === api_key.id);
    expect(listed.last_used_at).not.toBeNull();
  });

  it('refuses a revoked key at once (401), and lets only its owner revoke it', async () => {
    const { api_key, secret } = await newKey(owner.token);
    expect((await t.inject({ method: 'GET', url: '/api/estimates', token: secret })).statusCode).toBe(200);
    const stranger = await t.signUp();
    const foreign = await t.inject({ method: 'DELETE', url: `/api/api-keys/${api_key.id}`, token: stranger.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'API key not found' });
    expect((await t.inject({ method: 'GET', url: '/api/estimates', token: secret })).statusCode).toBe(200);
    const revoke = await t.inject({ method: 'DELETE', url: `/api/api-keys/${api_key.id}`, token: owner.token });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().api_key.revoked_at).not.toBeNull();
    const after = await t.inject({ method: 'GET', url: '/api/estimates', token: secret });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'Invalid or revoked API key' });
    expect((await t.inject({ method: 'GET', url: '/api/estimates', token: 'sb_live_not-a-key' })).statusCode).toBe(401);
  });

  it("lists to administrators the station's service keys, not advertisers' keys", async () => {
    const admin = await t.adminToken();
    const { api_key } = await newKey(admin, { name: 'Station automation' });
    const mine = await newKey(owner.token, { name: 'Advertiser only' });
    const listed = (await t.inject({ method: 'GET', url: '/api/api-keys', token: admin })).json().api_keys.map((k: { id: string }) => k.id);
    expect(listed).toContain(api_key.id);
    expect(listed).not.toContain(mine.api_key.id);
    const advertiser = (await t.inject({ method: 'GET', url: '/api/api-keys', token: owner.token })).json().api_keys.map((k: { id: string }) => k.id);
    expect(advertiser).not.toContain(api_key.id);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('API keys on two instances', () => {
  it('a key revoked on instance A is refused on instance B within a second, although B had just used it', async () => {
    const b = await secondInstance(t.database);
    try {
      const { api_key, secret } = await newKey(owner.token);
      const onB = () => b.app.inject({ method: 'GET', url: '/api/estimates', headers: { authorization: `Bearer ${secret}` } });
      expect((await onB()).statusCode).toBe(200);
      expect((await t.inject({ method: 'DELETE', url: `/api/api-keys/${api_key.id}`, token: owner.token })).statusCode).toBe(200);
      await eventually(async () => expect((await onB()).statusCode).toBe(401), 1000);
    } finally {
      await b.close();
    }
  });
});
