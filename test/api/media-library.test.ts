import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaTestApp, type MediaTestApp } from '../support/media-fixtures';

let t: MediaTestApp;
let owner: { token: string; user: { id: string; email: string } };
let other: { token: string; user: { id: string } };
let adminToken: string;
let brand: { id: string };
let otherBrand: { id: string };

beforeAll(async () => {
  t = await createMediaTestApp();
  owner = await t.signUp();
  other = await t.signUp();
  adminToken = await t.adminToken();
  brand = await t.createBrand(owner.token, 'Sunny Juice');
  otherBrand = await t.createBrand(other.token, 'Other Cola');
});
afterAll(() => t.close());

const seed = (status: 'pending' | 'approved' | 'rejected' = 'pending', brandId = brand.id, uploadedBy = owner.user.id) =>
  t.seedAsset({ brandId, uploadedBy, status });
const ids = (body: { id: string }[]) => body.map((m) => m.id);

describe('media library', () => {
  it('lists media with brand and uploader, newest first; clients see only their brands', async () => {
    const mine = await seed();
    const theirs = await seed('approved', otherBrand.id, other.user.id);
    const list = await t.inject({ method: 'GET', url: '/api/media', token: owner.token });
    expect(list.statusCode).toBe(200);
    expect(ids(list.json())).toContain(mine.id);
    expect(ids(list.json())).not.toContain(theirs.id);
    expect(list.json().find((m: { id: string }) => m.id === mine.id)).toEqual({
      id: mine.id,
      filename: 'seeded.mp4',
      mime_type: 'video/mp4',
      file_size: 18,
      status: 'pending',
      brand_id: brand.id,
      brand_name: 'Sunny Juice',
      uploaded_by: owner.user.id,
      uploaded_by_email: owner.user.email,
      estimate_id: null,
      duration_seconds: null,
      width: null,
      height: null,
      video_codec: null,
      audio_codec: null,
      processing_stage: 'complete',
      processing_progress: 100,
      processing_message: null,
      has_preview: false,
      has_thumbnail: false,
      ad_id: null,
      spot_length: null,
      title: null,
      house_number: expect.stringMatching(/^SB\d{6}$/),
      house_code: expect.stringMatching(/^SB\d{6}$/),
      spot_length_warning: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const all = (await t.inject({ method: 'GET', url: '/api/media', token: adminToken })).json();
    expect(ids(all)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const times = all.map((m: { created_at: string }) => m.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by brand and status, and refuses bad filters', async () => {
    const approved = await seed('approved');
    const pending = await seed('pending');
    const filtered = (await t.inject({ method: 'GET', url: `/api/media?brand_id=${brand.id}&status=approved`, token: adminToken })).json();
    expect(ids(filtered)).toContain(approved.id);
    expect(ids(filtered)).not.toContain(pending.id);
    expect(filtered.every((m: { brand_id: string; status: string }) => m.brand_id === brand.id && m.status === 'approved')).toBe(true);
    expect((await t.inject({ method: 'GET', url: `/api/media?brand_id=${otherBrand.id}`, token: owner.token })).json()).toEqual([]);
    expect((await t.inject({ method: 'GET', url: '/api/media?status=archived', token: owner.token })).json()).toEqual({
      error: 'status must be pending, approved or rejected',
      field: 'status',
    });
    expect((await t.inject({ method: 'GET', url: '/api/media?brand_id=x', token: owner.token })).statusCode).toBe(400);
  });

  it('answers 401 to anonymous callers on every media route', async () => {
    const asset = await seed();
    for (const [method, url] of [
      ['GET', '/api/media'],
      ['POST', '/api/media'],
      ['POST', '/api/media/upload'],
      ['GET', `/api/media/${asset.id}`],
      ['PUT', `/api/media/${asset.id}`],
      ['DELETE', `/api/media/${asset.id}`],
      ['GET', `/api/media/${asset.id}/url`],
      ['GET', `/api/media/${asset.id}/preview-url`],
      ['GET', `/api/media/upload-progress/${asset.id}`],
    ] as const) {
      const res = await t.inject({ method, url, payload: method === 'PUT' ? { status: 'approved' } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ error: 'Authentication required' });
    }
  });

  it("hides another client's media on every route (404), but lets the owner and admins in", async () => {
    const asset = await seed();
    for (const url of [`/api/media/${asset.id}`, `/api/media/${asset.id}/url`, `/api/media/${asset.id}/preview-url`]) {
      const stranger = await t.inject({ method: 'GET', url, token: other.token });
      expect(stranger.statusCode, url).toBe(404);
      expect(stranger.json()).toEqual({ error: 'Media asset not found' });
      expect((await t.inject({ method: 'GET', url, token: owner.token })).statusCode, url).toBe(200);
      expect((await t.inject({ method: 'GET', url, token: adminToken })).statusCode, url).toBe(200);
    }
    expect((await t.inject({ method: 'DELETE', url: `/api/media/${asset.id}`, token: other.token })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/media/${asset.id}/preview-url?type=thumbnail`, token: owner.token })).json()).toEqual({
      error: 'No thumbnail is available for this media asset',
    });
    expect((await t.inject({ method: 'GET', url: '/api/media/not-a-uuid', token: owner.token })).statusCode).toBe(404);
  });

  it('lets only admins approve or reject, and only pending media', async () => {
    const asset = await seed();
    for (const token of [owner.token, other.token]) {
      const res = await t.inject({ method: 'PUT', url: `/api/media/${asset.id}`, token, payload: { status: 'approved' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Admin access required' });
    }
    const bad = await t.inject({ method: 'PUT', url: `/api/media/${asset.id}`, token: adminToken, payload: { status: 'pending' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Status must be approved or rejected', field: 'status' });

    const approved = await t.inject({ method: 'PUT', url: `/api/media/${asset.id}`, token: adminToken, payload: { status: 'approved' } });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: asset.id, status: 'approved', brand_name: 'Sunny Juice' });
    for (const status of ['approved', 'rejected']) {
      const again = await t.inject({ method: 'PUT', url: `/api/media/${asset.id}`, token: adminToken, payload: { status } });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'Only pending media can be approved or rejected' });
    }
    const rejected = await t.inject({ method: 'PUT', url: `/api/media/${(await seed()).id}`, token: adminToken, payload: { status: 'rejected' } });
    expect(rejected.json().status).toBe('rejected');
    expect(
      (await t.inject({ method: 'PUT', url: '/api/media/00000000-0000-4000-8000-000000000000', token: adminToken, payload: { status: 'rejected' } }))
        .statusCode,
    ).toBe(404);
  });

  it('lets clients delete their pending media only; admins delete any; the files go too', async () => {
    const pending = await seed();
    const approved = await seed('approved');
    const rejected = await seed('rejected');
    for (const asset of [approved, rejected]) {
      const res = await t.inject({ method: 'DELETE', url: `/api/media/${asset.id}`, token: owner.token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Only pending media can be deleted' });
    }
    const mine = await t.inject({ method: 'DELETE', url: `/api/media/${pending.id}`, token: owner.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ message: 'Media asset deleted successfully' });
    expect(t.storedFiles()).not.toContain(pending.storageKey);
    expect((await t.inject({ method: 'GET', url: `/api/media/${pending.id}`, token: owner.token })).statusCode).toBe(404);

    for (const asset of [approved, rejected]) {
      expect((await t.inject({ method: 'DELETE', url: `/api/media/${asset.id}`, token: adminToken })).statusCode).toBe(200);
      expect(t.storedFiles()).not.toContain(asset.storageKey);
    }
    expect((await t.inject({ method: 'DELETE', url: `/api/media/${approved.id}`, token: adminToken })).statusCode).toBe(404);
  });
});

describe('media notifications', () => {
  it('tells the uploader when the traffic desk approves or rejects their file', async () => {
    const approved = await seed();
    const rejected = await seed();
    await t.inject({ method: 'PUT', url: `/api/media/${approved.id}`, token: adminToken, payload: { status: 'approved' } });
    await t.inject({ method: 'PUT', url: `/api/media/${rejected.id}`, token: adminToken, payload: { status: 'rejected' } });
    const { notifications } = (await t.inject({ method: 'GET', url: '/api/notifications', token: owner.token })).json();
    expect(notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'media_status_change', status: 'approved', mediaId: approved.id, filename: 'seeded.mp4' }),
        expect.objectContaining({ type: 'media_status_change', status: 'rejected', mediaId: rejected.id }),
      ]),
    );
    expect((await t.inject({ method: 'GET', url: '/api/notifications', token: other.token })).json().notifications).toEqual([]);
  });
});
