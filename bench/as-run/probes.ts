/**
 * Two probes of decision 066 on a data folder the as-run bench kept (`BENCH_EMBEDDED=1 BENCH_KEEP=1
 * BENCH_IMPORT_ONLY=1 … bench/as-run/run.ts` prints it), each beside its own baseline in the same run:
 * - the candidates' read: the folder's spots as rows (the baseline) against one JSON value of columns;
 * - the settling of every spot in parts of 5,000 (a rolled-back transaction, the import's audit source and held
 *   keys): parts in time order, hash-joined (the baseline), against parts in stored order found through the key.
 * The folder is copied first, so it can be probed again.
 *
 *   node --import tsx bench/as-run/probes.ts /tmp/spotbook-asrun-XXXX/data [rounds]
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const source = process.argv[2];
const ROUNDS = Number(process.argv[3] ?? 3);
if (!source) throw new Error('usage: bench/as-run/probes.ts <kept data folder> [rounds]');

const PART = 5_000;
const COLUMNS: [string, string][] = [
  ['id', 's.id'],
  ['estimateId', 's.estimate_id'],
  ['estimateItemId', 's.estimate_item_id'],
  ['scheduleLineId', 's.schedule_line_id'],
  ['daypartId', 's.daypart_id'],
  ['houseCode', 's.house_code'],
  ['airDate', 's.air_date::text'],
  ['scheduledAt', 'floor(extract(epoch from s.scheduled_at) * 1000)::float8'],
  ['status', 's.status'],
  ['missedByClose', 's.missed_by_close'],
  ['noCharge', 's.no_charge'],
  ['page', '(s.ctid::text::point)[0]'],
];

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const seconds = async (run: () => Promise<unknown>) => {
  const start = process.hrtime.bigint();
  await run();
  return (Number(process.hrtime.bigint() - start) / 1e9).toFixed(2);
};

const main = async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-probe-'));
  cpSync(source, dir, { recursive: true });
  const db = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] });
  try {
    const rows = async (text: string) => (await db.query<Record<string, string>>(text)).rows;
    process.stdout.write(`load average at start ${load()}\n\n| probe | baseline s | now s |\n|---|---|---|\n`);

    const asRows = `select ${COLUMNS.map(([name, value]) => `${value} as "${name}"`).join(', ')} from traffic_spots s`;
    const asJson = `select json_build_object(${COLUMNS.map(([name, value]) => `'${name}', coalesce(json_agg(${value}), '[]'::json)`).join(', ')}) as spots from traffic_spots s`;
    for (let round = 0; round < ROUNDS; round += 1) {
      process.stdout.write(`| the spots as rows / as JSON columns | ${await seconds(() => rows(asRows))} | ${await seconds(() => rows(asJson))} |\n`);
    }

    const importId = (await rows('select id from as_run_imports limit 1'))[0]?.id;
    if (!importId) throw new Error('the folder holds no import: keep it after an import (BENCH_KEEP=1)');
    const byTime = (await rows('select id from traffic_spots order by scheduled_at')).map((r) => r.id!);
    const byPage = (await rows('select id from traffic_spots order by ctid')).map((r) => r.id!);
    const set = `set status = 'aired', missed_by_close = false, as_run_import_id = '${importId}', updated_at = now()`;
    const hashJoined = (ids: string) => `update traffic_spots s ${set} from unnest(${ids}) v(id) where s.id = v.id`;
    const throughKey = (ids: string) =>
      `with v as (select * from unnest(${ids}) v(id)) update traffic_spots s ${set} from v where s.id = v.id and s.id = any(array(select id from v))`;
    const settle = async (order: string[], statement: (ids: string) => string) => {
      await db.query('begin');
      await db.query('set local session_replication_role = replica');
      await db.query(`select set_config('spotbook.audit_source', 'as-run:${importId}', true)`);
      const taken = await seconds(async () => {
        for (let from = 0; from < order.length; from += PART) await db.query(statement(`'{${order.slice(from, from + PART).join(',')}}'::uuid[]`));
      });
      await db.query('rollback');
      await db.query('checkpoint');
      return taken;
    };
    await db.query('checkpoint');
    for (let round = 0; round < ROUNDS; round += 1) {
      process.stdout.write(
        `| settling in parts: time order, hash join / stored order, through the key | ${await settle(byTime, hashJoined)} | ${await settle(byPage, throughKey)} |\n`,
      );
    }
    process.stdout.write(`\nload average at the end ${load()}\n`);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

await main();
