/**
 * API read benchmark: autocannon against the list and summary calls the screens make, on a fixed
 * data set (bench/api/app-server.ts: 500 advertisers, 20,000 orders, 40,000 time slots, 25,000
 * notifications) in PGlite on disk. Usage: npx tsx bench/api/run.ts [seconds per call, default 10]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { addDays, todayIso } from '../../src/domain/dates';
import { startServer, stopServer } from '../upload/servers';

const seconds = Number(process.argv[2] ?? 10);
const connections = 10;
const dataDir = mkdtempSync(path.join(tmpdir(), 'spotbook-bench-api-'));

const { child, info } = await startServer('../api/app-server.ts', dataDir);
try {
  const base = `http://127.0.0.1:${info.port}`;
  const as = (token: unknown) => ({ authorization: `Bearer ${String(token)}` });
  const from = addDays(todayIso(new Date(), 'UTC'), 8);
  const calls = [
    { name: 'admin: GET /api/estimates?limit=50 (Order Management, first page)', path: '/api/estimates?limit=50', headers: as(info.adminToken) },
    { name: 'admin: GET /api/estimates?status=ordered&limit=50', path: '/api/estimates?status=ordered&limit=50', headers: as(info.adminToken) },
    {
      name: 'admin: GET /api/estimates?exclude_status=approved&exclude_status=rejected&limit=50&offset=5000',
      path: '/api/estimates?exclude_status=approved&exclude_status=rejected&limit=50&offset=5000',
      headers: as(info.adminToken),
    },
    { name: 'client: GET /api/estimates (own 40 orders)', path: '/api/estimates', headers: as(info.clientToken) },
    { name: 'client: GET /api/estimates/:id (detail with items)', path: `/api/estimates/${String(info.orderId)}`, headers: as(info.clientToken) },
    { name: 'admin: GET /api/estimates/stats/dashboard', path: '/api/estimates/stats/dashboard', headers: as(info.adminToken) },
    {
      name: 'client: GET /api/dayparts/availability/:id (90 days)',
      path: `/api/dayparts/availability/${String(info.daypartId)}?start_date=${from}&end_date=${addDays(from, 89)}`,
      headers: as(info.clientToken),
    },
    { name: 'client: GET /api/notifications (50 stored)', path: '/api/notifications', headers: as(info.clientToken) },
  ];
  const rows: string[] = [];
  for (const call of calls) {
    const result = await autocannon({ url: `${base}${call.path}`, headers: call.headers, connections, duration: seconds });
    const ok = result['2xx'];
    rows.push(`| ${call.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${ok} | ${result.non2xx} |`);
    process.stderr.write(`${rows.at(-1)}\n`);
  }
  process.stdout.write(
    [
      `\nautocannon, ${connections} connections, ${seconds} s per call; load average at the end ${loadavg()[0]!.toFixed(1)}`,
      '| call | requests/s | p50 ms | p99 ms | 2xx | non-2xx |',
      '|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
} finally {
  await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
}
