/**
 * `npm run backup` and `npm run restore`: a populated instance (made through the real server's API,
 * with a media file) is backed up, restored into a fresh one, and every table and file compared.
 * On the embedded database a backup of a running instance is refused with a clear message; on
 * PostgreSQL (when DATABASE_URL is set) pg_dump takes it while the server runs.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/platform/db';
import { signUpBody } from '../support/app';
import { placementHorizonDays } from '../../src/domain/traffic';
import { databaseUrlFor, withServer } from '../support/global-setup';
import { REAL_ADMIN, ROOT, call, exited, freePort, startRealServer, type RealServer } from '../support/real-server';

const run = promisify(execFile);
const serverUrl = process.env.DATABASE_URL;
const work = mkdtempSync(path.join(tmpdir(), 'spotbook-backup-'));
const databases: string[] = [];
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  if (serverUrl) for (const name of databases) await withServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
});

/** `npm run backup` / `npm run restore`: the build's command line (`npm test` builds first), not its sources through tsx (0.8 against 3.1 CPU-seconds a run). */
const cli = (command: 'backup' | 'restore', file: string, env: { dataDir: string; databaseUrl?: string; path?: string }) =>
  run(process.execPath, ['dist/server/ops-cli.js', command, file], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: env.dataDir,
      DATABASE_URL: env.databaseUrl ?? '',
      JWT_SECRET: '',
      LOG_LEVEL: 'warn',
      ...(env.path === undefined ? {} : { PATH: env.path }),
    },
  });

/** Every table's row count and a digest of its rows, in a stable order. */
const tableDigests = async (database: Database) => {
  // The app's tables, the migrations journal and (with pg-boss) the job queue's own tables.
  const tables = (await database.db.execute(
    sql`select table_schema, table_name from information_schema.tables where table_schema in ('public', 'drizzle', 'pgboss') and table_type = 'BASE TABLE' order by 1, 2`,
  )) as unknown as { rows: { table_schema: string; table_name: string }[] };
  const digests: Record<string, string> = {};
  for (const { table_schema: schema, table_name: table } of tables.rows) {
    const result = (await database.db.execute(
      sql.raw(`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from "${schema}"."${table}" t`),
    )) as unknown as { rows: { n: number; digest: string }[] };
    digests[`${schema}.${table}`] = `${result.rows[0]!.n}:${result.rows[0]!.digest}`;
  }
  return digests;
};

/** Some of everything, through the API: a client, a brand, an order, a coupon, plus a stored media file. */
const populate = async (server: RealServer, dataDir: string) => {
  const admin = (await call(server, 'POST', '/api/auth/login', { body: REAL_ADMIN })).body.token as string;
  const { email } = signUpBody();
  const signUp = await call(server, 'POST', '/api/auth/register', { body: signUpBody({ email, password: 'Backup-Passw0rd' }) });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
  const token = signUp.body.token as string;
  const brand = await call(server, 'POST', '/api/brands', { token, body: { common_name: 'Backup Brand', legal_name: 'Backup Brand LLC' } });
  expect(brand.status, JSON.stringify(brand.body)).toBe(201);
  const order = await call(server, 'POST', '/api/estimates', { token, body: { estimate_name: 'Kept order', brand_id: brand.body.id, total_spend: 2500 } });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  const coupon = await call(server, 'POST', '/api/coupons', {
    token: admin,
    body: { code: 'KEEPME', name: 'Kept coupon', discount_type: 'percentage_with_max', percentage_off: 10, max_discount_amount: 50, valid_from: '2026-01-01' },
  });
  expect(coupon.status, JSON.stringify(coupon.body)).toBe(201);
  mkdirSync(path.join(dataDir, 'media', 'originals'), { recursive: true });
  writeFileSync(path.join(dataDir, 'media', 'originals', 'spot.mp4'), randomBytes(300_000));
  writeFileSync(path.join(dataDir, 'media', 'originals', 'upload.mp4.partial'), randomBytes(1000));
  return { email, orderId: order.body.id as string };
};

/**
 * Waits until the station clock's first run has placed its whole horizon (every day of the default
 * 14): a backup taken while it still writes is right, but the source would then change after the
 * snapshot and no longer compare table for table with the restore.
 */
