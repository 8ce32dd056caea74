import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaAssets } from '../../src/server/db/schema';
import { createLinkSigner } from '../../src/server/modules/media/links';
import { testConfig } from '../support/app';
import { createMediaTestApp, listen, type MediaTestApp } from '../support/media-fixtures';
import { clockNow } from '../support/clock';

let t: MediaTestApp;
let base: string;
let owner: { token: string; user: { id: string } };
let brand: { id: string };
let asset: { id: string };
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

beforeAll(async () => {
  t = await createMediaTestApp();
  base = await listen(t.app);
  owner = await t.signUp();
  brand = await t.createBrand(owner.token);
  asset = await t.seedAsset({ brandId: brand.id, uploadedBy: owner.user.id, bytes });
});
afterAll(() => t.close());

const linkOf = async (url: string) => {
  const res = await t.inject({ method: 'GET', url, token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().url as string;
};
const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });

describe('signed media links', () => {
  it('serves the original with its type, name and length through a signed link', async () => {
    const url = await linkOf(`/api/media/${asset.id}/url`);
    // An absolute address on the origin of the request, usable as it is by any client.
    expect(url).toMatch(new RegExp(`^http://localhost(:\\d+)?/api/media/${asset.id}/file/original\\?expires=\\d+&sig=[\\w-]+$`));
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'content-length': '1000' });
    expect(res.headers['content-disposition']).toContain('seeded.mp4');
    expect(res.rawPayload.equals(bytes)).toBe(true);
    const head = await t.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
  });

  it.each([
    ['bytes=10-19', 10, 19],
    ['bytes=990-', 990, 999],
    ['bytes=-5', 995, 999],
    ['bytes=900-5000', 900, 999],
    ['bytes=0-0', 0, 0],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    const res = await get(await linkOf(`/api/media/${asset.id}/url`), { range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=1000-', 'bytes=1000-1001', 'bytes=50-10', 'bytes=abc', 'bytes=-0'])('answers %s with 416', async (range) => {
    const res = await get(await linkOf(`/api/media/${asset.id}/url`), { range });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */1000');
    expect(res.json()).toEqual({ error: 'Requested range not satisfiable' });
  });

  it('answers several ranges or another unit with the whole file', async () => {
    const url = await linkOf(`/api/media/${asset.id}/url`);
    for (const range of ['bytes=0-1,5-6', 'items=0-1']) expect((await get(url, { range })).statusCode).toBe(200);
  });

  it('refuses tampered, re-targeted, incomplete and expired links with 403', async () => {
    const url = new URL(await linkOf(`/api/media/${asset.id}/url`), 'http://x');
    const sig = url.searchParams.get('sig')!;
    const expires = url.searchParams.get('expires')!;
    const other = await t.seedAsset({ brandId: brand.id, uploadedBy: owner.user.id });
    for (const bad of [
      `/api/media/${asset.id}/file/original?expires=${expires}&sig=${sig.slice(0, -2)}AA`,
      `/api/media/${asset.id}/file/original?expires=${Number(expires) + 3600}&sig=${sig}`,
      `/api/media/${asset.id}/file/preview?expires=${expires}&sig=${sig}`,
      `/api/media/${other.id}/file/original?expires=${expires}&sig=${sig}`,
      `/api/media/${asset.id}/file/original?expires=${expires}`,
      `/api/media/${asset.id}/file/original`,
    ]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toEqual({ error: 'Invalid link' });
    }
    const expired = createLinkSigner(testConfig().jwtSecret).sign(asset.id, 'original', clockNow().getTime() - 2 * 3600_000);
    const res = await get(expired);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'This link has expired' });
  });

  it('links the preview when there is one (else the original) and the thumbnail', async () => {
    expect(await linkOf(`/api/media/${asset.id}/preview-url`)).toContain('/file/original?');
    const dir = path.join(t.dataDir, 'media');
    writeFileSync(path.join(dir, `${asset.id}.preview.mp4`), 'preview-bytes');
    writeFileSync(path.join(dir, `${asset.id}.thumbnail.jpg`), 'jpeg-bytes');
    await t.database.db
      .update(mediaAssets)
      .set({ previewKey: `${asset.id}.preview.mp4`, thumbnailKey: `${asset.id}.thumbnail.jpg` })
      .where(eq(mediaAssets.id, asset.id));

    const preview = await get(await linkOf(`/api/media/${asset.id}/preview-url?type=preview`));
    expect(preview.headers['content-type']).toBe('video/mp4');
    expect(preview.body).toBe('preview-bytes');
    const thumbnail = await get(await linkOf(`/api/media/${asset.id}/preview-url?type=thumbnail`));
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect(thumbnail.body).toBe('jpeg-bytes');
    expect((await t.inject({ method: 'GET', url: `/api/media/${asset.id}/preview-url?type=poster`, token: owner.token })).statusCode).toBe(400);
  });

  it('works for a browser-like client over a real connection (range requests while seeking)', async () => {
    // Asked over the real connection, the link names that connection's origin and is fetched as it is.
    const { url } = (await (await fetch(`${base}/api/media/${asset.id}/url`, { headers: { authorization: `Bearer ${owner.token}` } })).json()) as {
      url: string;
    };
    expect(url.startsWith(`${base}/api/media/${asset.id}/file/original?`)).toBe(true);
    const res = await fetch(url, { headers: { range: 'bytes=500-' } });
    expect(res.status).toBe(206);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(500))).toBe(true);
  });

  it('answers 404 once the asset is gone', async () => {
    const gone = await t.seedAsset({ brandId: brand.id, uploadedBy: owner.user.id });
    const url = await linkOf(`/api/media/${gone.id}/url`);
    await t.inject({ method: 'DELETE', url: `/api/media/${gone.id}`, token: owner.token });
    expect((await get(url)).statusCode).toBe(404);
  });
});
