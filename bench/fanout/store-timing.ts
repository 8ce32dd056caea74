/**
 * The fan-out's database work alone: storeNotifications for ADMINS administrators (each already holding
 * a full history of 50), ROUNDS times in a transaction, then the trim of their histories after the
 * commit (trimNotifications, as the notifier runs it), on a throw-away PostgreSQL database or embedded.
 * Usage: npx tsx bench/fanout/store-timing.ts [admins=1000] [rounds=20] [postgres|embedded]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { notifications } from '../../src/server/db/schema';
import { storeNotifications, trimNotifications } from '../../src/server/modules/notifications/store';
import { openMigratedDatabase } from '../../src/server/platform/db';
import { seedUsers } from '../support/accounts';
import { percentile } from '../support/orders';
import { BENCH_SERVER, onServer } from '../support/postgres';

const admins = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 20);
const kind = process.argv[4] ?? 'postgres';
const name = `spotbook_bench_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'spotbook-bench-store-'));
if (kind === 'postgres') await onServer(`create database ${name}`);
try {
  const database = await openMigratedDatabase(kind === 'postgres' ? { databaseUrl: `${BENCH_SERVER}/${name}` } : { dataDir: path.join(dataDir, 'db') });
  try {
    const users = await seedUsers(database.db, 'traffic_admin', admins, 'admin');
    for (let i = 0; i < users.length; i += 20) {
      await database.db
        .insert(notifications)
        .values(
          users
            .slice(i, i + 20)
            .flatMap((u) =>
              Array.from({ length: 50 }, (_, k) => ({ userId: u.id, type: 'system_message' as const, subType: 'info' as const, message: `Old ${k}` })),
            ),
        );
    }
    await database.db.execute('analyze');
    const times: number[] = [];
    const trims: number[] = [];
    for (let r = 0; r < rounds; r += 1) {
      const start = performance.now();
      const rows = await database.db.transaction((tx) =>
        storeNotifications(tx, { admins: true }, { type: 'new_estimate', status: 'ordered', message: `New order ${r}` }),
      );
      const committed = performance.now();
      times.push(committed - start);
      await trimNotifications(
        database.db,
        rows.map((row) => row.userId),
      );
      trims.push(performance.now() - committed);
    }
    const count = await database.db.$count(notifications);
    process.stdout.write(
      `${kind}, ${admins} admins with 50 stored each, ${rounds} rounds: the transaction p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms; the trim after it p50 ${percentile(trims, 50).toFixed(1)} ms, p99 ${percentile(trims, 99).toFixed(1)} ms; rows after ${count}; load ${loadavg()[0]!.toFixed(1)}\n`,
    );
  } finally {
    await database.close();
  }
} finally {
  if (kind === 'postgres') await onServer(`drop database if exists ${name} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}
