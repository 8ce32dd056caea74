/**
 * A station group of 50 channels in 4 time zones with a 14-day horizon (issue 41): how long the station
 * clock's placement takes to place every channel's log after a restart, in total and per channel, beside
 * the bare SQL of the same work in the same run (the booking query and one INSERT … SELECT of as many spot
 * rows). Each measurement opens a new connection and reads every channel's clock, as a started process does.
 *
 *   npx tsx bench/channels/run.ts            # PostgreSQL on 127.0.0.1:5432 (BENCH_PG), a throw-away database
 *   ORDERS_PER_CHANNEL=200 npx tsx bench/channels/run.ts
 *
 * Three runs: the first placement (no log yet: every channel's 14 days written), a restart with nothing
 * changed (every day placed in memory, digests equal, nothing written), and a restart a day later (each
 * channel's new last day written, at its own midnight). Per channel: the time between one channel's last
 * day written and the one before it (`traffic_days.built_at`, stamped when a day's transaction ends).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { addDays, stationTime } from '../../src/domain/dates';
import { placementHorizonDays } from '../../src/domain/traffic';
import { channelClocks } from '../../src/server/modules/channels/public';
import { buildTrafficLogs } from '../../src/server/modules/traffic/build';
import { loadBookings } from '../../src/server/modules/traffic/demands';
import { openDatabase, type Database } from '../../src/server/platform/db';
import { BENCH_SERVER, onServer } from '../support/postgres';

const CHANNELS = 50;
const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
const STATION_ZONE = ZONES[0]!;
const HORIZON = placementHorizonDays(14);
const PER_CHANNEL = Number(process.env.ORDERS_PER_CHANNEL ?? 100);
const TODAY = '2027-01-04';
/** 12:00 UTC: 07:00 in New York, 04:00 in Los Angeles; every channel is on the 4th. */
const NOW = new Date(`${TODAY}T12:00:00Z`);
const name = `spotbook_bench_channels_${process.pid}`;
const url = `${BENCH_SERVER}/${name}`;
const out = (line: string) => process.stdout.write(`${line}\n`);

/** 49 channels besides the default (which keeps the station's zone), each with 8 dayparts of 30 spots a day and its orders. */
const seed = async (database: Database) => {
  const db = database.db;
  await db.execute(sql`insert into users (email, password_hash, role) select 'bench' || g || '@example.com', 'x', 'client' from generate_series(1, 50) g`);
  await db.execute(
    sql`insert into brands (owner_id, common_name, legal_name) select id, 'Brand ' || email, 'Legal ' || email from users where email like 'bench%'`,
  );
  await db.execute(sql`
    insert into channels (call_letters, channel_number, name, time_zone, short_name)
    select 'K' || chr(65 + g / 26) || chr(65 + g % 26) || 'X', g || '.1', 'Channel ' || g, (${sql.raw(`array['${ZONES.join("','")}']`)})[1 + g % 4], 'CH' || g
    from generate_series(1, ${CHANNELS - 1}) g`);
  await db.execute(sql`
    insert into dayparts (channel_id, name, start_time, end_time, days_of_week, base_cpm_cents, spot_frequency)
    select c.id, 'Bench ' || g, lpad(((5 + g * 2) % 24)::text, 2, '0') || ':00', lpad(((7 + g * 2) % 24)::text, 2, '0') || ':00',
      array['Monday','Tuesday','Wednesday','Thursday','Friday','Saturday','Sunday'], 1500, 30
    from channels c cross join generate_series(1, 8) g`);
  await db.execute(sql`
    insert into estimates (owner_id, brand_id, channel_id, estimate_name, status, start_date, end_date, total_spend_cents, reviewed_at)
    select b.owner_id, b.id, c.id, 'Bench order ' || c.channel_number || '/' || g, 'active', ${TODAY}::date, ${addDays(TODAY, HORIZON + 30)}::date, 500000,
      now() - (g || ' seconds')::interval
    from channels c cross join generate_series(1, ${PER_CHANNEL}) g
    join lateral (select id, owner_id from brands order by id offset (g % 50) limit 1) b on true`);
  await db.execute(sql`
    insert into estimate_items (estimate_id, daypart_id, spots_per_occurrence)
    select e.id, d.id, 1
    from (select id, channel_id, row_number() over (partition by channel_id order by id) n from estimates) e
    join (select id, channel_id, row_number() over (partition by channel_id order by name) - 1 n from dayparts) d on d.channel_id = e.channel_id and d.n = e.n % 8`);
  await db.execute(sql`analyze`);
};

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const timed = async <T>(run: () => Promise<T>) => {
  const start = process.hrtime.bigint();
  const value = await run();
  return { value, ms: Number(process.hrtime.bigint() - start) / 1e6 };
};

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** A started process: a new connection, every channel's clock read, then the station clock's placement. */
const placeAfterRestart = async (now: Date) => {
  const database = await openDatabase({ databaseUrl: url });
  try {
    const startedAt = new Date();
    const run = await timed(async () => {
      const clocks = await channelClocks(
        database.db,
        stationTime(STATION_ZONE, () => now),
      );
      return buildTrafficLogs({ db: database.db, clocks, days: HORIZON, now, settings: { breakMinutes: 15 } });
    });
    // Each channel's share: from the previous channel's last day written to its own.
    const lasts = await rows<{ channel_id: string; last: number }>(
      database,
      sql`select channel_id, (extract(epoch from max(built_at)) * 1000)::float8 as last from traffic_days where built_at >= ${startedAt.toISOString()}::timestamptz group by channel_id order by 2`,
    );
    let previous = startedAt.getTime();
    const perChannel = lasts.map(({ last: at }) => {
      const ms = Math.round(at - previous);
      previous = at;
      return ms;
    });
    return { ms: run.ms, daysWritten: run.value.length, channelsWritten: lasts.length, perChannel: perChannel.sort((a, b) => a - b) };
  } finally {
    await database.close();
  }
};

