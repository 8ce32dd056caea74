/**
 * The post-buy's speed (issue 43, decision 057): an order with 10,000 aired spots over 90 days (three
 * broadcast months, each valued on its month's post book) posted by `postBuy` (what GET
 * /api/estimates/:id/post-buy answers, without HTTP), beside the bare SQL of the same valuation in the
 * same run: one query joining the spots to their month's post book and its ratings, summed.
 *
 *   npx tsx bench/audience/post-buy.ts             # PostgreSQL on 127.0.0.1:5432 (BENCH_PG) and the embedded database
 *   npx tsx bench/audience/post-buy.ts embedded    # only one of them: postgres | embedded
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { postBuy } from '../../src/server/modules/audience/post-buy';
import { openDatabase, type Database } from '../../src/server/platform/db';
import { BENCH_SERVER, onServer } from '../support/postgres';

const SPOTS = 10_000;
const DAYS = 90;
const FIRST_DAY = '2027-01-04';
const RUNS = 7;

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** An admin, a brand, a daypart, a completed order with one item, a book with its ratings named the post book of every month, and the aired spots. */
const seed = async (database: Database): Promise<{ orderId: string; adminId: string }> => {
  const db = database.db;
  const [admin] = await rowsOf<{ id: string }>(
    database,
    sql`insert into users (email, password_hash, role) values ('bench-admin@example.com', 'x', 'traffic_admin') returning id`,
  );
  const [client] = await rowsOf<{ id: string }>(
    database,
    sql`insert into users (email, password_hash, role) values ('bench-client@example.com', 'x', 'client') returning id`,
  );
  const [brand] = await rowsOf<{ id: string }>(
    database,
    sql`insert into brands (owner_id, common_name, legal_name) values (${client!.id}, 'Bench brand', 'Bench brand LLC') returning id`,
  );
  const [daypart] = await rowsOf<{ id: string }>(
    database,
    sql`insert into dayparts (name, start_time, end_time, days_of_week, base_cpm_cents, spot_frequency)
        values ('Bench Morning', '06:00', '09:00', array['Monday','Tuesday','Wednesday','Thursday','Friday','Saturday','Sunday'], 1500, 200) returning id`,
  );
  const [order] = await rowsOf<{ id: string }>(
    database,
    sql`insert into estimates (owner_id, brand_id, estimate_name, status, start_date, end_date, total_spend_cents, target_demo, guarantee_demo, guarantee_grps)
        values (${client!.id}, ${brand!.id}, 'Bench post-buy', 'completed', ${FIRST_DAY}::date, ${FIRST_DAY}::date + ${DAYS - 1}::int, 50000000, 'A25-54', 'A25-54', 20000)
        returning id`,
  );
  const [item] = await rowsOf<{ id: string }>(
    database,
    sql`insert into estimate_items (estimate_id, daypart_id, spots_per_occurrence) values (${order!.id}, ${daypart!.id}, 100) returning id`,
  );
  const [book] = await rowsOf<{ id: string }>(
    database,
    sql`insert into books (channel_id, name, rating_service, survey_period, is_current) values (default_channel_id(), 'Bench', 'Nielsen', 'Nov26', true) returning id`,
  );
  await db.execute(sql`insert into book_ratings (book_id, daypart_id, demo, rating, impressions) values (${book!.id}, ${daypart!.id}, 'A25-54', 1.5, 15)`);
  for (const month of ['2027-01', '2027-02', '2027-03', '2027-04'])
    await db.execute(sql`insert into post_books (channel_id, month, book_id) values (default_channel_id(), ${month}, ${book!.id})`);
  await db.execute(sql`
    insert into traffic_spots (air_date, estimate_id, estimate_item_id, daypart_id, house_code, duration_seconds, break_at, scheduled_at, position, status, aired_at)
    select d, ${order!.id}, ${item!.id}, ${daypart!.id}, 'B' || g, 30, d + time '06:00', d + time '06:00', g, 'aired', d + time '06:00'
    from generate_series(0, ${SPOTS - 1}::int) g, lateral (select ${FIRST_DAY}::date + (g % ${DAYS}::int) d) day`);
  await db.execute(sql`analyze`);
  return { orderId: order!.id, adminId: admin!.id };
};

