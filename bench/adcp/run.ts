/**
 * AdCP get_products (decision 035): a 13-week flight with availability for every daypart and length,
 * p50 and p99 over repeated calls, in one run, on in-memory PGlite and on PostgreSQL:
 *   - the bare availability read (daypartAvailability per daypart, what get_products reads);
 *   - get_products in process (listProducts: products, weeks, forecast);
 *   - get_products through /mcp: the MCP SDK's client over loopback HTTP with an API key, as an agent
 *     calls it (key check, rate counter, per-request MCP server and transport, schema check, JSON).
 * The seeded rate card and 200 approved orders across the flight; no station clock.
 *
 *   npx tsx bench/adcp/run.ts [runs] [pglite|postgres|both]     # 100, both by default
 *   BENCH_PG=postgres://user@host:port  (default postgres://postgres@127.0.0.1:5432)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { addDays, todayIso } from '../../src/domain/dates';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { dayparts, estimateItems, estimates, users } from '../../src/server/db/schema';
import { openMigratedDatabase, type Database } from '../../src/server/platform/db';
import { daypartAvailability } from '../../src/server/modules/dayparts/service';
import { listProducts } from '../../src/server/modules/adcp/products';
import { BENCH_SERVER, onServer } from '../support/postgres';

const RUNS = Number(process.argv[2] ?? 100);
const KINDS = (process.argv[3] ?? 'both') === 'both' ? ['pglite', 'postgres'] : [process.argv[3]!];
const START = '2027-03-01';
const END = addDays(START, 13 * 7 - 1);
const out = (line: string) => process.stdout.write(`${line}\n`);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const time = async (run: () => Promise<unknown>) => {
  await run(); // warm: plans, the lazily loaded MCP SDK and @adcp/client schemas
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return `${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)}`;
};

const seed = async (database: Database) => {
  const { db } = database;
  const rows = await db.select().from(dayparts);
  const [owner] = await db.insert(users).values({ email: 'bench-orders@example.com', passwordHash: 'x' }).returning({ id: users.id });
  for (let i = 0; i < 200; i += 1) {
    const start = addDays(START, (i * 3) % 80);
    const [order] = await db
      .insert(estimates)
      .values({ ownerId: owner!.id, estimateName: `Bench ${i}`, status: 'approved', startDate: start, endDate: addDays(start, 20), totalSpendCents: 100_000 })
      .returning({ id: estimates.id });
    await db.insert(estimateItems).values({ estimateId: order!.id, daypartId: rows[i % rows.length]!.id, spotsPerOccurrence: 1 + (i % 3) });
  }
  return rows;
};

const measure = async (kind: string) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-bench-adcp-'));
  const pgName = `spotbook_bench_adcp_${process.pid}`;
  if (kind === 'postgres') await onServer(`CREATE DATABASE ${pgName}`);
  const database = await openMigratedDatabase(kind === 'postgres' ? { databaseUrl: `${BENCH_SERVER}/${pgName}` } : { memory: true });
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'error',
    STATISTICS_MINUTES: '0',
    ...(kind === 'postgres' && { DATABASE_URL: `${BENCH_SERVER}/${pgName}` }),
  };
  const config = { ...loadConfig(env), stationClockSeconds: 0, rateLimitPerMinute: 1_000_000 };
  const app = await buildApp({ config, database });
  try {
    const rows = await seed(database);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'Bench',
        lastName: 'Agent',
        email: 'bench-agent@example.com',
        phone: '+1 555 0100',
        address: '1 Main St',
        company: 'Bench Agency',
        jobTitle: 'Buyer',
        password: 'Bench-Passw0rd',
      },
    });
    const key = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { authorization: `Bearer ${registered.json<{ token: string }>().token}` },
      payload: { name: 'bench' },
    });
    const agent = new Client({ name: 'bench-agent', version: '1.0.0' });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key.json<{ secret: string }>().secret}` } },
      }),
    );
    const station = { name: 'Bench', callLetters: 'WBEN', fccFacilityId: '1', agentUrl: `${base}/mcp`, publisherDomain: 'bench.example' };
    const filters = { start_date: START, end_date: END };
    const products = await listProducts({ db: database.db, station, filters, today: todayIso(new Date(), 'UTC') });
    const viaMcp = async () => {
      const result = await agent.callTool({ name: 'get_products', arguments: { buying_mode: 'brief', brief: '13 weeks of local TV', filters } });
      if (!(result.structuredContent as { products?: unknown[] }).products?.length)
        throw new Error(`get_products failed: ${JSON.stringify(result.structuredContent).slice(0, 300)}`);
    };
    const lines = [
      `| ${kind} | bare availability (daypartAvailability × ${rows.length}) | ${await time(() => Promise.all(rows.map((d) => daypartAvailability({ db: database.db, id: d.id, start: START, end: END }))))} |`,
      `| ${kind} | get_products in process (listProducts) | ${await time(() => listProducts({ db: database.db, station, filters, today: todayIso(new Date(), 'UTC') }))} |`,
      `| ${kind} | get_products through /mcp (MCP SDK client, loopback HTTP) | ${await time(viaMcp)} |`,
    ];
    await agent.close();
    return { lines, products: products.length, dayparts: rows.length };
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') await onServer(`DROP DATABASE IF EXISTS ${pgName}`);
  }
};

const results = [];
for (const kind of KINDS) results.push(await measure(kind));
out(
  `get_products, 13-week flight (${START} to ${END}), ${results[0]!.dayparts} dayparts → ${results[0]!.products} products, 200 approved orders, ${RUNS} runs each; load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ${os.cpus().length} CPUs, Node ${process.version}`,
);
out('| database | read | p50 (ms) | p99 (ms) |\n|---|---|---|---|');
for (const r of results) for (const line of r.lines) out(line);
