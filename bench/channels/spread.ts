/**
 * Spreads the generated database's orders (bench/generate-1m) over a group of 50 channels in 4 time
 * zones (issue 41), for bench/dashboards/run.ts with CHANNEL=<number>: 49 channels are added beside the
 * default one, each with a copy of the rate card; every order goes to channel (hash of its id mod 50), its
 * campaign and invoices with it, and its time slots, airings and invoice lines to that channel's copy of their daypart; the rollups are rebuilt from
 * the rows (decision 023) and the tables analyzed. Run once per generated database.
 *
 *   BENCH_DB=<name> npx tsx bench/channels/spread.ts [orders, default 1000000]
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { BENCH_SERVER } from '../support/postgres';
import { generatedDatabase } from '../generate-1m/names';

const orders = Number(process.argv[2] ?? 1_000_000);
const CHANNELS = 50;
const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
const client = new pg.Client({ connectionString: `${BENCH_SERVER}/${generatedDatabase(orders)}` });
await client.connect();

const step = async (label: string, text: string) => {
  const started = Date.now();
  const result = await client.query(text);
  process.stdout.write(`${label.padEnd(40)} ${String(result.rowCount ?? '').padStart(9)} rows  ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
};

try {
  const n = (await client.query<{ n: number }>('select count(*)::int n from channels')).rows[0]?.n ?? 0;
  if (n > 1) throw new Error(`the database has ${n} channels already: spread once`);
  // The load writes every row once; triggers off (the rollups are rebuilt from the rows after), as the generator loads.
  await client.query('set session_replication_role = replica');
  await step(
    'channels',
    `insert into channels (call_letters, channel_number, name, time_zone, short_name)
     select 'K' || chr(65 + g / 26) || chr(65 + g % 26) || 'X', g || '.1', 'Channel ' || g, (array['${ZONES.join("','")}'])[1 + g % 4], 'CH' || g
     from generate_series(1, ${CHANNELS - 1}) g`,
  );
  // The default channel in the first of the 4 zones (its own, not the configured station's).
  await step('default channel zone', `update channels set time_zone = '${ZONES[0]}' where is_default`);
  await step(
    'rate cards',
    `insert into dayparts (channel_id, name, description, start_time, end_time, days_of_week, base_cpm_cents, flat_rate_cents, is_prime_time, min_cpm_cents,
       multiplier, rate_15_percent, rate_60_percent, spot_frequency)
     select c.id, d.name, d.description, d.start_time, d.end_time, d.days_of_week, d.base_cpm_cents, d.flat_rate_cents, d.is_prime_time, d.min_cpm_cents,
       d.multiplier, d.rate_15_percent, d.rate_60_percent, d.spot_frequency
     from channels c cross join dayparts d where not c.is_default and d.channel_id = default_channel_id()`,
  );
  await client.query(
    `create temporary table channels_by_number as select id, (row_number() over (order by is_default desc, channel_number) - 1)::int as n from channels`,
  );
  await client.query('create index on channels_by_number (n)');
  // The order's channel: one of the 50, by a hash of its id (the same every run).
  await step('orders', `update estimates e set channel_id = cb.id from channels_by_number cb where cb.n = (hashtext(e.id::text) & 2147483647) % ${CHANNELS}`);
  // A campaign and an invoice keep their order's channel (migration 0064); a database generated before it gets them from the migration.
  for (const table of ['campaigns', 'invoices']) {
    const kept = await client.query(`select 1 from information_schema.columns where table_name = $1 and column_name = 'channel_id'`, [table]);
    if (kept.rowCount)
      await step(table, `update ${table} t set channel_id = e.channel_id from estimates e where e.id = t.estimate_id and t.channel_id <> e.channel_id`);
  }
  await client.query(
    `create temporary table daypart_copies as select o.id as original, c.channel_id, c.id as copy from dayparts o join dayparts c on c.name = o.name where o.channel_id = default_channel_id()`,
  );
  await client.query('create index on daypart_copies (original, channel_id)');
  // Each row's order, joined: estimate_items name it, airings through their campaign, invoice lines through their invoice.
  const orderOf: Record<string, { from: string; where: string }> = {
    estimate_items: { from: 'estimates e', where: 'e.id = t.estimate_id' },
    campaign_deliveries: { from: 'campaigns c, estimates e', where: 'c.id = t.campaign_id and e.id = c.estimate_id' },
    invoice_lines: { from: 'invoices i, estimates e', where: 'i.id = t.invoice_id and e.id = i.estimate_id' },
  };
  for (const [table, via] of Object.entries(orderOf)) {
    await step(
      table,
      `update ${table} t set daypart_id = dc.copy from ${via.from}, daypart_copies dc
       where ${via.where} and dc.original = t.daypart_id and dc.channel_id = e.channel_id and dc.copy <> t.daypart_id`,
    );
  }
  await client.query('set session_replication_role = origin');
  await step('rollups rebuilt', 'select analytics_rollups_rebuild()');
  await step('vacuum analyze', 'vacuum analyze');
  const spread = await client.query<{ channels: number; zones: number; fewest: number; most: number }>(
    `select count(*)::int channels, count(distinct time_zone)::int zones, min(n)::int fewest, max(n)::int most
     from (select c.id, c.time_zone, count(e.id) n from channels c left join estimates e on e.channel_id = c.id group by c.id, c.time_zone) x`,
  );
  process.stdout.write(
    `${JSON.stringify(spread.rows[0])}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}\n`,
  );
} finally {
  await client.end();
}
