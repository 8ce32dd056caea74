import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { mediaAssets } from '../../src/server/db/schema';
import { testConfig } from '../support/app';
import { createMediaTestApp, eventually, listen, makeClip, multipart, probe, readEvents, type MediaTestApp } from '../support/media-fixtures';

let t: MediaTestApp;
let base: string;
let owner: { token: string; user: { id: string } };
let other: { token: string; user: { id: string } };
let brand: { id: string };
let clip: Buffer;

beforeAll(async () => {
  t = await createMediaTestApp();
  base = await listen(t.app);
  owner = await t.signUp();
  other = await t.signUp();
  brand = await t.createBrand(owner.token);
  clip = readFileSync(await makeClip(t.dataDir, 'clip.mp4'));
});
afterAll(() => t.close());

const progressUrl = (id: string, token: string) => `${base}/api/media/upload-progress/${id}?token=${encodeURIComponent(token)}`;
const uploadClip = async (token = owner.token, brandId = brand.id, filename = 'Spot 30s.mp4', data = clip) => {
  const res = await t.upload(token, [
    { name: 'brand_id', value: brandId },
    { name: 'file', filename, type: 'video/mp4', data },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { uploadId: string; mediaAsset: Record<string, unknown> };
};
const fetchFile = async (url: string) => {
  // Links are absolute; asked through inject they name inject's host, so the path goes to the real server.
  const { pathname, search } = new URL(url);
  const res = await fetch(`${base}${pathname}${search}`);
  expect(res.status).toBe(200);
  return { type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
};
const waitForRow = (id: string) =>
  eventually(
    async () => (await t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, id)))[0],
    (row) => !row || ['complete', 'error'].includes(row.processingStage),
  );

describe('media upload and processing', () => {
  it('stores the upload, reports every stage over server-sent events and makes a thumbnail and an H.264 preview', async () => {
    // Video work runs one job at a time: while the first upload is processed, the second waits,
    // so that its progress stream is open before its processing starts.
    const blocker = await uploadClip(owner.token, brand.id, 'blocker.mp4');
    const { uploadId, mediaAsset } = await uploadClip();
    expect(mediaAsset).toMatchObject({
      id: uploadId,
      filename: 'Spot 30s.mp4',
      mime_type: 'video/mp4',
      file_size: clip.length,
      status: 'pending',
      brand_id: brand.id,
      uploaded_by: owner.user.id,
    });

    const stream = await readEvents(progressUrl(uploadId, owner.token));
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const stages = stream.events.map((e) => e.stage).filter((s, i, all) => s !== all[i - 1]);
    // Only the stages of the spec go over the wire: waiting and checking the video are the thumbnail stage's start.
    expect(stages).toEqual(['thumbnail', 'preview', 'complete']);
    expect(stream.events.map((e) => e.message)).toEqual(
      expect.arrayContaining(['Waiting to be processed', 'Checking the video', 'Making the thumbnail', 'Making the preview']),
    );
    expect(stream.events.at(-1)).toEqual({ stage: 'complete', progress: 100, message: 'Ready' });
    await waitForRow(blocker.uploadId);
    const previewProgress = stream.events.filter((e) => e.stage === 'preview').map((e) => e.progress);
    expect(previewProgress).toEqual([...previewProgress].sort((a, b) => a - b));

    const asset = (await t.inject({ method: 'GET', url: `/api/media/${uploadId}`, token: owner.token })).json();
    expect(asset).toMatchObject({
      processing_stage: 'complete',
      processing_progress: 100,
      width: 320,
      height: 240,
      video_codec: 'h264',
      audio_codec: 'aac',
      has_preview: true,
      has_thumbnail: true,
    });
    expect(asset.duration_seconds).toBeCloseTo(2, 0);

    const previewUrl = (await t.inject({ method: 'GET', url: `/api/media/${uploadId}/preview-url`, token: owner.token })).json().url;
    const preview = await fetchFile(previewUrl);
    expect(preview.type).toBe('video/mp4');
    writeFileSync(path.join(t.dataDir, 'got-preview.mp4'), preview.body);
    const previewProbe = await probe(path.join(t.dataDir, 'got-preview.mp4'));
    expect(previewProbe.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', height: 240 });
    expect(previewProbe.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    // Fast start: the index (moov) comes before the media data (mdat).
    expect(preview.body.indexOf('moov')).toBeLessThan(preview.body.indexOf('mdat'));

    const thumbnailUrl = (await t.inject({ method: 'GET', url: `/api/media/${uploadId}/preview-url?type=thumbnail`, token: owner.token })).json().url;
    const thumbnail = await fetchFile(thumbnailUrl);
    expect(thumbnail.type).toBe('image/jpeg');
    writeFileSync(path.join(t.dataDir, 'got-thumbnail.jpg'), thumbnail.body);
    expect((await probe(path.join(t.dataDir, 'got-thumbnail.jpg'))).streams[0]).toMatchObject({ codec_type: 'video', codec_name: 'mjpeg' });

    // A late joiner gets the current (final) state at once, and the stream ends.
    expect((await readEvents(progressUrl(uploadId, owner.token))).events).toEqual([{ stage: 'complete', progress: 100, message: 'Ready' }]);
  });

  it('accepts the file before the brand, and an upload of an admin for any brand', async () => {
    const res = await t.upload(owner.token, [
      { name: 'file', filename: 'first.MOV', type: 'video/quicktime', data: clip },
      { name: 'brand_id', value: brand.id },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.mediaAsset).toMatchObject({ filename: 'first.MOV', mime_type: 'video/quicktime' });
    // data carries the uploadId and the asset's own fields (id = uploadId), as well as the asset under mediaAsset.
    expect(res.json().data).toMatchObject({
      id: res.json().data.uploadId,
      filename: 'first.MOV',
      mime_type: 'video/quicktime',
      status: 'pending',
      brand_name: 'Sunny Juice',
    });
    const byAdmin = await uploadClip(await t.adminToken());
    expect(byAdmin.mediaAsset.brand_id).toBe(brand.id);
    await waitForRow(res.json().data.uploadId);
    await waitForRow(byAdmin.uploadId);
    // Processed and found a video: the admins hear that it needs approval (not before, issue 29 item 18).
    const adminToken = await t.adminToken();
    await eventually(
      async () => (await t.inject({ method: 'GET', url: '/api/notifications', token: adminToken })).json().notifications as unknown[],
      (list) => list.some((n) => (n as { mediaId?: string }).mediaId === res.json().data.uploadId),
    );
    const { notifications } = (await t.inject({ method: 'GET', url: '/api/notifications', token: adminToken })).json();
    expect(notifications).toContainEqual(expect.objectContaining({ type: 'new_media_upload', mediaId: res.json().data.uploadId, filename: 'first.MOV' }));
    // Processed: the uploader is told it is ready.
    const mine = await eventually(
      async () => (await t.inject({ method: 'GET', url: '/api/notifications', token: owner.token })).json().notifications as { message: string }[],
      (list) => list.some((n) => n.message.includes('"first.MOV"')),
    );
    expect(mine).toContainEqual(
      expect.objectContaining({ type: 'system_message', subType: 'success', message: 'Your media file "first.MOV" is ready and waiting for approval' }),
    );
  });

  it('ends a file that is not a video in stage error, removes it and its file, and lists it nowhere', async () => {
    const before = t.storedFiles().length;
    const { uploadId } = await uploadClip(owner.token, brand.id, 'fake.mp4', Buffer.from('This is a text file, not a TV spot.\n'));
    const { events } = await readEvents(progressUrl(uploadId, owner.token));
    expect(events.at(-1)).toEqual({ stage: 'error', progress: 100, message: 'This file is not a playable video' });
    expect((await t.inject({ method: 'GET', url: `/api/media/${uploadId}`, token: owner.token })).statusCode).toBe(404);
    const list = (await t.inject({ method: 'GET', url: '/api/media', token: owner.token })).json();
    expect(list.map((m: { id: string }) => m.id)).not.toContain(uploadId);
    expect(t.storedFiles().filter((f) => f.startsWith(uploadId))).toEqual([]);
    expect(t.storedFiles().length).toBeLessThanOrEqual(before);
    // The uploader is told why it went.
    const mine = await eventually(
      async () =>
        (await t.inject({ method: 'GET', url: '/api/notifications', token: owner.token })).json().notifications as { type: string; message: string }[],
      (list) => list.some((n) => n.message.includes('"fake.mp4"')),
    );
    expect(mine).toContainEqual(
      expect.objectContaining({
        type: 'system_message',
        subType: 'error',
        message: 'Your media file "fake.mp4" was not accepted: This file is not a playable video',
      }),
    );
    // The admins are never told that a file the check refused "needs approval" (issue 29, item 18).
    const admins = (await t.inject({ method: 'GET', url: '/api/notifications', token: await t.adminToken() })).json().notifications as {
      mediaId?: string;
      message: string;
    }[];
    expect(admins.filter((n) => n.mediaId === uploadId || n.message.includes('"fake.mp4"'))).toEqual([]);
  });

  it('refuses a body declared at 2 GB or more (the default limit) before reading it', async () => {
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${base}/api/media/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(3 * 1024 ** 3) },
      });
      req.on('response', (r) => {
        let body = '';
        r.on('data', (c) => (body += c));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: 'File too large. Maximum size is 2GB' });
  });

  it('leaves no file behind when the client goes away mid-upload', async () => {
    const before = t.storedFiles().sort();
    const { payload, headers } = multipart([
      { name: 'brand_id', value: brand.id },
      { name: 'file', filename: 'cut.mp4', type: 'video/mp4', data: Buffer.alloc(200_000, 1) },
    ]);
    await new Promise<void>((resolve) => {
      const req = http.request(`${base}/api/media/upload`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${owner.token}`, 'content-length': String(payload.length) },
      });
      req.on('error', () => resolve());
      req.write(payload.subarray(0, 120_000));
      // Gone once the upload is being written to storage.
      void eventually(
        async () => t.storedFiles(),
        (files) => files.some((f) => f.endsWith('.partial')),
        20_000,
      ).then((files) => {
        expect(files.some((f) => f.endsWith('.partial'))).toBe(true);
        req.destroy();
      });
      req.on('close', () => resolve());
    });
    const after = await eventually(
      async () => t.storedFiles().sort(),
      (files) => files.length === before.length,
      20_000,
    );
    expect(after).toEqual(before);
  });

  it('lets only the uploader and admins follow the progress', async () => {
    const { uploadId } = await uploadClip();
    expect((await fetch(`${base}/api/media/upload-progress/${uploadId}`)).status).toBe(401);
    const bad = await fetch(progressUrl(uploadId, 'not-a-token'));
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: 'Invalid or expired session' });
    const stranger = await fetch(progressUrl(uploadId, other.token));
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual({ error: 'Media asset not found' });
    const admin = await readEvents(progressUrl(uploadId, await t.adminToken()));
    expect(admin.events.at(-1)?.stage).toBe('complete');
  });

  it('explains that assets are created by uploading', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/media', token: owner.token, payload: { filename: 'x.mp4' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/POST \/api\/media\/upload/);
  });
});

describe('restart during processing', () => {
  it('leaves work cut off by a shutdown mid-way, and resumes it at the next start: a video completes, a non-video is removed', async () => {
    const config = testConfig({ dataDir: t.dataDir });
    const first = await buildApp({ config, database: t.database });
    await first.ready();
    const body = multipart([
      { name: 'brand_id', value: brand.id },
      { name: 'file', filename: 'cut off.mp4', type: 'video/mp4', data: clip },
    ]);
    const res = await first.inject({
      method: 'POST',
      url: '/api/media/upload',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(201);
    await first.close();
    const cutOff = res.json().data.uploadId as string;
    const [left] = await t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, cutOff));
    expect(['uploaded', 'probing', 'thumbnail', 'preview']).toContain(left?.processingStage);

    const [junk] = await t.database.db
      .insert(mediaAssets)
      .values({
        brandId: brand.id,
        uploadedBy: owner.user.id,
        filename: 'junk.mp4',
        mimeType: 'video/mp4',
        fileSize: 4,
        storageKey: 'restart-junk.original.mp4',
        processingStage: 'preview',
        processingProgress: 40,
      })
      .returning();
    writeFileSync(path.join(t.dataDir, 'media', 'restart-junk.original.mp4'), 'junk');

    const second = await buildApp({ config, database: t.database });
    try {
      await second.ready();
      const video = await waitForRow(cutOff);
      expect(video).toMatchObject({ processingStage: 'complete', processingProgress: 100, width: 320 });
      expect(video?.previewKey).toBeTruthy();
      expect(await waitForRow(junk!.id)).toBeUndefined();
      // The row goes first, then its files.
      const files = await eventually(
        async () => t.storedFiles(),
        (stored) => !stored.includes('restart-junk.original.mp4'),
      );
      expect(files).not.toContain('restart-junk.original.mp4');
    } finally {
      await second.close();
    }
  });
});
