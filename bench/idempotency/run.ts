/**
 * What an Idempotency-Key costs (issue 25, decision 030): the same write, POST /api/estimates (a new
 * draft order), sent by one API key to the real server (`dist/server/main.js`, as `npm start` runs
 * it) three ways, interleaved round by round so that the machine's load falls on each alike:
 *   - without a key;
 *   - with a fresh Idempotency-Key (the claim, the write, the stored answer);
 *   - a replay of an earlier key (no write: the stored answer).
 * One request at a time (latency, not throughput), over loopback with keep-alive. PGlite on disk in
 * a temporary folder; also PostgreSQL when DATABASE_URL is set (a temporary database on that server).
 * Usage: npx tsx bench/idempotency/run.ts [rounds, default 150: about a minute for both databases on a busy machine]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { databaseUrlFor, withServer } from '../../test/support/global-setup';
import { call, exited, freePort, startRealServer, type RealServer } from '../../test/support/real-server';

const rounds = Number(process.argv[2] ?? 150);
const WARM_UP = 30;

const post = async (server: RealServer, key: string, idempotencyKey: string | null) => {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/estimates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    body: JSON.stringify({ estimate_name: 'Bench order' }),
  });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 201) throw new Error(`POST /api/estimates answered ${res.status}`);
  return { ms, replayed: res.headers.get('idempotency-replayed') === 'true' };
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (name: string, samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((sum, ms) => sum + ms, 0) / samples.length;
  return { name, mean, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};

const measure = async (label: string, databaseUrl?: string) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spotbook-bench-idempotency-'));
  const server = await startRealServer({ port: await freePort(), dataDir, databaseUrl, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  try {
    const email = `bench-${randomBytes(4).toString('hex')}@bench.test`;
    const password = 'Bench-Passw0rd1';
    const signUp = await call(server, 'POST', '/api/auth/register', {
      body: { firstName: 'Bench', lastName: 'Buyer', email, phone: '1', address: '1 Main St', company: 'Bench', jobTitle: 'Buyer', password },
    });
    if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${JSON.stringify(signUp.body)}`);
    const made = await call(server, 'POST', '/api/api-keys', { token: signUp.body.token as string, body: { name: 'Bench', scopes: ['read', 'orders'] } });
    const key = made.body.secret as string;
    const plain: number[] = [];
    const fresh: number[] = [];
    const replay: number[] = [];
    let replays = 0;
    for (let i = 0; i < WARM_UP + rounds; i += 1) {
      const a = await post(server, key, null);
      const b = await post(server, key, `bench-${i}`);
      // A replay of a key a few rounds old (its answer is stored).
      const c = await post(server, key, `bench-${Math.max(0, i - 5)}`);
      if (c.replayed) replays += 1;
      if (i < WARM_UP) continue;
      plain.push(a.ms);
      fresh.push(b.ms);
      replay.push(c.ms);
    }
    if (replays < rounds) throw new Error(`only ${replays} of the replays were replayed`);
    return {
      label,
      rows: [
        summary('write, no Idempotency-Key', plain),
        summary('write with a new Idempotency-Key', fresh),
        summary('replay of a stored Idempotency-Key', replay),
      ],
    };
  } finally {
    server.child.kill('SIGTERM');
    await exited(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const started = Date.now();
const results = [await measure('PGlite (embedded)')];
const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  const name = `spotbook_bench_idem_${randomBytes(4).toString('hex')}`;
  await withServer(serverUrl, (c) => c.query(`create database ${name}`));
  try {
    results.push(await measure('PostgreSQL', databaseUrlFor(serverUrl, name)));
  } finally {
    await withServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
}
const lines = [
  `\n${rounds} rounds (after ${WARM_UP} warm-up rounds) of POST /api/estimates, one request at a time, ${((Date.now() - started) / 1000).toFixed(0)} s in all; load average at the end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
  '| database | request | mean ms | p50 ms | p95 ms | p99 ms | mean vs no key |',
  '|---|---|---|---|---|---|---|',
];
for (const { label, rows } of results) {
  const base = rows[0]!.mean;
  for (const row of rows)
    lines.push(
      `| ${label} | ${row.name} | ${row.mean.toFixed(2)} | ${row.p50.toFixed(2)} | ${row.p95.toFixed(2)} | ${row.p99.toFixed(2)} | ${row === rows[0] ? '—' : `${row.mean - base >= 0 ? '+' : ''}${(row.mean - base).toFixed(2)} ms`} |`,
    );
}
process.stdout.write(`${lines.join('\n')}\n`);
