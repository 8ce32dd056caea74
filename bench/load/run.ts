/**
 * Mixed load: USERS people (one in ten an administrator) using the real server (dist) at once for
 * SECONDS, each a loop of the screens' calls with a think time between them (uniform, 0.5–1.5 ×
 * THINK ms). Clients sign in, list their orders, open one, look at their dashboard and bell, and
 * every fourth round create a draft and submit it; admins sign in, page Order Management, open an
 * order, look at the order stats and the analytics overview. Every user signs in again every 15
 * rounds. The client is Node's own fetch (undici), one keep-alive connection per user.
 *
 * At the end no new call starts; calls still waiting get GRACE seconds, then are aborted and counted
 * unanswered. A 503 (the sign-in queue is full) is retried after its Retry-After, as a person would,
 * and counted apart. Prints p50/p99 per kind of call, errors (other non-2xx or failed), unanswered,
 * load average.
 * Usage: npm run build && npx tsx bench/load/run.ts [embedded|postgres] [users=200] [seconds=60] [think ms=1000]
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { addDays, todayIso } from '../../src/domain/dates';
import { ORDER_STATUSES } from '../../src/domain/orders';
import { estimates } from '../../src/server/db/schema';
import type { Db } from '../../src/server/platform/db';
import { BENCH_PASSWORD, equipClients, firstDaypartId, seedUsers, type BenchUser } from '../support/accounts';
import { percentile } from '../support/orders';
import { startTarget, type TargetKind } from '../support/target';

const kind = (process.argv[2] ?? 'embedded') as TargetKind;
const USERS = Number(process.argv[3] ?? 200);
const SECONDS = Number(process.argv[4] ?? 60);
const THINK = Number(process.argv[5] ?? 1000);
const GRACE_MS = 15_000;
const ORDERS_PER_CLIENT = 10;

const seed = async (db: Db) => {
  const admins = await seedUsers(db, 'traffic_admin', Math.max(1, Math.round(USERS / 10)), 'admin');
  const clients = await equipClients(db, await seedUsers(db, 'client', USERS - admins.length, 'client'));
  const start = addDays(todayIso(new Date(), 'UTC'), 8);
  const orders = clients.flatMap((c) =>
    Array.from({ length: ORDERS_PER_CLIENT }, (_, i) => ({
      ownerId: c.id,
      brandId: c.brandId!,
      estimateName: `Seeded ${i}`,
      status: ORDER_STATUSES[i % ORDER_STATUSES.length]!,
      startDate: start,
      endDate: addDays(start, 28),
      totalSpendCents: 500_000,
      totalEstimatedCostCents: 60_000,
      totalAmountCents: 500_000,
    })),
  );
  const ids: { id: string; ownerId: string }[] = [];
  for (let i = 0; i < orders.length; i += 500)
    ids.push(
      ...(await db
        .insert(estimates)
        .values(orders.slice(i, i + 500))
        .returning({ id: estimates.id, ownerId: estimates.ownerId })),
    );
  return { admins, clients, orders: ids, daypartId: await firstDaypartId(db) };
};

const target = await startTarget(kind, seed);
const { server, seeded } = target;

/**
 * BENCH_SAMPLE=1: where the server's time goes, per second of the run: the pool's waiting callers,
 * the event loop's longest delay and the server's CPU (its /metrics), and on PostgreSQL the
 * database's connections running a statement, idle inside a transaction, or waiting for a lock.
 */
