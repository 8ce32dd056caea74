/** The scale-out jobs adapter (pg-boss) on the machine's PostgreSQL: two workers share one queue. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPgBossJobs } from '../../src/server/platform/jobs-pgboss';
import type { Database } from '../../src/server/platform/db';
import { createTestApp, type TestApp } from '../support/app';
import { openTestDatabase } from '../support/database';
import { eventually, makeClip, multipart } from '../support/media-fixtures';

const onPostgres = Boolean(process.env.DATABASE_URL);
const log = pino({ level: 'silent' });

describe.skipIf(!onPostgres)('pg-boss jobs adapter', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('runs each queued job exactly once across two instances, and validates payloads', async () => {
    const ran: { n: number; by: string }[] = [];
    const instances = ['a', 'b'].map((by) => {
      const jobs = createPgBossJobs({ connectionString: database.url!, log });
      jobs.register(
        'count.up',
        z.object({ n: z.number().int() }),
        async ({ n }) => {
          ran.push({ n, by });
        },
        { concurrency: 2 },
      );
      return jobs;
    });
    try {
      await expect(instances[0]!.enqueue('count.up', { n: 'one' })).rejects.toThrow();
      await expect(instances[0]!.enqueue('nothing', {})).rejects.toThrow('Unknown job nothing');
      for (let n = 0; n < 12; n += 1) await instances[n % 2]!.enqueue('count.up', { n });
      const done = await eventually(
        async () => ran.length,
        (count) => count >= 12,
        30_000,
      );
      expect(done).toBe(12);
      expect(ran.map((r) => r.n).sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
    } finally {
      await Promise.all(instances.map((jobs) => jobs.close()));
    }
    await expect(instances[0]!.enqueue('count.up', { n: 1 })).rejects.toThrow('closed');
  });

  it('reports the queue depth by job, waiting and running (metrics)', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const started: number[] = [];
    const worker = createPgBossJobs({ connectionString: database.url!, log });
    worker.register('hold.on', z.object({ n: z.number() }), async ({ n }) => {
      started.push(n);
      await held;
    });
    try {
      for (let n = 0; n < 3; n += 1) await worker.enqueue('hold.on', { n });
      await eventually(
        async () => started.length,
        (count) => count >= 1,
        30_000,
      );
      // One running, two waiting.
      expect(await worker.depth!()).toEqual({ 'hold.on': 3 });
      release();
      await eventually(
        async () => (await worker.depth!())['hold.on'],
        (depth) => depth === 0,
        30_000,
      );
      expect(started).toHaveLength(3);
    } finally {
      release();
      await worker.close();
    }
  });

  it('runs a job queued while no instance was working, once an instance starts', async () => {
    const outsider = new PgBoss({ connectionString: database.url!, schema: 'pgboss' });
    await outsider.start();
    await outsider.createQueue('later_work', { name: 'later_work', retryLimit: 0 });
    await outsider.send('later_work', { n: 8 });
    await outsider.stop({ graceful: true, wait: true, close: true });

    const ran: number[] = [];
    const jobs = createPgBossJobs({ connectionString: database.url!, log });
    jobs.register('later.work', z.object({ n: z.number() }), async ({ n }) => {
      ran.push(n);
    });
    try {
      await eventually(
        async () => ran,
        (seen) => seen.length > 0,
        30_000,
      );
      expect(ran).toEqual([8]);
    } finally {
      await jobs.close();
    }
  });

  it('processes an upload end to end when the app runs its jobs on pg-boss', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-pgboss-'));
    const clip = readFileSync(await makeClip(dataDir, 'clip.mp4'));
    let t: TestApp | undefined;
    try {
      t = await createTestApp({ dataDir, jobsAdapter: 'pg-boss' });
      const client = await t.signUp();
      const brand = (
        await t.inject({ method: 'POST', url: '/api/brands', token: client.token, payload: { common_name: 'Boss Juice', legal_name: 'Boss Juice LLC' } })
      ).json();
      const body = multipart([
        { name: 'brand_id', value: brand.id },
        { name: 'file', filename: 'spot.mp4', type: 'video/mp4', data: clip },
      ]);
      const res = await t.inject({ method: 'POST', url: '/api/media/upload', token: client.token, ...body });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data.uploadId as string;
      const asset = await eventually(
        async () => (await t!.inject({ method: 'GET', url: `/api/media/${id}`, token: client.token })).json(),
        (a) => ['complete', 'error'].includes(a.processing_stage),
      );
      expect(asset).toMatchObject({ processing_stage: 'complete', has_preview: true, has_thumbnail: true });
    } finally {
      await t?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
