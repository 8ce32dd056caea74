/**
 * Where a load benchmark runs the real server (dist/server/main.js): a throw-away PostgreSQL database
 * on the bench server, or a fresh embedded data folder. The accounts are written before the server
 * starts (the embedded database admits one process at a time); `stop` ends the server and removes
 * the database or folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openMigratedDatabase, type Db } from '../../src/server/platform/db';
import { startRealServer, type RealServer } from '../../test/support/real-server';
import { stopServer } from '../upload/servers';
import { BENCH_JWT_SECRET } from './accounts';
import { BENCH_SERVER, onServer } from './postgres';

export type TargetKind = 'postgres' | 'embedded';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export const startTarget = async <T>(
  kind: TargetKind,
  seed: (db: Db) => Promise<T>,
  env: Record<string, string> = {},
): Promise<{ server: RealServer; seeded: T; databaseUrl?: string; stop(): Promise<void> }> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spotbook-bench-'));
  const name = `spotbook_bench_${randomBytes(4).toString('hex')}`;
  const databaseUrl = kind === 'postgres' ? `${BENCH_SERVER}/${name}` : undefined;
  if (databaseUrl) await onServer(`create database ${name}`);
  const cleanup = async () => {
    if (databaseUrl) await onServer(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const database = await openMigratedDatabase(databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'db') });
    const seeded = await seed(database.db).finally(() => database.close());
    // The station clock once an hour and no statistics job: they would work while the calls are timed.
    const server = await startRealServer({
      port: await freePort(),
      dataDir,
      // BENCH_PG_OPTIONS="-c log_min_duration_statement=0", say: settings for the server's own connections only.
      databaseUrl: databaseUrl && process.env.BENCH_PG_OPTIONS ? `${databaseUrl}?options=${encodeURIComponent(process.env.BENCH_PG_OPTIONS)}` : databaseUrl,
      root: process.env.BENCH_APP_ROOT,
      env: { JWT_SECRET: BENCH_JWT_SECRET, STATION_CLOCK_SECONDS: '3600', STATISTICS_MINUTES: '0', ...env },
    });
    return {
      server,
      seeded,
      databaseUrl,
      stop: async () => {
        await stopServer(server.child);
        await cleanup();
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
};