interface Probe {
  at: number;
  poolWaiting: number;
  loopMaxMs: number;
  cpuSeconds: number;
  active: number;
  idleInTransaction: number;
  lockWaits: number;
}
const probes: Probe[] = [];
const startSampling = () => {
  if (!process.env.BENCH_SAMPLE) return async () => undefined;
  const database = target.databaseUrl ? new pg.Client({ connectionString: target.databaseUrl }) : undefined;
  const connected = database?.connect();
  const metric = (text: string, name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN);
  let stop = false;
  const loop = (async () => {
    await connected;
    while (!stop) {
      const at = performance.now() - startedAt;
      const [text, activity] = await Promise.all([
        fetch(`${server.url}/metrics`).then((r) => r.text()),
        database?.query<{ active: number; idle_in_transaction: number; lock_waits: number }>(
          `select count(*) filter (where state = 'active')::int as active,
                  count(*) filter (where state = 'idle in transaction')::int as idle_in_transaction,
                  count(*) filter (where wait_event_type = 'Lock')::int as lock_waits
             from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        ),
      ]);
      const row = activity?.rows[0];
      probes.push({
        at,
        poolWaiting: metric(text, 'spotbook_db_pool_connections\\{state="waiting"\\}'),
        loopMaxMs: metric(text, 'nodejs_eventloop_lag_max_seconds') * 1000,
        cpuSeconds: metric(text, 'process_cpu_seconds_total'),
        active: row?.active ?? 0,
        idleInTransaction: row?.idle_in_transaction ?? 0,
        lockWaits: row?.lock_waits ?? 0,
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  return async () => {
    stop = true;
    await loop;
    await database?.end();
  };
};
const probeReport = () => {
  if (probes.length === 0) return [];
  const windows = Array.from({ length: Math.ceil(SECONDS / 5) }, (_, i) => probes.filter((p) => p.at >= i * 5000 && p.at < (i + 1) * 5000));
  const max = (of: Probe[], pick: (p: Probe) => number) => Math.max(0, ...of.map(pick)).toFixed(0);
  const cpu = windows.map((w, i) => {
    const before = i === 0 ? undefined : windows[i - 1]!.at(-1);
    const last = w.at(-1);
    return before && last ? (((last.cpuSeconds - before.cpuSeconds) * 1000) / (last.at - before.at)) * 100 : NaN;
  });
  return [
    `per 5 s, sampled each second (BENCH_SAMPLE): pool waiting max | event loop delay max ms | server CPU % | statements running max | idle in transaction max | waiting for a lock max`,
    windows
      .map(
        (w, i) =>
          `${max(w, (p) => p.poolWaiting)}|${max(w, (p) => p.loopMaxMs)}|${cpu[i]!.toFixed(0)}|${max(w, (p) => p.active)}|${max(w, (p) => p.idleInTransaction)}|${max(w, (p) => p.lockWaits)}`,
      )
      .join(' '),
    '',
  ];
};

interface Sample {
  kind: string;
  ms: number;
  ok: boolean;
  /** When the call started, ms after the run's start. */
  at: number;
  /** 503 with Retry-After: the sign-in queue was full (src/server/platform/work-gate.ts). */
  busy?: boolean;
}
const samples: Sample[] = [];
/** What each error (non-2xx other than 503, or a failed fetch) was: status and body, counted by kind in the report. */
const failures: string[] = [];
const inFlight = new Set<AbortController>();
let unanswered = 0;
let stopping = false;
const startedAt = performance.now();
const endAt = startedAt + SECONDS * 1000;
/** After the opening burst of 200 sign-ins (argon2 on every core), the steady state. */
const STEADY_AFTER_MS = 15_000;

/** One timed call; answers the JSON body when 2xx, undefined otherwise (counted as an error or unanswered). */
const timed = async (name: string, method: string, path: string, token: string | undefined, body?: unknown): Promise<Record<string, unknown> | undefined> => {
  const abort = new AbortController();
  inFlight.add(abort);
  const start = performance.now();
  try {
    const res = await fetch(`${server.url}${path}`, {
      method,
      signal: abort.signal,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    samples.push({ kind: name, ms: performance.now() - start, at: start - startedAt, ok: res.ok, busy: res.status === 503 });
    if (!res.ok && res.status !== 503) failures.push(`${name}: ${res.status} ${text.slice(0, 200)}`);
    if (res.status === 503 && running()) {
      // As a person would: try again after the time the server asked for.
      await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 2) * 1000));
      return timed(name, method, path, token, body);
    }
    return res.ok && text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  } catch (error) {
    if (abort.signal.aborted) unanswered += 1;
    else {
      samples.push({ kind: name, ms: performance.now() - start, at: start - startedAt, ok: false });
      failures.push(`${name}: failed (${String(error)})`);
    }
    return undefined;
  } finally {
    inFlight.delete(abort);
  }
};

const think = () => new Promise((resolve) => setTimeout(resolve, THINK * (0.5 + Math.random())));
const running = () => !stopping && performance.now() < endAt;

const signIn = async (user: BenchUser) => {
  const reply = await timed('POST /api/auth/login (sign in)', 'POST', '/api/auth/login', undefined, { email: user.email, password: BENCH_PASSWORD });
  return typeof reply?.token === 'string' ? reply.token : user.token;
};

const clientLoop = async (client: BenchUser) => {
  const own = seeded.orders.filter((o) => o.ownerId === client.id).map((o) => o.id);
  let token = '';
  for (let round = 0; running(); round += 1) {
    if (round % 15 === 0) token = await signIn(client);
    const steps: (() => Promise<unknown>)[] = [
      () => timed('GET /api/estimates (client list)', 'GET', '/api/estimates', token),
      () => timed('GET /api/estimates/:id (open order)', 'GET', `/api/estimates/${own[round % own.length]!}`, token),
      () => timed('GET /api/estimates/stats/dashboard', 'GET', '/api/estimates/stats/dashboard', token),
      () => timed('GET /api/notifications', 'GET', '/api/notifications', token),
    ];
    if (round % 4 === 3) steps.push(() => draftAndSubmit(client, token));
    for (const step of steps) {
      if (!running()) return;
      await think();
      if (!running()) return;
      await step();
    }
  }
};

const draftAndSubmit = async (client: BenchUser, token: string) => {
  const draft = await timed('POST /api/estimates (create draft)', 'POST', '/api/estimates', token, {
    estimate_name: 'Load draft',
    brand_id: client.brandId,
    start_date: addDays(todayIso(new Date(), 'UTC'), 8),
    total_spend: 5000,
  });
  if (typeof draft?.id !== 'string') return;
  await think();
  await timed('POST /api/estimate-items/:id (add item)', 'POST', `/api/estimate-items/${draft.id}`, token, {
    daypart_id: seeded.daypartId,
    spots_per_occurrence: 1,
  });
  await timed('PUT /api/estimates/:id (media and card)', 'PUT', `/api/estimates/${draft.id}`, token, {
    media_asset_id: client.mediaId,
    payment_method_id: client.cardId,
  });
  await think();
  await timed('PUT /api/estimates/:id (submit)', 'PUT', `/api/estimates/${draft.id}`, token, { status: 'ordered' });
};

const adminLoop = async (admin: BenchUser) => {
  let token = '';
  for (let round = 0; running(); round += 1) {
    if (round % 15 === 0) token = await signIn(admin);
    const order = seeded.orders[Math.floor(Math.random() * seeded.orders.length)]!;
    const steps = [
      () => timed('GET /api/estimates?…&limit=50 (Order Management)', 'GET', '/api/estimates?exclude_status=approved&exclude_status=rejected&limit=50', token),
      () => timed('GET /api/estimates/:id (open order)', 'GET', `/api/estimates/${order.id}`, token),
      () => timed('GET /api/estimates/stats/dashboard', 'GET', '/api/estimates/stats/dashboard', token),
      () => timed('GET /api/analytics/dashboard/overview', 'GET', '/api/analytics/dashboard/overview', token),
      () => timed('GET /api/notifications', 'GET', '/api/notifications', token),
    ];
    for (const step of steps) {
      if (!running()) return;
      await think();
      if (!running()) return;
      await step();
    }
  }
};

const loadBefore = loadavg()[0]!;
const stopSampling = startSampling();
try {
  const loops = Promise.all([...seeded.admins.map(adminLoop), ...seeded.clients.map(clientLoop)]);
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const loadAtEnd = loadavg()[0]!;
  stopping = true;
  // Calls already sent get a grace period; those still waiting then are aborted and counted unanswered.
  await Promise.race([loops, new Promise((resolve) => setTimeout(resolve, GRACE_MS))]);
  for (const abort of inFlight) abort.abort();
  await loops;
  await stopSampling();

  const kinds = [...new Set(samples.map((s) => s.kind))].sort();
  const row = (name: string, of: Sample[]) => {
    const ms = of.filter((s) => s.ok).map((s) => s.ms);
    const busy = of.filter((s) => s.busy).length;
    return `| ${name} | ${of.length} | ${percentile(ms, 50).toFixed(0)} | ${percentile(ms, 99).toFixed(0)} | ${of.filter((s) => !s.ok).length - busy} | ${busy} |`;
  };
  const reads = samples.filter((s) => s.kind.startsWith('GET'));
  process.stdout.write(
    [
      '',
      `${kind}, ${USERS} users (${seeded.admins.length} admins), ${SECONDS} s, think ${THINK * 0.5}–${THINK * 1.5} ms; ${samples.length} answered (${(samples.length / SECONDS).toFixed(0)}/s), ${unanswered} unanswered; load average ${loadBefore.toFixed(1)} before, ${loadAtEnd.toFixed(1)} at the end`,
      '| call | answered | p50 ms (2xx) | p99 ms (2xx) | errors | 503 busy (retried) |',
      '|---|---|---|---|---|---|',
      ...kinds.map((k) =>
        row(
          k,
          samples.filter((s) => s.kind === k),
        ),
      ),
      row('**all reads (GET)**', reads),
      row(
        `**reads started after ${STEADY_AFTER_MS / 1000} s**`,
        reads.filter((s) => s.at >= STEADY_AFTER_MS),
      ),
      '',
      // Where the tail is: reads' p99 and the sign-ins started, per 5 s of the run.
      `reads p99 ms / sign-ins started, per 5 s: ${Array.from({ length: Math.ceil(SECONDS / 5) }, (_, i) => {
        const within = (s: Sample) => s.at >= i * 5000 && s.at < (i + 1) * 5000;
        const p99 = percentile(
          reads.filter((s) => s.ok && within(s)).map((s) => s.ms),
          99,
        );
        return `${p99.toFixed(0)}/${samples.filter((s) => s.kind.startsWith('POST /api/auth/login') && within(s)).length}`;
      }).join(' ')}`,
      '',
      ...probeReport(),
      // Each kind of error once, with its count (status and the reply's start, or why the call failed).
      ...[...new Set(failures)].map((what) => `error × ${failures.filter((f) => f === what).length}: ${what}`),
      '',
    ].join('\n'),
  );
} finally {
  // BENCH_SERVER_OUTPUT=file keeps what the server printed (with BENCH_NODE_FLAGS=--trace-gc, say).
  if (process.env.BENCH_SERVER_OUTPUT) writeFileSync(process.env.BENCH_SERVER_OUTPUT, server.output());
  await target.stop();
}
