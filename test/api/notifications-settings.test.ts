import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { MISSING_ID } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
let client: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  client = (await t.signUp()).token;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.inject({ method, url: `/api/notifications/${url}`, token, ...(payload !== undefined && { payload: payload as Record<string, unknown> }) });

const create = async (notification_type: string, recipient_email: string) => {
  const res = await call('POST', 'settings', { notification_type, recipient_email });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; notification_type: string; recipient_email: string; is_active: boolean; created_at: string };
};

describe('GET /api/notifications/types', () => {
  it('lists every notification type with a name and a description', async () => {
    const res = await call('GET', 'types');
    expect(res.statusCode).toBe(200);
    const { types } = res.json() as { types: { type: string; name: string; description: string }[] };
    expect(types.map((x) => x.type)).toEqual([
      'estimate_status_change',
      'media_status_change',
      'new_estimate',
      'new_media_upload',
      'system_message',
      'makegood_offer',
    ]);
    for (const x of types) expect(x).toEqual({ type: x.type, name: expect.any(String), description: expect.any(String) });
  });
});

describe('notification settings CRUD', () => {
  it('creates, lists, edits, toggles and deletes a recipient', async () => {
    const created = await create('new_estimate', '  Ops@Station.example ');
    expect(created).toEqual({
      id: expect.any(String),
      notification_type: 'new_estimate',
      recipient_email: 'ops@station.example',
      is_active: true,
      created_at: expect.any(String),
    });

    const listed = await call('GET', 'settings');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().settings).toContainEqual(created);

    const edited = await call('PUT', `settings/${created.id}`, { recipient_email: 'desk@station.example', is_active: false });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({ ...created, recipient_email: 'desk@station.example', is_active: false });

    const same = await call('PUT', `settings/${created.id}`, { notification_type: 'new_estimate', is_active: true });
    expect(same.statusCode).toBe(200);
    expect(same.json().is_active).toBe(true);

    const deleted = await call('DELETE', `settings/${created.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Setting deleted successfully' });
    expect((await call('GET', 'settings')).json().settings).not.toContainEqual(expect.objectContaining({ id: created.id }));
    const again = await call('DELETE', `settings/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Setting not found' });
  });

  it('requires both fields, a valid e-mail and a known type', async () => {
    const required = 'Notification type and email are required';
    const cases: [unknown, string, string?][] = [
      [{}, required, 'notification_type'],
      [{ notification_type: 'new_estimate' }, required, 'recipient_email'],
      [{ recipient_email: 'a@b.example' }, required, 'notification_type'],
      [{ notification_type: '  ', recipient_email: 'a@b.example' }, required, 'notification_type'],
      [{ notification_type: 'new_estimate', recipient_email: '' }, required, 'recipient_email'],
      [{ notification_type: 7, recipient_email: 'a@b.example' }, required, 'notification_type'],
      [null, required],
      [{ notification_type: 'new_estimate', recipient_email: 'not-an-email' }, 'Please enter a valid email address', 'recipient_email'],
      [{ notification_type: 'new_estimate', recipient_email: `${'a'.repeat(300)}@b.example` }, 'Please enter a valid email address', 'recipient_email'],
      [{ notification_type: 'bogus', recipient_email: 'a@b.example' }, 'Unknown notification type', 'notification_type'],
      [{ notification_type: 'x'.repeat(10_000), recipient_email: 'a@b.example' }, 'Unknown notification type', 'notification_type'],
      [{ notification_type: '__proto__', recipient_email: 'a@b.example' }, 'Unknown notification type', 'notification_type'],
    ];
    for (const [payload, error, field] of cases) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/notifications/settings',
        token: admin,
        ...(payload !== null && { payload: payload as Record<string, unknown> }),
      });
      expect(res.statusCode, JSON.stringify(payload)?.slice(0, 60)).toBe(400);
      expect(res.json(), JSON.stringify(payload)?.slice(0, 60)).toEqual(field ? { error, field } : { error });
    }
  });

  it('refuses a duplicate type and e-mail with 409, also when editing into one', async () => {
    await create('media_status_change', 'twice@station.example');
    const dup = await call('POST', 'settings', { notification_type: 'media_status_change', recipient_email: 'TWICE@station.example' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'This email already receives this notification type' });
    const other = await create('media_status_change', 'once@station.example');
    const clash = await call('PUT', `settings/${other.id}`, { recipient_email: 'twice@station.example' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ error: 'This email already receives this notification type' });
    // The same e-mail for another type is fine.
    await create('new_media_upload', 'twice@station.example');
  });

  it('never changes the type and validates edits', async () => {
    const s = await create('system_message', 'fixed@station.example');
    const cases: [unknown, string][] = [
      [{ notification_type: 'new_estimate' }, 'Notification type cannot be changed'],
      [{ notification_type: 'bogus', recipient_email: 'x@y.example' }, 'Notification type cannot be changed'],
      [{ recipient_email: 'nope' }, 'Please enter a valid email address'],
      [{ recipient_email: '' }, 'Notification type and email are required'],
      [{ is_active: 'yes' }, 'is_active must be true or false'],
    ];
    for (const [payload, error] of cases) {
      const res = await call('PUT', `settings/${s.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error, field: Object.keys(payload as object)[0] });
    }
    const unchanged = await call('PUT', `settings/${s.id}`, {});
    expect(unchanged.json()).toEqual(s);
    for (const id of [MISSING_ID, 'nope']) {
      const res = await call('PUT', `settings/${id}`, { is_active: false });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Setting not found' });
    }
  });

  it('is for admins only', async () => {
    const s = await create('new_estimate', 'guarded@station.example');
    const routes = [
      ['GET', 'types'],
      ['GET', 'settings'],
      ['POST', 'settings'],
      ['PUT', `settings/${s.id}`],
      ['DELETE', `settings/${s.id}`],
    ] as const;
    for (const [method, url] of routes) {
      const asClient = await call(
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : { notification_type: 'new_estimate', recipient_email: 'x@y.example' },
        client,
      );
      expect(asClient.statusCode, `${method} ${url}`).toBe(403);
      expect(asClient.json()).toEqual({ error: 'Admin access required' });
      const anonymous = await t.inject({ method, url: `/api/notifications/${url}` });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'Authentication required' });
    }
    expect((await call('GET', 'settings')).json().settings).toContainEqual(s);
  });
});
