/**
 * Two real instances (compiled, as `npm start` runs them) share PostgreSQL, pg-boss and an S3
 * bucket (s3rver). A video is uploaded on one; the instance processing it is killed with SIGKILL
 * in the middle of its preview; the other takes the work over once the lease runs out and
 * finishes it exactly once: every file written once, one attempt taken over, one "ready"
 * notification. It then plays on the instance it was not uploaded to, and an approval made on one
 * instance reaches the uploader's socket on the other; the recurring station clock ran once per
 * slot, not once per instance. (PostgreSQL only.)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaAssets, notifications } from '../../src/server/db/schema';
import { openDatabase, type Database } from '../../src/server/platform/db';
import { signUpBody } from '../support/app';
import { databaseUrlFor, withServer } from '../support/global-setup';
import { eventually, makeClip, multipart } from '../support/media-fixtures';
import { call, exited, freePort, REAL_ADMIN, startRealServer, type RealServer } from '../support/real-server';
import { connectAs, eventually as waitFor } from '../realtime/helpers';
import { startS3, type TestS3 } from '../support/s3-server';

const serverUrl = process.env.DATABASE_URL;
const LEASE_SECONDS = 3;
let dataDirs: string[] = [];
let databaseUrl: string;
let name: string;
let s3: TestS3 | undefined;
let database: Database | undefined;
const servers: (RealServer | undefined)[] = [];
let ports: number[] = [];

const start = (index: number) =>
  startRealServer({
    port: ports[index]!,
    dataDir: dataDirs[index]!,
    databaseUrl,
    env: { ...s3!.env, JOBS_ADAPTER: 'pg-boss', MEDIA_LEASE_SECONDS: String(LEASE_SECONDS) },
  });

beforeAll(async () => {
  if (!serverUrl) return;
  ports = [await freePort(), await freePort()];
  dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'spotbook-two-')));
  name = `spotbook_two_${randomBytes(4).toString('hex')}`;
  await withServer(serverUrl, (c) => c.query(`create database ${name}`));
  databaseUrl = databaseUrlFor(serverUrl, name);
  s3 = await startS3();
  // One after the other: the first applies the migrations.
  servers[0] = await start(0);
  servers[1] = await start(1);
  database = await openDatabase({ databaseUrl });
}, 240_000);
afterAll(async () => {
  for (const server of servers) server?.child.kill('SIGKILL');
  await database?.close();
  await s3?.close();
  if (serverUrl) await withServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!serverUrl)('two instances on pg-boss and S3', () => {
  it('finish a video exactly once when the instance processing it is killed, and play it on the other', async () => {
    const [a] = servers as RealServer[];
    const body = signUpBody();
    const registered = await call(a!, 'POST', '/api/auth/register', { body });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const token = registered.body.token as string;
    const brand = await call(a!, 'POST', '/api/brands', { token, body: { common_name: 'Twin Juice', legal_name: 'Twin Juice LLC' } });
    expect(brand.status).toBe(201);

    // Long enough that its preview is still being made when the instance is killed.
    const clip = readFileSync(await makeClip(dataDirs[0]!, 'long.mp4', { seconds: 40, size: '640x360' }));
    const form = multipart([
      { name: 'brand_id', value: brand.body.id as string },
      { name: 'file', filename: 'Twin 40s.mp4', type: 'video/mp4', data: clip },
    ]);
    const uploaded = await fetch(`${a!.url}/api/media/upload`, {
      method: 'POST',
      headers: { ...form.headers, authorization: `Bearer ${token}` },
      body: form.payload,
    });
    expect(uploaded.status).toBe(201);
    const assetId = ((await uploaded.json()) as { data: { uploadId: string } }).data.uploadId;

    const db = database!.db;
    const row = () =>
      db
        .select()
        .from(mediaAssets)
        .where(eq(mediaAssets.id, assetId))
        .then((rows) => rows[0]);
    const midway = await eventually(row, (r) => r?.processingStage === 'preview' && r.processingOwner !== null, 90_000);
    expect(midway).toMatchObject({ processingStage: 'preview', processingAttempts: 1 });
    const holderPid = Number(midway!.processingOwner!.split(':')[1]);
    const holder = servers.findIndex((server) => server?.child.pid === holderPid);
    expect(holder).toBeGreaterThanOrEqual(0);
    servers[holder]!.child.kill('SIGKILL');
    await exited(servers[holder]!.child);
    const survivor = servers[1 - holder]!;

    const done = await eventually(row, (r) => r?.processingStage === 'complete' || r?.processingStage === 'error', 120_000);
    expect(done).toMatchObject({
      processingStage: 'complete',
      processingProgress: 100,
      processingMessage: 'Ready',
      processingAttempts: 2,
      processingOwner: null,
      width: 640,
      height: 360,
    });
    expect(Object.fromEntries([...s3!.writes].filter(([key]) => key.startsWith(assetId)))).toEqual({
      [`${assetId}.original.mp4`]: 1,
      [`${assetId}.thumbnail.jpg`]: 1,
      [`${assetId}.preview.mp4`]: 1,
    });
    // The notice is written just after the row turns complete: wait for it, and count it again at the end.
    const readyNotices = () =>
      db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, (registered.body.user as { id: string }).id),
            eq(notifications.message, 'Your media file "Twin 40s.mp4" is ready and waiting for approval'),
          ),
        );
    expect(await eventually(readyNotices, (rows) => rows.length > 0, 20_000)).toHaveLength(1);

    // The killed instance comes back; the video plays on the instance it was not uploaded to (B).
    servers[holder] = await start(holder);
    const player = servers[1]!;
    const link = await call(player, 'GET', `/api/media/${assetId}/url`, { token });
    expect(link.status).toBe(200);
    const { pathname, search } = new URL(link.body.url as string);
    const ranged = await fetch(`${player.url}${pathname}${search}`, { headers: { range: 'bytes=1000-1999' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(clip.subarray(1000, 2000))).toBe(true);
    expect(survivor.output()).toContain('media processing taken over from an instance that stopped answering');
    // A restart resumed nothing: the video stays complete, its files written once.
    expect((await row())?.processingAttempts).toBe(2);
    expect(s3!.writes.get(`${assetId}.preview.mp4`)).toBe(1);
    expect(await readyNotices()).toHaveLength(1);

    // An approval made on A reaches the uploader's socket on B.
    const socket = await connectAs(servers[1]!.url, token);
    try {
      const admin = await call(servers[0]!, 'POST', '/api/auth/login', { body: REAL_ADMIN });
      const approved = await call(servers[0]!, 'PUT', `/api/media/${assetId}`, { token: admin.body.token as string, body: { status: 'approved' } });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      await waitFor(
        () =>
          expect(socket.received).toEqual([
            expect.objectContaining({ type: 'media_status_change', status: 'approved', message: 'Your media file "Twin 40s.mp4" was approved' }),
          ]),
        20_000,
      );
    } finally {
      socket.socket.disconnect();
    }

    // The station clock, a recurring job of both instances, ran once per slot: its start-up run once
    // per 30 s singleton slot, its cron run once per minute, never twice across the instances.
    const result = (await db.execute(
      sql`select count(*)::int as runs, count(distinct coalesce(singleton_on::text, date_trunc('minute', created_on)::text))::int as slots from pgboss.job where name = 'station_clock'`,
    )) as unknown as { rows: { runs: number; slots: number }[] };
    const { runs, slots } = result.rows[0]!;
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(runs).toBe(slots);
  });
});
