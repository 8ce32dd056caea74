/**
 * Traffic log placement on PostgreSQL: how long the station clock takes to place the log for N
 * active orders over D days, beside a baseline of the same SQL work done bare (the booking query
 * and inserting the same number of spot rows with one INSERT … SELECT).
 *
 *   npx tsx bench/traffic/run.ts            # needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust)
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { addDays, startOfStationDay, stationTime } from '../../src/domain/dates';
import { channelClocks } from '../../src/server/modules/channels/public';
import { BENCH_SERVER, onServer } from '../support/postgres';
import { openDatabase, type Database } from '../../src/server/platform/db';
import { buildTrafficLogs } from '../../src/server/modules/traffic/build';
import { loadBookings } from '../../src/server/modules/traffic/demands';

const SERVER = BENCH_SERVER;
const TODAY = '2027-01-04';
const SCENARIOS = [
  { orders: 2_000, days: 1 },
  { orders: 1_000, days: 7 },
  { orders: 2_000, days: 7 },
  { orders: 5_000, days: 7 },
  { orders: 10_000, days: 7 },
  { orders: 10_000, days: 90 },
];

/** 8 dayparts of 30 spots a day, every day; N active orders of one spot a day in one daypart each, flights over the whole range. */
const seed = async (database: Database, orders: number, days: number) => {
  const db = database.db;
  await db.execute(sql`insert into users (email, password_hash, role) select 'bench' || g || '@example.com', 'x', 'client' from generate_series(1, 50) g`);
  await db.execute(
    sql`insert into brands (owner_id, common_name, legal_name) select id, 'Brand ' || email, 'Legal ' || email from users where email like 'bench%'`,
  );
  await db.execute(sql`
    insert into dayparts (name, start_time, end_time, days_of_week, base_cpm_cents, spot_frequency)
    select 'Bench ' || g, lpad(((5 + g * 2) % 24)::text, 2, '0') || ':00', lpad(((7 + g * 2) % 24)::text, 2, '0') || ':00',
      array['Monday','Tuesday','Wednesday','Thursday','Friday','Saturday','Sunday'], 1500, 30
    from generate_series(1, 8) g`);
  await db.execute(sql`
    insert into estimates (owner_id, brand_id, estimate_name, status, start_date, end_date, total_spend_cents, reviewed_at)
    select b.owner_id, b.id, 'Bench order ' || g, 'active', ${TODAY}::date, ${addDays(TODAY, days + 30)}::date, 500000, now() - (g || ' seconds')::interval
    from generate_series(1, ${orders}) g
    join lateral (select id, owner_id from brands order by id offset (g % 50) limit 1) b on true`);
  await db.execute(sql`
    insert into estimate_items (estimate_id, daypart_id, spots_per_occurrence)
    select e.id, d.id, 1
    from (select id, row_number() over (order by id) n from estimates) e
    join (select id, row_number() over (order by id) - 1 n from dayparts where name like 'Bench %') d on d.n = e.n % 8`);
  await db.execute(sql`analyze`);
};

const time = async <T>(run: () => Promise<T>) => {
  const start = process.hrtime.bigint();
  const value = await run();
  return { value, ms: Number(process.hrtime.bigint() - start) / 1e6 };
};

/** The bare SQL of the same work: the booking query, then the same number of spot rows in one INSERT … SELECT. */
const baseline = async (database: Database, days: number, rows: number) =>
  time(async () => {
    await loadBookings(database.db, TODAY, addDays(TODAY, days - 1));
    await database.db.execute(sql`
      insert into traffic_spots (air_date, estimate_id, daypart_id, house_code, duration_seconds, break_at, scheduled_at, position, status)
      select ${TODAY}::date + (g % ${days}), e.id, i.daypart_id, 'BENCH', 30, now(), now(), 1, 'cancelled'
      from generate_series(1, ${rows}) g
      join lateral (select id from estimates offset (g % 50) limit 1) e on true
      join lateral (select daypart_id from estimate_items limit 1) i on true`);
    await database.db.execute(sql`delete from traffic_spots where house_code = 'BENCH'`);
  });

const main = async () => {
  const results = [];
  for (const { orders, days } of SCENARIOS) {
    const name = `spotbook_bench_traffic_${process.pid}`;
    await onServer(`drop database if exists ${name} with (force)`);
    await onServer(`create database ${name}`);
    const database = await openDatabase({ databaseUrl: `${SERVER}/${name}` });
    try {
      await database.migrate();
      await seed(database, orders, days);
      const settings = { breakMinutes: 15 };
      const now = startOfStationDay(TODAY, 'America/New_York');
      const clocks = await channelClocks(
        database.db,
        stationTime('America/New_York', () => now),
      );
      const build = await time(() => buildTrafficLogs({ db: database.db, clocks, days, now, settings }));
      const [{ n }] = ((await database.db.execute(sql`select count(*)::int n from traffic_spots`)) as unknown as { rows: [{ n: number }] }).rows;
      const again = await time(() => buildTrafficLogs({ db: database.db, clocks, days, now, settings }));
      const bare = await baseline(database, days, n);
      results.push({
        orders,
        days,
        spots: n,
        placeMs: Math.round(build.ms),
        unchangedRerunMs: Math.round(again.ms),
        bareSqlMs: Math.round(bare.ms),
        ratio: Number((build.ms / bare.ms).toFixed(1)),
      });
      process.stdout.write(`${JSON.stringify(results.at(-1))}\n`);
    } finally {
      await database.close();
      await onServer(`drop database if exists ${name} with (force)`);
    }
  }
  process.stdout.write(
    `\nload average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} CPUs, Node ${process.version}\n\n`,
  );
  process.stdout.write('| orders | days | spots placed | place (ms) | unchanged re-run (ms) | bare SQL (ms) | place ÷ bare |\n|---|---|---|---|---|---|---|\n');
  for (const r of results)
    process.stdout.write(`| ${r.orders} | ${r.days} | ${r.spots} | ${r.placeMs} | ${r.unchangedRerunMs} | ${r.bareSqlMs} | ${r.ratio} |\n`);
};

await main();