/**
 * The bare SQL of the valuation: each aired spot's broadcast month (that of the Sunday ending its
 * Monday week), that month's post book, the book's rating of its daypart on the demo, summed.
 */
const bare = (database: Database, orderId: string) =>
  rowsOf<{ spots: number; grps: number; impressions: number }>(
    database,
    sql`select count(*)::int spots, coalesce(sum(r.rating), 0)::float8 grps, coalesce(sum(r.impressions), 0)::float8 impressions
        from traffic_spots s
        left join post_books p on p.channel_id = s.channel_id
          and p.month = to_char(s.air_date + (7 - extract(isodow from s.air_date)::int), 'YYYY-MM')
        left join book_ratings r on r.book_id = p.book_id and r.daypart_id = s.daypart_id and r.demo = 'A25-54'
        where s.estimate_id = ${orderId} and s.status = 'aired' and not s.simulated`,
  );

const ms = async (run: () => Promise<unknown>) => {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const measure = async (kind: 'postgres' | 'embedded') => {
  const name = `spotbook_bench_postbuy_${process.pid}`;
  const dataDir = kind === 'embedded' ? mkdtempSync(path.join(os.tmpdir(), 'spotbook-bench-postbuy-')) : '';
  if (kind === 'postgres') {
    await onServer(`drop database if exists ${name} with (force)`);
    await onServer(`create database ${name}`);
  }
  const database = await openDatabase(kind === 'postgres' ? { databaseUrl: `${BENCH_SERVER}/${name}` } : { dataDir });
  try {
    await database.migrate();
    const { orderId, adminId } = await seed(database);
    const actor = { id: adminId, role: 'traffic_admin' as const };
    const post = await postBuy(database.db, actor, orderId, 'A25-54');
    const [check] = await bare(database, orderId);
    // 10,000 spots × 1.5 = 15,000 GRPs, both ways.
    if (post.total.delivered.spots !== SPOTS || post.total.delivered.grps !== 15_000 || check!.grps !== 15_000)
      throw new Error(`unexpected figures: ${JSON.stringify({ post: post.total.delivered, bare: check })}`);
    const postBuyMs: number[] = [];
    const bareMs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      postBuyMs.push(await ms(() => postBuy(database.db, actor, orderId, 'A25-54')));
      bareMs.push(await ms(() => bare(database, orderId)));
    }
    return {
      database: kind,
      spots: SPOTS,
      postBuyBestMs: Math.round(Math.min(...postBuyMs)),
      postBuyMedianMs: Math.round(median(postBuyMs)),
      bareBestMs: Math.round(Math.min(...bareMs)),
      bareMedianMs: Math.round(median(bareMs)),
      ratio: Number((median(postBuyMs) / median(bareMs)).toFixed(1)),
      load: load(),
    };
  } finally {
    await database.close();
    if (kind === 'postgres') await onServer(`drop database if exists ${name} with (force)`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
};

const main = async () => {
  const asked = process.argv[2];
  const kinds: ('postgres' | 'embedded')[] = asked === 'postgres' || asked === 'embedded' ? [asked] : ['postgres', 'embedded'];
  process.stdout.write(`load average before ${load()} on ${os.cpus().length} CPUs, Node ${process.version}\n`);
  const results = [];
  for (const kind of kinds) {
    results.push(await measure(kind));
    process.stdout.write(`${JSON.stringify(results.at(-1))}\n`);
  }
  process.stdout.write(
    '\n| database | aired spots | post-buy best (ms) | post-buy median (ms) | bare SQL best (ms) | bare SQL median (ms) | median ÷ bare | load (1/5/15 min) |\n|---|---|---|---|---|---|---|---|\n',
  );
  for (const r of results)
    process.stdout.write(
      `| ${r.database} | ${r.spots} | ${r.postBuyBestMs} | ${r.postBuyMedianMs} | ${r.bareBestMs} | ${r.bareMedianMs} | ${r.ratio} | ${r.load} |\n`,
    );
};

await main();