/** The bare SQL of the first placement's work: the booking query, then the same number of spot rows in one INSERT … SELECT. */
const baseline = async (spots: number) => {
  const database = await openDatabase({ databaseUrl: url });
  try {
    return await timed(async () => {
      await loadBookings(database.db, TODAY, addDays(TODAY, HORIZON));
      await database.db.execute(sql`
        insert into traffic_spots (channel_id, air_date, estimate_id, daypart_id, house_code, duration_seconds, break_at, scheduled_at, position, status)
        select e.channel_id, ${TODAY}::date + d, e.id, i.daypart_id, 'BENCH', 30, now(), now(), 1, 'cancelled'
        from estimates e join estimate_items i on i.estimate_id = e.id cross join generate_series(0, ${HORIZON - 1}) d
        limit ${spots}`);
      await database.db.execute(sql`delete from traffic_spots where house_code = 'BENCH'`);
    });
  } finally {
    await database.close();
  }
};

const describeRun = (label: string, run: Awaited<ReturnType<typeof placeAfterRestart>>) => {
  const per = run.perChannel;
  const perText = per.length ? `${percentile(per, 0.5)} / ${percentile(per, 0.9)} / ${per.at(-1)}` : '—';
  return `| ${label} | ${Math.round(run.ms).toLocaleString('en')} | ${run.channelsWritten} | ${perText} | ${(run.ms / CHANNELS).toFixed(0)} |`;
};

const main = async () => {
  await onServer(`drop database if exists ${name} with (force)`);
  await onServer(`create database ${name}`);
  try {
    const setup = await openDatabase({ databaseUrl: url });
    await setup.migrate();
    const seeding = await timed(() => seed(setup));
    const [counts] = await rows<{ channels: number; zones: number; orders: number }>(
      setup,
      sql`select (select count(*)::int from channels) channels, (select count(distinct coalesce(time_zone, ${STATION_ZONE}))::int from channels) zones, (select count(*)::int from estimates) orders`,
    );
    await setup.close();
    out(`seeded ${JSON.stringify(counts)} in ${Math.round(seeding.ms)} ms; horizon ${HORIZON} days`);

    const first = await placeAfterRestart(NOW);
    const spotRows = await (async () => {
      const database = await openDatabase({ databaseUrl: url });
      try {
        return (await rows<{ n: number }>(database, sql`select count(*)::int n from traffic_spots`))[0]!.n;
      } finally {
        await database.close();
      }
    })();
    const unchanged = await placeAfterRestart(NOW);
    const nextDay = await placeAfterRestart(new Date(NOW.getTime() + 86_400_000));
    const bare = await baseline(spotRows);
    out(
      [
        `\n${CHANNELS} channels in ${ZONES.length} time zones, ${PER_CHANNEL} active orders each (${(CHANNELS * PER_CHANNEL).toLocaleString('en')}), ${HORIZON}-day horizon, ${spotRows.toLocaleString('en')} spots placed`,
        `load average at the end ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' / ')}`,
        '| after a restart | total ms | channels written | per channel ms (p50 / p90 / max) | total ÷ 50 ms |',
        '|---|---|---|---|---|',
        describeRun('first placement (no log yet)', first),
        describeRun('nothing changed', unchanged),
        describeRun('a day later (each channel’s new day)', nextDay),
        `| baseline: bare SQL of the first placement (booking query + one INSERT … SELECT of ${spotRows.toLocaleString('en')} rows) | ${Math.round(bare.ms).toLocaleString('en')} | | | |`,
      ].join('\n'),
    );
  } finally {
    await onServer(`drop database if exists ${name} with (force)`);
  }
};

await main();
process.exit(0);