const untilClockPlaced = async (databaseUrl: string) => {
  const database = await openDatabase({ databaseUrl });
  try {
    const deadline = performance.now() + 60_000;
    for (;;) {
      const result = (await database.db.execute(sql`select count(*)::int as n from traffic_days`)) as unknown as { rows: { n: number }[] };
      if (result.rows[0]!.n >= placementHorizonDays(14)) return;
      if (performance.now() > deadline) throw new Error(`the station clock placed ${result.rows[0]!.n} days in 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await database.close();
  }
};

const stop = async (server: RealServer) => {
  server.child.kill('SIGTERM');
  expect((await exited(server.child)).code).toBe(0);
};

/** The restored instance answers as the old one: the client signs in and finds the order. */
const checkRestoredServer = async (server: RealServer, email: string, orderId: string) => {
  const login = await call(server, 'POST', '/api/auth/login', { body: { email, password: 'Backup-Passw0rd' } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const order = await call(server, 'GET', `/api/estimates/${orderId}`, { token: login.body.token as string });
  expect(order.status).toBe(200);
  expect(order.body.estimate_name).toBe('Kept order');
};

describe.skipIf(Boolean(serverUrl))('backup and restore on the embedded database', () => {
  it('refuses to back up a running instance, then restores a stopped one table for table and file for file', async () => {
    const source = path.join(work, 'source');
    const target = path.join(work, 'target');
    const file = path.join(work, 'spotbook.tar.gz');
    let server = await startRealServer({ port: await freePort(), dataDir: source });
    const { email, orderId } = await populate(server, source);

    const refused = await cli('backup', file, { dataDir: source }).catch((error: { stderr: string; code: number }) => error);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain(
      `Backup failed: Spotbook is running on ${source} (pid ${server.child.pid}): stop it, then back up.`,
    );

    await stop(server);
    // An older file of the same name, readable by all, is replaced by one only its owner can read (issue 30, finding 8).
    writeFileSync(file, 'an older backup', { mode: 0o644 });
    const done = await cli('backup', file, { dataDir: source });
    expect(done.stdout).toContain(`and 1 media files to ${file}`);
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');

    const restored = await cli('restore', file, { dataDir: target });
    expect(restored.stdout).toContain('Restored the backup of');
    expect(readFileSync(path.join(target, 'media', 'originals', 'spot.mp4'))).toEqual(readFileSync(path.join(source, 'media', 'originals', 'spot.mp4')));
    expect(() => readFileSync(path.join(target, 'media', 'originals', 'upload.mp4.partial'))).toThrow();
    expect(readFileSync(path.join(target, 'jwt-secret'), 'utf8')).toBe(readFileSync(path.join(source, 'jwt-secret'), 'utf8'));

    const before = await openDatabase({ dataDir: path.join(source, 'db') });
    const beforeDigests = await tableDigests(before);
    await before.close();
    const after = await openDatabase({ dataDir: path.join(target, 'db') });
    const afterDigests = await tableDigests(after);
    await after.close();
    expect(Object.keys(afterDigests).length).toBeGreaterThan(20);
    expect(afterDigests).toEqual(beforeDigests);

    // A second restore into the same (no longer fresh) folder is refused.
    const again = await cli('restore', file, { dataDir: target }).catch((error: { stderr: string }) => error);
    expect((again as { stderr: string }).stderr).toContain('is not empty: restore into a fresh instance (an empty DATA_DIR)');

    server = await startRealServer({ port: await freePort(), dataDir: target });
    try {
      await checkRestoredServer(server, email, orderId);
    } finally {
      await stop(server);
    }
  }, 240_000);

  it('says what is wrong with a file that is not a backup', async () => {
    const file = path.join(work, 'not-a-backup.tar.gz');
    writeFileSync(file, 'hello');
    const failed = await cli('restore', file, { dataDir: path.join(work, 'empty') }).catch((error: { stderr: string }) => error);
    expect((failed as { stderr: string }).stderr).toContain(`Restore failed: ${file} is not a Spotbook backup`);
  });
});

describe.skipIf(!serverUrl)('backup and restore on PostgreSQL', () => {
  it('backs up a running instance with pg_dump and restores it into an empty database, table for table', async () => {
    const [sourceName, targetName] = ['src', 'dst'].map((kind) => `spotbook_backup_${kind}_${randomBytes(3).toString('hex')}`) as [string, string];
    for (const name of [sourceName, targetName]) {
      await withServer(serverUrl!, (c) => c.query(`create database ${name}`));
      databases.push(name);
    }
    const sourceUrl = databaseUrlFor(serverUrl!, sourceName);
    const targetUrl = databaseUrlFor(serverUrl!, targetName);
    const source = path.join(work, 'pg-source');
    const target = path.join(work, 'pg-target');
    const file = path.join(work, 'spotbook-pg.tar.gz');
    let server = await startRealServer({ port: await freePort(), dataDir: source, databaseUrl: sourceUrl });
    const { email, orderId } = await populate(server, source);
    await untilClockPlaced(sourceUrl);
    try {
      await cli('backup', file, { dataDir: source, databaseUrl: sourceUrl });
      expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    } finally {
      await stop(server);
    }
    await cli('restore', file, { dataDir: target, databaseUrl: targetUrl });
    const refused = await cli('restore', file, { dataDir: path.join(work, 'pg-other'), databaseUrl: targetUrl }).catch((error: { stderr: string }) => error);
    expect((refused as { stderr: string }).stderr).toContain('The database at DATABASE_URL is not empty: restore into a new, empty database');

    const before = await openDatabase({ databaseUrl: sourceUrl });
    const after = await openDatabase({ databaseUrl: targetUrl });
    try {
      expect(await tableDigests(after)).toEqual(await tableDigests(before));
    } finally {
      await before.close();
      await after.close();
    }
    expect(readFileSync(path.join(target, 'media', 'originals', 'spot.mp4'))).toEqual(readFileSync(path.join(source, 'media', 'originals', 'spot.mp4')));

    server = await startRealServer({ port: await freePort(), dataDir: target, databaseUrl: targetUrl });
    try {
      await checkRestoredServer(server, email, orderId);
    } finally {
      await stop(server);
    }
  }, 240_000);

  it('says how to get pg_dump when it is not on PATH, and writes no file', async () => {
    const name = `spotbook_backup_nopath_${randomBytes(3).toString('hex')}`;
    await withServer(serverUrl!, (c) => c.query(`create database ${name}`));
    databases.push(name);
    const file = path.join(work, 'never-written.tar.gz');
    const failed = await cli('backup', file, { dataDir: path.join(work, 'nopath'), databaseUrl: databaseUrlFor(serverUrl!, name), path: '/nonexistent' }).catch(
      (error: { stderr: string }) => error,
    );
    expect((failed as { stderr: string }).stderr).toContain(
      'pg_dump was not found on PATH: install the PostgreSQL client tools (Debian: apt-get install postgresql-client)',
    );
    expect(existsSync(file)).toBe(false);
  });
});
