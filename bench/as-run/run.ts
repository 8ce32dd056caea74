/**
 * As-run import on PostgreSQL: a 100,000-line CSV against 10,000 active orders with a spot a day
 * for 10 days, through the same code the endpoint runs (streaming parse, batched matching, one
 * transaction). Reports the time and the process's RSS growth, beside two baselines from the same
 * run: parsing the file bare (csv-parse, no database), the bare SQL that marks the same spots
 * aired in one UPDATE, and the bare SQL of all the import's writes (the spots, their audit trigger skipping the
 * import's statement, their deliveries, the campaigns' counters, the changes list with its audit columns:
 * decision 055) made from the tables themselves.
 *
 *   node --expose-gc --import tsx bench/as-run/run.ts                      # PostgreSQL on 127.0.0.1:5432 (BENCH_PG to change)
 *   BENCH_EMBEDDED=1 node --expose-gc --import tsx bench/as-run/run.ts     # embedded PGlite (a data folder on disk)
 *   BENCH_ORDERS=2000 …                                                     # 20,000 lines, a quick loop
 *   BENCH_IMPORT_ONLY=1 …                                                   # the import alone (no bare baselines): a memory loop
 *   BENCH_HEAP=1 …                                                          # a full GC after each step of the import: the heap each keeps
 *   BENCH_KEEP=1 …                                                          # keep the database (or the embedded data folder) for psql or a script
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { BENCH_SERVER, onServer } from '../support/postgres';
import { openDatabase } from '../../src/server/platform/db';
import { importAsRun } from '../../src/server/modules/as-run/import';
import { readCsvAsRun } from '../../src/server/modules/as-run/parse';
import { readAsRunFile } from '../../src/server/modules/as-run/service';
import { defaultChannel } from '../../src/server/modules/channels/public';

const SERVER = BENCH_SERVER;
const EMBEDDED = Boolean(process.env.BENCH_EMBEDDED);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const DAYS = 10;
const FIRST_DAY = '2027-01-04';
const ZONE = 'America/New_York';

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
/** BENCH_HEAP=1: a full GC at the end of each step of the import, to print what it keeps (slower: not a time to report). */
const HEAP = Boolean(process.env.BENCH_HEAP);
/** BENCH_IMPORT_ONLY=1: no bare baselines (a quicker loop for the import's memory; its times stand beside nothing). */
const IMPORT_ONLY = Boolean(process.env.BENCH_IMPORT_ONLY);
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** The highest RSS and JS heap since the last reset, sampled every 20 ms by `measure` (a step's peak). */
const sampled = { rss: 0, heap: 0 };
const resetSampled = () => {
  const now = process.memoryUsage();
  sampled.rss = now.rss;
  sampled.heap = now.heapUsed;
};

/** Samples RSS every 20 ms while `run` works; answers its time and the peak. */
const measure = async <T>(run: () => Promise<T>) => {
  gc();
  const before = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = before;
  let heapPeak = heapBefore;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
    sampled.rss = Math.max(sampled.rss, now.rss);
    sampled.heap = Math.max(sampled.heap, now.heapUsed);
  }, 20);
  const start = process.hrtime.bigint();
  try {
    const value = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      value,
      seconds: Number(process.hrtime.bigint() - start) / 1e9,
      beforeMiB: mib(before),
      growthMiB: mib(peak - before),
      heapGrowthMiB: mib(heapPeak - heapBefore),
    };
  } finally {
    clearInterval(timer);
  }
};

