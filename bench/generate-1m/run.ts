/**
 * Makes a throw-away PostgreSQL database of N orders (default 1,000,000) for the timing scripts:
 * the app's own migrator first (the same migrations as production, under its advisory lock), an
 * administrator, then one `INSERT … SELECT generate_series` per table (bench/generate-1m/steps.ts).
 *
 * The bulk load runs with `session_replication_role = replica`: that turns off the audit trail's
 * statement triggers (migration 0012 would otherwise write one audit row per generated row), the
 * rollups' triggers (migration 0016: rebuilt from the rows after the load) and the foreign-key
 * triggers. The data is built to satisfy every constraint all the same: check
 * constraints and unique indexes still apply, and the script checks every foreign key afterwards
 * (no orphan row) before `VACUUM ANALYZE`.
 *
 * Usage: [GEN_PRESET=skewed GEN_SEED=… …] npx tsx bench/generate-1m/run.ts [orders, default 1000000]
 * (the distribution's knobs: bench/generate-1m/distribution.ts)
 * The database is `spotbook_gen_<orders>` (or BENCH_DB) on BENCH_PG (dropped first when it exists); it is kept
 * for bench/dashboards/run.ts and printed at the end. Drop it with `dropdb -h 127.0.0.1 -U postgres spotbook_gen_<orders>`.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { ensureFirstAdmin } from '../../src/server/modules/users/first-admin';
import { openDatabase } from '../../src/server/platform/db';
import { BENCH_SERVER, onServer } from '../support/postgres';
import { BENCH_ADMIN, BENCH_CLIENT_PASSWORD, generatedDatabase } from './names';
import { distributionFromEnv } from './distribution';
import { UID_FUNCTION, loadSteps } from './steps';

/** Every single-column foreign key of the public schema, and how many rows point at nothing. */
const foreignKeyCheck = `
  with fks as (
    select c.conname, c.conrelid::regclass::text as child, a.attname as col, c.confrelid::regclass::text as parent, pa.attname as pcol
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
    where c.contype = 'f' and cardinality(c.conkey) = 1 and c.connamespace = 'public'::regnamespace
  )
  select conname as constraint,
    (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %s ch where ch.%I is not null and not exists (select 1 from %s p where p.%I = ch.%I)', child, col, parent, pcol, col), false, true, '')))[1]::text as rows
  from fks`;

const orders = Number(process.argv[2] ?? 1_000_000);
if (!Number.isInteger(orders) || orders < 100) throw new Error('usage: run.ts [orders ≥ 100]');
const distribution = distributionFromEnv(orders);
const name = generatedDatabase(orders);
const url = `${BENCH_SERVER}/${name}`;
const log = (line: string) => process.stdout.write(`${line}\n`);
const started = Date.now();
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

await onServer(`drop database if exists ${name} with (force)`);
await onServer(`create database ${name}`);
const database = await openDatabase({ databaseUrl: url });
await database.migrate();
await ensureFirstAdmin({ db: database.db, ...BENCH_ADMIN });
await database.close();
log(`${name}: migrated, administrator ${BENCH_ADMIN.email}`);
log(`distribution: ${JSON.stringify(distribution)}`);

const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  await client.query('set session_replication_role = replica');
  await client.query("set maintenance_work_mem = '256MB'");
  await client.query(UID_FUNCTION);
  for (const step of loadSteps(orders, await hashPassword(BENCH_CLIENT_PASSWORD), distribution)) {
    const t = Date.now();
    const result = await client.query(step.sql);
    log(`${step.table.padEnd(22)} ${String(result.rowCount ?? 0).padStart(10)} rows  ${seconds(t)} s`);
  }
  await client.query('set session_replication_role = origin');
  // The load ran without triggers: the dashboards' rollups (migration 0016) are filled from the rows.
  const rebuilding = Date.now();
  await client.query('select analytics_rollups_rebuild()');
  log(`rollups rebuilt ${seconds(rebuilding)} s`);
  const orphans = await client.query<{ constraint: string; rows: string }>(foreignKeyCheck);
  const broken = orphans.rows.filter((r) => Number(r.rows) > 0);
  if (broken.length > 0) throw new Error(`foreign keys not satisfied: ${JSON.stringify(broken)}`);
  log(`foreign keys: ${orphans.rows.length} checked, no orphan row`);
  const t = Date.now();
  await client.query('vacuum analyze');
  log(`vacuum analyze ${seconds(t)} s`);
} finally {
  await client.end();
}
log(
  `done in ${seconds(started)} s, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}`,
);
log(`DATABASE_URL=${url}`);
