/**
 * Media on an S3-compatible object store (STORAGE_URL=s3://...), against a real S3 server
 * (s3rver on a loopback port): upload, processing (ffmpeg reads from and writes to the bucket),
 * range playback, deletion and the orphan sweep. Nothing lands in the data folder's media folder.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaAssets } from '../../src/server/db/schema';
import { sweepOrphanFiles } from '../../src/server/modules/media/orphans';
import { parseStorageUrl } from '../../src/server/platform/storage-url';
import { createMediaTestApp, eventually, listen, makeClip, probe, type MediaTestApp } from '../support/media-fixtures';
import { listBucket, S3_CREDENTIALS, startS3, type TestS3 } from '../support/s3-server';

let s3: TestS3;
let t: MediaTestApp;
let base: string;
let owner: { token: string; user: { id: string } };
let brand: { id: string };
let clip: Buffer;

beforeAll(async () => {
  s3 = await startS3();
  t = await createMediaTestApp({ storage: parseStorageUrl(s3.storageUrl), storageCredentials: S3_CREDENTIALS });
  base = await listen(t.app);
  owner = await t.signUp();
  brand = await t.createBrand(owner.token);
  clip = readFileSync(await makeClip(t.dataDir, 'clip.mp4'));
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const uploadClip = async (filename = 'Spot 30s.mp4') => {
  const res = await t.upload(owner.token, [
    { name: 'brand_id', value: brand.id },
    { name: 'file', filename, type: 'video/mp4', data: clip },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { uploadId: string };
};
const processed = (id: string) =>
  eventually(
    async () => (await t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, id)))[0],
    (row) => !row || ['complete', 'error'].includes(row.processingStage),
  );
const linkOf = async (url: string) => {
  const res = await t.inject({ method: 'GET', url, token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  const { pathname, search } = new URL(res.json().url as string);
  return `${base}${pathname}${search}`;
};
const mediaFolder = () => (existsSync(path.join(t.dataDir, 'media')) ? readdirSync(path.join(t.dataDir, 'media')) : []);

describe('media on S3-compatible storage', () => {
  it('reports the bucket writable in readiness', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/ready' });
    expect(res.json()).toMatchObject({ checks: { storage: true } });
  });

  it('streams an upload into the bucket, processes it from there and plays it with byte ranges', async () => {
    const { uploadId } = await uploadClip();
    expect(await listBucket(s3)).toContain(`${uploadId}.original.mp4`);

    const row = await processed(uploadId);
    expect(row).toMatchObject({ processingStage: 'complete', processingProgress: 100, width: 320, height: 240, videoCodec: 'h264', audioCodec: 'aac' });
    expect(await listBucket(s3)).toEqual(expect.arrayContaining([`${uploadId}.original.mp4`, `${uploadId}.thumbnail.jpg`, `${uploadId}.preview.mp4`]));
    // Nothing on the local disk: no media files, no download left in the scratch folder.
    expect(mediaFolder()).toEqual([]);
    // (the job clears its scratch folder and download just after saying complete)
    expect(
      await eventually(
        async () => readdirSync(path.join(t.dataDir, 'media-work')),
        (names) => names.length === 0,
      ),
    ).toEqual([]);

    // The preview ffmpeg wrote to the bucket is a real H.264 video.
    const preview = await fetch(await linkOf(`/api/media/${uploadId}/preview-url`));
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('video/mp4');
    const previewFile = path.join(t.dataDir, 'preview-from-s3.mp4');
    writeFileSync(previewFile, Buffer.from(await preview.arrayBuffer()));
    expect((await probe(previewFile)).streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', height: 240 });

    const original = await linkOf(`/api/media/${uploadId}/url`);
    const whole = await fetch(original);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(clip.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(clip)).toBe(true);

    const ranged = await fetch(original, { headers: { range: 'bytes=100-1123' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-1123/${clip.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(clip.subarray(100, 1124))).toBe(true);

    const tail = await fetch(original, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(clip.subarray(clip.length - 10))).toBe(true);

    const beyond = await fetch(original, { headers: { range: `bytes=${clip.length + 5}-` } });
    expect(beyond.status).toBe(416);
    expect(await beyond.json()).toEqual({ error: 'Requested range not satisfiable' });
  });

  it('removes an asset and its three files from the bucket when it is deleted', async () => {
    const { uploadId } = await uploadClip('Delete me.mp4');
    expect((await processed(uploadId))?.processingStage).toBe('complete');
    const res = await t.inject({ method: 'DELETE', url: `/api/media/${uploadId}`, token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listBucket(s3)).filter((key) => key.startsWith(uploadId))).toEqual([]);
  });

  it('ends a file that is not a video in stage error and leaves nothing in the bucket', async () => {
    const res = await t.upload(owner.token, [
      { name: 'brand_id', value: brand.id },
      { name: 'file', filename: 'junk.mp4', type: 'video/mp4', data: Buffer.from('not a video at all') },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { uploadId } = res.json().data as { uploadId: string };
    expect(await processed(uploadId)).toBeUndefined();
    // The row goes first, then its files: the bucket empties right after.
    await expect.poll(async () => (await listBucket(s3)).filter((key) => key.startsWith(uploadId))).toEqual([]);
  });

  it('sweeps the files of assets deleted with their brand; files of live assets stay', async () => {
    const dropped = await t.createBrand(owner.token, 'Dropped Brand');
    const storage = t.app.ctx.storage;
    const seed = async (brandId: string) => {
      const [row] = await t.database.db
        .insert(mediaAssets)
        .values({
          brandId,
          uploadedBy: owner.user.id,
          filename: 'seeded.mp4',
          mimeType: 'video/mp4',
          fileSize: 5,
          storageKey: 'pending',
          processingStage: 'complete',
          processingProgress: 100,
        })
        .returning();
      const key = `${row!.id}.original.mp4`;
      await storage.put(key, Readable.from([Buffer.from('bytes')]));
      await t.database.db.update(mediaAssets).set({ storageKey: key }).where(eq(mediaAssets.id, row!.id));
      return key;
    };
    const live = await seed(brand.id);
    const orphan = await seed(dropped.id);
    expect((await t.inject({ method: 'DELETE', url: `/api/brands/${dropped.id}`, token: owner.token })).statusCode).toBe(200);
    expect(await listBucket(s3)).toContain(orphan);

    // Young objects are left alone: an upload may store its file just before its row.
    expect(await sweepOrphanFiles({ db: t.database.db, storage })).toBe(0);
    expect(await sweepOrphanFiles({ db: t.database.db, storage, minAgeMs: -1 })).toBe(1);
    expect(await listBucket(s3)).not.toContain(orphan);
    expect(await listBucket(s3)).toContain(live);
  });
});
