import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/server/db/schema';
import { notifyMediaStatusChange, notifyNewMediaUpload, notifySystemMessage } from '../../src/server/modules/notifications';
import { createTestApp, type TestApp } from '../support/app';
import { MISSING_ID, clientWithBrand, submittedOrder } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const list = async (token: string) => {
  const res = await t.inject({ method: 'GET', url: '/api/notifications', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { notifications: Record<string, unknown>[]; unread_count: number; total: number };
};
const eventually = async (check: () => Promise<void>) => {
  for (let i = 0; ; i += 1) {
    try {
      return await check();
    } catch (error) {
      if (i > 100) throw error;
      await new Promise((r) => setTimeout(r, 30));
    }
  }
};

describe('GET /api/notifications', () => {
  it('keeps what arrived while the user was away, newest first, with unread count and total', async () => {
    const { owner, order } = await submittedOrder(t, { name: 'Away order' });
    await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/modify`, token: admin });
    await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin });
    await eventually(async () => expect((await list(owner.token)).total).toBe(2));
    const body = await list(owner.token);
    expect(body.unread_count).toBe(2);
    expect(body.notifications.map((n) => n.status)).toEqual(['approved', 'modified']);
    expect(body.notifications[0]).toEqual({
      id: expect.any(String),
      type: 'estimate_status_change',
      message: 'Your order "Away order" was approved',
      subType: null,
      status: 'approved',
      estimateId: order.id,
      estimateName: 'Away order',
      mediaId: null,
      filename: null,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      read: false,
    });
  });

  it('shows admins the submitted orders, and only one user their own notifications', async () => {
    const { order } = await submittedOrder(t, { name: 'Admin sees' });
    await eventually(async () => expect((await list(admin)).notifications.some((n) => n.estimateId === order.id && n.type === 'new_estimate')).toBe(true));
    const stranger = await t.signUp();
    expect(await list(stranger.token)).toEqual({ notifications: [], unread_count: 0, total: 0 });
  });

  it('keeps the newest 50 per user', async () => {
    const { token, user } = await t.signUp();
    for (let i = 1; i <= 53; i += 1) await notifySystemMessage(t.app.ctx, { to: { userIds: [user.id] }, message: `Message ${i}` });
    const body = await list(token);
    expect(body.total).toBe(50);
    expect(body.notifications).toHaveLength(50);
    expect(body.notifications[0]).toMatchObject({ message: 'Message 53', type: 'system_message', subType: 'info' });
    expect(body.notifications.at(-1)).toMatchObject({ message: 'Message 4' });
  });

  it('stores media events with their filename for the uploader and the admins', async () => {
    const owner = await clientWithBrand(t);
    await notifyNewMediaUpload(t.app.ctx, { media: { id: owner.media.id, filename: owner.media.filename }, uploaderEmail: owner.email });
    await notifyMediaStatusChange(t.app.ctx, { media: { id: owner.media.id, filename: owner.media.filename }, status: 'rejected', uploaderId: owner.id });
    const mine = await list(owner.token);
    expect(mine.notifications).toEqual([
      expect.objectContaining({
        type: 'media_status_change',
        status: 'rejected',
        filename: owner.media.filename,
        mediaId: owner.media.id,
        message: `Your media file "${owner.media.filename}" was rejected`,
      }),
    ]);
    const admins = await list(admin);
    expect(admins.notifications[0]).toMatchObject({
      type: 'new_media_upload',
      filename: owner.media.filename,
      message: `New media file "${owner.media.filename}" uploaded by ${owner.email} needs approval`,
    });
  });

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['PATCH', '/api/notifications/read-all'],
      ['PATCH', `/api/notifications/${MISSING_ID}/read`],
      ['DELETE', '/api/notifications'],
    ] as const) {
      const res = await t.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: 'Authentication required' });
    }
    const bad = await t.inject({ method: 'GET', url: '/api/notifications', token: 'forged' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: 'Invalid or expired session' });
  });
});

describe('read state and Clear All', () => {
  it('marks one read, then all, and clears all; only the caller’s own', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    for (const user of [a.user, a.user, b.user]) await notifySystemMessage(t.app.ctx, { to: { userIds: [user.id] }, message: 'Hello', subType: 'warning' });
    const [first] = (await list(a.token)).notifications;
    const [others] = (await list(b.token)).notifications;

    const read = await t.inject({ method: 'PATCH', url: `/api/notifications/${first!.id as string}/read`, token: a.token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ message: 'Notification marked as read' });
    expect((await list(a.token)).unread_count).toBe(1);
    expect((await t.inject({ method: 'PATCH', url: `/api/notifications/${first!.id as string}/read`, token: a.token })).statusCode).toBe(200);

    for (const id of [others!.id as string, MISSING_ID, 'not-a-uuid', `${'x'.repeat(500)}`]) {
      const res = await t.inject({ method: 'PATCH', url: `/api/notifications/${id}/read`, token: a.token });
      expect(res.statusCode, id.slice(0, 20)).toBe(404);
      expect(res.json()).toEqual({ error: 'Notification not found' });
    }
    expect((await list(b.token)).unread_count).toBe(1);

    const all = await t.inject({ method: 'PATCH', url: '/api/notifications/read-all', token: a.token });
    expect(all.json()).toEqual({ message: 'All notifications marked as read' });
    expect(await list(a.token)).toMatchObject({ unread_count: 0, total: 2 });
    expect((await list(a.token)).notifications.every((n) => n.read === true)).toBe(true);

    const cleared = await t.inject({ method: 'DELETE', url: '/api/notifications', token: a.token });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ message: 'All notifications cleared' });
    expect(await list(a.token)).toEqual({ notifications: [], unread_count: 0, total: 0 });
    expect((await list(b.token)).total).toBe(1);
  });

  it('does not store notifications for unknown users', async () => {
    await notifySystemMessage(t.app.ctx, { to: { userIds: [MISSING_ID] }, message: 'Nobody' });
    const rows = await t.database.db.select().from(notifications);
    expect(rows.some((r) => r.message === 'Nobody')).toBe(false);
  });
});
