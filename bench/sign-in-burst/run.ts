/**
 * A burst of sign-ins (issue 40): `BURST` POST /api/auth/login (3,000) within `SPREAD_S` seconds (5) at a
 * real `npm start` server (dist/server/main.js) on 127.0.0.1 on a fresh embedded database (or `postgres`),
 * each on its own connection, each with the right password of one of 100 people. A request not answered
 * 30 s after it was sent is aborted and counted unanswered. Prints the answers by status, whether every
 * refusal (429, 503) carried Retry-After, the latencies, and the load average before and after.
 *
 *   npx tsx bench/sign-in-burst/run.ts [embedded|postgres] [burst] [spread seconds]
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import { BENCH_PASSWORD, seedUsers } from '../support/accounts';
import { startTarget, type TargetKind } from '../support/target';

const kind = (process.argv[2] ?? 'embedded') as TargetKind;
const BURST = Number(process.argv[3] ?? 3000);
const SPREAD_S = Number(process.argv[4] ?? 5);
const DEADLINE_MS = 30_000;
const PEOPLE = 100;

interface Outcome {
  /** The HTTP status, `unanswered` after 30 s, or the connection's error code. */
  status: number | string;
  ms: number;
  retryAfter?: string;
}

const login = (url: URL, email: string): Promise<Outcome> =>
  new Promise((resolve) => {
    const started = performance.now();
    const body = JSON.stringify({ email, password: BENCH_PASSWORD });
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/auth/login',
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          clearTimeout(timer);
          const retryAfter = response.headers['retry-after'];
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter });
        });
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      resolve({ status: 'unanswered', ms: DEADLINE_MS });
    }, DEADLINE_MS);
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ status: `error ${error.code ?? error.message}`, ms: performance.now() - started });
    });
    request.end(body);
  });

const out = (line: string) => process.stdout.write(`${line}\n`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const fmtLoad = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const target = await startTarget(kind, (db) => seedUsers(db, 'client', PEOPLE, 'burst'));
try {
  const url = new URL(target.server.url);
  const emails = target.seeded.map((u) => u.email);
  const loadBefore = fmtLoad();
  const started = performance.now();
  const pending: Promise<Outcome>[] = [];
  const TICK_MS = 10;
  const ticks = Math.round((SPREAD_S * 1000) / TICK_MS);
  for (let tick = 0; tick < ticks; tick += 1) {
    const upTo = Math.round(((tick + 1) * BURST) / ticks);
    while (pending.length < upTo) pending.push(login(url, emails[pending.length % emails.length]!));
    const due = started + (tick + 1) * TICK_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  }
  const sentInS = (performance.now() - started) / 1000;
  const outcomes = await Promise.all(pending);
  const allDoneS = (performance.now() - started) / 1000;
  const loadAfter = fmtLoad();

  const byStatus = new Map<string, number>();
  for (const o of outcomes) byStatus.set(String(o.status), (byStatus.get(String(o.status)) ?? 0) + 1);
  const answered = outcomes.filter((o) => typeof o.status === 'number');
  const refusals = answered.filter((o) => o.status === 429 || o.status === 503);
  const refusalsWithout = refusals.filter((o) => !o.retryAfter).length;
  const retryAfters = [...new Set(refusals.map((o) => `${o.status}:${o.retryAfter}`))].sort();
  const ms = answered.map((o) => o.ms).sort((a, b) => a - b);
  const signedIn = outcomes
    .filter((o) => o.status === 200)
    .map((o) => o.ms)
    .sort((a, b) => a - b);
  const other = answered.filter((o) => ![200, 429, 503].includes(o.status as number)).length;

  out(`sign-in burst, ${kind}: ${BURST} requests sent in ${sentInS.toFixed(1)} s, all settled at ${allDoneS.toFixed(1)} s`);
  out(`statuses: ${[...byStatus].map(([s, n]) => `${s} ${n}`).join(', ')}`);
  out(`answered ${answered.length}, not answered (30 s or a connection error) ${outcomes.length - answered.length}, other statuses ${other}`);
  out(`refusals without Retry-After: ${refusalsWithout} of ${refusals.length}; Retry-After seen: ${retryAfters.slice(0, 12).join(' ')}`);
  out(
    `latency ms (answered): p50 ${percentile(ms, 50).toFixed(0)}, p99 ${percentile(ms, 99).toFixed(0)}, max ${(ms.at(-1) ?? 0).toFixed(0)}; signed in p50 ${percentile(signedIn, 50).toFixed(0)}, max ${(signedIn.at(-1) ?? 0).toFixed(0)}`,
  );
  out(`load average (1/5/15 min): before ${loadBefore}, after ${loadAfter}`);
} finally {
  await target.stop();
}
