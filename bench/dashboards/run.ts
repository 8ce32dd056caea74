/**
 * Times every dashboard and list call on the generated database (bench/generate-1m) and explains
 * the queries behind each: the app runs in this process on DATABASE_URL (its migrator applies any
 * new migration first), calls go through Fastify's `inject` one at a time (no socket, no
 * concurrency: the server's own time per call), a few warm-ups, then REPS timed runs; p50 and the
 * load average are printed. With a plans file, every SELECT a call sends is captured once and run
 * again with `EXPLAIN (ANALYZE, BUFFERS)`; the file gets the full plans, the table each query's
 * execution time.
 *
 * Usage: npx tsx bench/dashboards/run.ts [orders, default 1000000] [plans file]   (REPS=15 to change;
 * CALLS=<regular expression> times only the calls whose name matches; CHANNEL=<channel number, e.g. 7.1>
 * adds that channel's `channel_id` to every call that takes one, for a database spread over channels by
 * bench/channels/spread.ts)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { capture } from './capture-queries';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/platform/db';
import { BENCH_SERVER } from '../support/postgres';
import { BENCH_ADMIN, generatedDatabase } from '../generate-1m/names';

const orders = Number(process.argv[2] ?? 1_000_000);
const plansFile = process.argv[3];
const reps = Number(process.env.REPS ?? 15);
const url = `${BENCH_SERVER}/${generatedDatabase(orders)}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'spotbook-bench-dash-'));
const out = (line: string) => process.stdout.write(`${line}\n`);

// No station clock: it would start and complete the generated orders while the calls are timed (as tests do, interval 0).
const config = {
  ...loadConfig({ ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', STATISTICS_MINUTES: '0' }),
  stationClockSeconds: 0,
};
const database = await openDatabase({ databaseUrl: url });
const migrating = Date.now();
await database.migrate();
out(`migrations applied in ${Date.now() - migrating} ms`);
const app = await buildApp({ config, database });
await app.ready();

const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: BENCH_ADMIN });
const headers = { authorization: `Bearer ${String(login.json<{ token: string }>().token)}` };
const deep = Math.floor(orders / 2);
const firstPage = await app.inject({ method: 'GET', url: '/api/estimates?exclude_status=approved&exclude_status=rejected&limit=50', headers });
const cursor = firstPage.headers['x-next-cursor'];

const calls: { name: string; url: string }[] = [
  { name: 'analytics overview (30 days)', url: '/api/analytics/dashboard/overview' },
  { name: 'analytics revenue trends (90 days, daily)', url: '/api/analytics/revenue/trends' },
  { name: 'analytics performance (30 days)', url: '/api/analytics/performance/metrics' },
  { name: 'analytics budget (30 days)', url: '/api/analytics/budget/analysis' },
  { name: 'analytics forecast (12 weeks)', url: '/api/analytics/forecast/predictions' },
  { name: 'reconciliation dashboard (30 days)', url: '/api/reconciliation/dashboard' },
  { name: 'order stats', url: '/api/estimates/stats/dashboard' },
  { name: 'Order Management, first page', url: '/api/estimates?exclude_status=approved&exclude_status=rejected&limit=50' },
  {
    name: `Order Management, offset ${deep.toLocaleString('en')}`,
    url: `/api/estimates?exclude_status=approved&exclude_status=rejected&limit=50&offset=${deep}`,
  },
  ...(typeof cursor === 'string'
    ? [
        {
          name: 'Order Management, next page by cursor',
          url: `/api/estimates?exclude_status=approved&exclude_status=rejected&limit=50&after=${encodeURIComponent(cursor)}`,
        },
      ]
    : []),
  { name: 'billing list, first page', url: '/api/billing?page=1&limit=20' },
  { name: 'billing list, page 1,000', url: '/api/billing?page=1000&limit=20' },
  { name: 'billing analytics', url: '/api/billing/analytics/overview' },
  { name: 'receivables ageing', url: '/api/billing/ageing' },
  { name: 'receivables ageing, first page of 100', url: '/api/billing/ageing?limit=100' },
  { name: 'campaigns list', url: '/api/campaigns' },
  { name: 'campaign stats', url: '/api/campaigns/stats/dashboard' },
  { name: 'reconciliation pending', url: '/api/reconciliation/pending' },
  { name: 'audit trail, first page', url: '/api/audit' },
  { name: "traffic log, today's", url: `/api/traffic/logs/${new Date().toISOString().slice(0, 10)}` },
  { name: 'media library', url: '/api/media' },
  { name: 'coupons', url: '/api/coupons' },
  { name: 'users', url: '/api/users' },
  { name: 'users, first page (the screen)', url: '/api/users?limit=50' },
  { name: 'users, search (the screen)', url: '/api/users?limit=50&search=client42' },
  { name: 'brands', url: '/api/brands' },
  { name: 'brands, first page (the screen)', url: '/api/brands?limit=50' },
  { name: 'brands, search (the screen)', url: '/api/brands?limit=50&search=brand%20123' },
  { name: 'drafts (pending)', url: '/api/estimates/pending' },
  { name: 'notifications', url: '/api/notifications' },
];

const only = process.env.CALLS ? new RegExp(process.env.CALLS, 'i') : undefined;
const explainer = new pg.Client({ connectionString: url });
await explainer.connect();
/** The calls that take `channel_id` (decision 053): dashboards, lists and the log. */
const TAKES_CHANNEL = /analytics|reconciliation|order stats|Order Management|billing|ageing|campaign|traffic/;
const channelId = process.env.CHANNEL
  ? (await explainer.query<{ id: string }>('select id from channels where channel_number = $1', [process.env.CHANNEL])).rows[0]?.id
  : undefined;