const main = async () => {
  const name = `spotbook_bench_asrun_${process.pid}`;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'spotbook-asrun-'));
  const file = path.join(dir, 'as-run.csv');
  if (!EMBEDDED) {
    await onServer(`drop database if exists ${name} with (force)`);
    await onServer(`create database ${name}`);
  }
  // PGlite in a data folder on disk, as the product runs it: its tables are files, not the process's memory.
  const database = await openDatabase(EMBEDDED ? { dataDir: path.join(dir, 'data') } : { databaseUrl: `${SERVER}/${name}` });
  const db = database.db;
  try {
    await database.migrate();
    await db.execute(sql`insert into users (email, password_hash, role) select 'bench' || g || '@example.com', 'x', 'client' from generate_series(1, 50) g`);
    await db.execute(sql`insert into brands (owner_id, common_name, legal_name) select id, 'Brand ' || email, 'Legal ' || email from users`);
    await db.execute(sql`
      insert into dayparts (name, start_time, end_time, days_of_week, base_cpm_cents, spot_frequency)
      select 'Bench ' || g, lpad((5 + g * 2)::text, 2, '0') || ':00', lpad((7 + g * 2)::text, 2, '0') || ':00',
        array['Monday','Tuesday','Wednesday','Thursday','Friday','Saturday','Sunday'], 1500, 1000
      from generate_series(0, 7) g`);
    await db.execute(sql`
      insert into estimates (owner_id, brand_id, estimate_name, status, start_date, end_date, total_spend_cents)
      select b.owner_id, b.id, 'Bench order ' || g, 'active', ${FIRST_DAY}::date, ${FIRST_DAY}::date + 60, 10000000
      from generate_series(1, ${ORDERS}) g join lateral (select id, owner_id from brands order by id offset (g % 50) limit 1) b on true`);
    await db.execute(sql`
      insert into estimate_items (estimate_id, daypart_id, spots_per_occurrence)
      select e.id, d.id, 1 from (select id, row_number() over (order by id) n from estimates) e
      join (select id, row_number() over (order by start_time) - 1 n from dayparts) d on d.n = e.n % 8`);
    await db.execute(sql`
      insert into campaigns (estimate_id, name, brand_id, owner_id, status, start_date, end_date, total_budget_cents, total_spots)
      select id, estimate_name, brand_id, owner_id, 'active', start_date, end_date, total_spend_cents, 1000 from estimates`);
    // One spot a day per order, inside its daypart, with a house code of its own.
    await db.execute(sql`
      insert into traffic_spots (air_date, estimate_id, estimate_item_id, campaign_id, daypart_id, brand_id, house_code, duration_seconds, break_at, scheduled_at, position)
      select day, e.id, i.id, c.id, i.daypart_id, e.brand_id, 'H' || lpad(e.n::text, 7, '0'), 30, t.slot, t.slot, 1
      from (select id, brand_id, row_number() over (order by id) n from estimates) e
      join estimate_items i on i.estimate_id = e.id
      join campaigns c on c.estimate_id = e.id
      join dayparts d on d.id = i.daypart_id
      cross join generate_series(${FIRST_DAY}::date, ${FIRST_DAY}::date + ${DAYS - 1}::int, interval '1 day') day
      cross join lateral (select ((day::date + d.start_time::time) at time zone ${ZONE}) + ((e.n % 110) || ' minutes')::interval as slot) t`);
    await db.execute(sql`analyze`);

    // The as-run file: every spot aired 20 seconds late.
    const out = createWriteStream(file);
    out.write('date,time,house_code,duration,status\n');
    const { rows } = (await db.execute(
      sql.raw(
        `select air_date::text || ',' || to_char((scheduled_at + interval '20 seconds') at time zone '${ZONE}', 'HH24:MI:SS') || ',' || house_code || ',30,aired' as line from traffic_spots order by scheduled_at`,
      ),
    )) as unknown as { rows: { line: string }[] };
    for (const row of rows) if (!out.write(`${row.line}\n`)) await once(out, 'drain');
    out.end();
    await once(out, 'finish');
    const lines = rows.length;
    rows.length = 0;

    const parseOnly = await measure(async () => {
      let n = 0;
      for await (const entry of readCsvAsRun(file)) n += 'row' in entry ? 1 : 0;
      return n;
    });
    const skip = async () => ({ value: undefined, seconds: Number.NaN, beforeMiB: 0, growthMiB: 0, heapGrowthMiB: 0 });
    // Each measured step starts from the same state: the dead rows of the step before vacuumed, and its WAL checkpointed (a
    // checkpoint during a step would make it write every page it touches whole into the WAL, a cost of the step before).
    const settle = async () => {
      await db.execute(sql`vacuum analyze`);
      await db.execute(sql`checkpoint`);
    };
    if (!IMPORT_ONLY) await settle();
    const bare = await (IMPORT_ONLY ? skip : measure)(async () => {
      await db
        .transaction(async (tx) => {
          await tx.execute(sql`update traffic_spots set status = 'aired', aired_at = scheduled_at + interval '20 seconds', actual_duration_seconds = 30`);
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof TransactionRollbackError)) throw error;
        });
    });
    // The same writes as the import, as bare SQL from the tables themselves (no file, no matching): the spots aired
    // (their audit trigger skipping the import's own statement, decision 055), their deliveries, the campaigns'
    // counters, the changes list (with the audit columns that make it the spots' trail). What the database alone
    // costs for this import.
    if (!IMPORT_ONLY) await settle();
    const bareWrites = await (IMPORT_ONLY ? skip : measure)(async () => {
      await db
        .transaction(async (tx) => {
          const { rows: made } = (await tx.execute(sql`
            insert into as_run_imports (content_hash, filename, format, rows, aired, reported_missed, unmatched, closed_missed, days, actor)
            values ('bare', 'bare.csv', 'csv', 0, 0, 0, 0, 0, '{}', audit_actor()) returning id`)) as unknown as { rows: { id: string }[] };
          const importId = made[0]!.id;
          await tx.execute(sql`select set_config('spotbook.audit_source', ${`as-run:${importId}`}, true)`);
          await tx.execute(
            sql`update traffic_spots set status = 'aired', aired_at = scheduled_at + interval '20 seconds', actual_duration_seconds = 30, as_run_import_id = ${importId}, updated_at = now()`,
          );
          await tx.execute(sql`select set_config('spotbook.audit_source', '', true)`);
          await tx.execute(sql`
            insert into campaign_deliveries (campaign_id, daypart_id, aired_at, impressions, spend_cents, spot_id, simulated)
            select campaign_id, daypart_id, aired_at, 1000, 1500, id, false from traffic_spots`);
          await tx.execute(sql`
            update campaigns c set aired_spots = c.aired_spots + v.n, total_impressions = c.total_impressions + v.n * 1000,
              spend_cents = c.spend_cents + v.n * 1500, last_aired_at = v.last, updated_at = now()
            from (select campaign_id, count(*)::int as n, max(aired_at) as last from traffic_spots group by campaign_id) v
            where c.id = v.campaign_id`);
          await tx.execute(sql`
            insert into as_run_changes (import_id, line, outcome, spot_id, air_date, air_time, house_code, audit_id, spot_key, order_id, previous_status)
            select ${importId}::uuid, row_number() over (order by scheduled_at) + 1, 'aired', id, air_date::text,
              to_char(aired_at at time zone ${ZONE}, 'HH24:MI:SS'), house_code, nextval('audit_events_id_seq'), id::text, estimate_id, 'scheduled'
            from traffic_spots order by scheduled_at`);
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof TransactionRollbackError)) throw error;
        });
    });
    // The import starts from the tables the bare baselines found, not from their rolled-back dead rows.
    await settle();
    const channelId = (await defaultChannel(db)).id;
    // Each step of the import: its time, the highest RSS and heap while it ran, and (BENCH_HEAP=1) the heap it keeps.
    const steps: { name: string; seconds: number; rssPeak: number; heapPeak: number; kept: number | null }[] = [];
    let heapAtStart = 0;
    let stepStart = 0n;
    const step = (name: string) => {
      const seconds = Number(process.hrtime.bigint() - stepStart) / 1e9;
      const now = process.memoryUsage();
      const rssPeak = Math.max(sampled.rss, now.rss);
      const heapPeak = Math.max(sampled.heap, now.heapUsed);
      let kept: number | null = null;
      if (HEAP) {
        gc();
        kept = process.memoryUsage().heapUsed - heapAtStart;
      }
      steps.push({ name, seconds, rssPeak, heapPeak, kept });
      resetSampled();
      stepStart = process.hrtime.bigint();
    };
    const imported = await measure(async () => {
      heapAtStart = process.memoryUsage().heapUsed;
      resetSampled();
      stepStart = process.hrtime.bigint();
      const read = await readAsRunFile({
        target: file,
        format: 'csv',
        options: {},
        timeZone: ZONE,
        now: new Date(Date.now() + 400 * 86_400_000),
        channelOf: () => channelId,
      });
      step('read the file');
      const done = await importAsRun({
        db,
        fallbackChannelId: channelId,
        contentHash: randomUUID(),
        filename: 'as-run.csv',
        format: 'csv',
        importedBy: null as unknown as string,
        ...read,
        closeDay: true,
        toleranceMinutes: 10,
        timeZone: ZONE,
        makegoodExpiryHours: 72,
        now: new Date(),
        step,
      });
      step('commit');
      return done;
    });
    const [totals] = (
      (await db.execute(sql`select rows, aired, unmatched from as_run_imports`)) as unknown as { rows: { rows: number; aired: number; unmatched: number }[] }
    ).rows;

    process.stdout.write(
      `\nAs-run import on ${EMBEDDED ? 'PGlite' : 'PostgreSQL'}: ${lines} lines, ${ORDERS} orders, ${DAYS} days; ${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, Node ${process.version}\n`,
    );
    process.stdout.write(`imported: ${JSON.stringify(totals)}\n\n`);
    process.stdout.write('| step | seconds | RSS before (MiB) | RSS growth (MiB) | JS heap growth (MiB) |\n|---|---|---|---|---|\n');
    process.stdout.write(
      `| parse only (csv-parse, no database) | ${parseOnly.seconds.toFixed(2)} | ${parseOnly.beforeMiB} | ${parseOnly.growthMiB} | ${parseOnly.heapGrowthMiB} |\n`,
    );
    process.stdout.write(
      `| bare SQL: one UPDATE of the same spots | ${bare.seconds.toFixed(2)} | ${bare.beforeMiB} | ${bare.growthMiB} | ${bare.heapGrowthMiB} |\n`,
    );
    process.stdout.write(
      `| bare SQL: the same writes (spots, deliveries, campaigns, changes list) | ${bareWrites.seconds.toFixed(2)} | ${bareWrites.beforeMiB} | ${bareWrites.growthMiB} | ${bareWrites.heapGrowthMiB} |\n`,
    );
    process.stdout.write(
      `| Spotbook import (match, deliver, close days) | ${imported.seconds.toFixed(2)} | ${imported.beforeMiB} | ${imported.growthMiB} | ${imported.heapGrowthMiB} |\n`,
    );
    process.stdout.write(
      `\nThe import's steps${HEAP ? ' (BENCH_HEAP=1: a full GC after each; times include none of it but are not comparable)' : ''}\n\n| step | seconds | RSS peak − before (MiB) | heap peak − before (MiB) | heap kept after it (MiB) |\n|---|---|---|---|---|\n`,
    );
    const rssBefore = imported.beforeMiB;
    for (const s of steps)
      process.stdout.write(
        `| ${s.name} | ${s.seconds.toFixed(2)} | ${(mib(s.rssPeak) - rssBefore).toFixed(1)} | ${mib(s.heapPeak - heapAtStart)} | ${s.kept === null ? '' : mib(s.kept)} |\n`,
      );
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP) process.stdout.write(`kept ${EMBEDDED ? `data folder ${path.join(dir, 'data')}` : `database ${name}`}\n`);
    else {
      if (!EMBEDDED) await onServer(`drop database if exists ${name} with (force)`);
      // The embedded data folder goes with the temporary folder.
      await rm(dir, { recursive: true, force: true });
    }
  }
};

await main();