if (process.env.CHANNEL && !channelId) throw new Error(`no channel numbered ${process.env.CHANNEL}`);
const chosen = calls
  .filter((call) => !only || only.test(call.name))
  .filter((call) => !channelId || TAKES_CHANNEL.test(call.name))
  .map((call) =>
    channelId ? { name: `${call.name}, channel ${process.env.CHANNEL}`, url: `${call.url}${call.url.includes('?') ? '&' : '?'}channel_id=${channelId}` } : call,
  );
const plans: string[] = [];
const rows: string[] = [];
try {
  for (const call of chosen) {
    const run = async () => {
      const reply = await app.inject({ method: 'GET', url: call.url, headers });
      if (reply.statusCode !== 200) throw new Error(`${call.url}: ${reply.statusCode} ${reply.body.slice(0, 300)}`);
      return reply;
    };
    for (let i = 0; i < 2; i += 1) await run();
    const times: number[] = [];
    for (let i = 0; i < reps; i += 1) {
      const t = process.hrtime.bigint();
      await run();
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)]!;
    let sqlMs = '';
    if (plansFile) {
      const queries = await capture(run);
      const executions: number[] = [];
      plans.push(`\n######## ${call.name}: GET ${call.url}`);
      for (const q of queries) {
        const result = await explainer.query<{ 'QUERY PLAN': string }>({ text: `explain (analyze, buffers) ${q.text}`, values: q.values });
        const plan = result.rows.map((r) => r['QUERY PLAN']).join('\n');
        executions.push(Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0));
        plans.push(`\n-- ${q.text}\n-- params: ${JSON.stringify(q.values)}\n${plan}`);
      }
      // Only the queries that cost something (session lookups and the like are under a millisecond).
      sqlMs = executions
        .filter((e) => e >= 1)
        .map((e) => e.toFixed(1))
        .join(' + ');
    }
    rows.push(`| ${call.name} | ${p50.toFixed(1)} | ${times[0]!.toFixed(1)} | ${sqlMs} |`);
    process.stderr.write(`${rows.at(-1)}\n`);
  }
  if (plansFile) writeFileSync(plansFile, plans.join('\n'));
} finally {
  await explainer.end();
  await Promise.race([Promise.all([app.close(), database.close()]), new Promise((resolve) => setTimeout(resolve, 5000))]);
  rmSync(dataDir, { recursive: true, force: true });
}
out(
  [
    `\n${orders.toLocaleString('en')} orders, PostgreSQL, inject, ${reps} runs per call after 2 warm-ups; load average at the end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}`,
    '| call | p50 ms | min ms | EXPLAIN ANALYZE ms of each query ≥ 1 ms |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n'),
);
process.exit(0);
