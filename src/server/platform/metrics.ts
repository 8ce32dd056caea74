/**
 * Prometheus metrics (prom-client) at GET /metrics: request durations by route and status, job
 * durations and queue depth by kind, connected sockets, database pool use, uploaded bytes, the mail
 * outbox backlog and the process's own metrics. With METRICS_TOKEN set, the call needs
 * `Authorization: Bearer <token>`.
 */
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from './db';
import type { JobQueue } from './jobs';

export interface Metrics {
  registry: Registry;
  uploadBytes: Counter;
}

export interface MetricsSources {
  database: Database;
  sockets: () => number;
}

export const createMetrics = (): Metrics & { http: Histogram; jobs: Histogram; jobDepth: Map<string, () => number> } => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    http: new Histogram({
      name: 'spotbook_http_request_duration_seconds',
      help: 'HTTP request duration by method, route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    jobs: new Histogram({
      name: 'spotbook_job_duration_seconds',
      help: 'Background job duration by kind and outcome',
      labelNames: ['job', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers: [registry],
    }),
    uploadBytes: new Counter({ name: 'spotbook_upload_bytes_total', help: 'Bytes of media uploads stored', registers: [registry] }),
    jobDepth: new Map(),
  };
};

/** Times every job handler registered through the returned queue (the same queue otherwise). */
export const measuredJobs = (jobs: JobQueue, histogram: Histogram): JobQueue => ({
  ...jobs,
  register(name, schema, handler, options) {
    jobs.register(
      name,
      schema,
      async (payload, context) => {
        const end = histogram.startTimer({ job: name });
        try {
          await handler(payload, context);
          end({ outcome: 'done' });
        } catch (error) {
          end({ outcome: 'failed' });
          throw error;
        }
      },
      options,
    );
  },
});

const tokenMatches = (header: string | undefined, token: string) => {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
};

/** Registers the gauges read at scrape time, the request timer and slow-request log, and the route. */
export const registerMetrics = (
  app: FastifyInstance,
  metrics: ReturnType<typeof createMetrics>,
  { database, sockets, jobs, token, slowRequestMs }: MetricsSources & { jobs: JobQueue; token: string | null; slowRequestMs: number },
) => {
  const { registry } = metrics;
  new Gauge({
    name: 'spotbook_sockets_connected',
    help: 'Realtime sockets connected to this instance',
    registers: [registry],
    collect() {
      this.set(sockets());
    },
  });
  new Gauge({
    name: 'spotbook_job_queue_depth',
    help: 'Jobs waiting or running, by kind (this instance in process; the shared queue on pg-boss)',
    labelNames: ['job'],
    registers: [registry],
    async collect() {
      for (const [job, depth] of Object.entries((await jobs.depth?.()) ?? {})) this.set({ job }, depth);
    },
  });
  new Gauge({
    name: 'spotbook_mail_outbox_backlog',
    help: 'E-mails stored or queued and not yet sent',
    registers: [registry],
    async collect() {
      const result = (await database.db.execute(
        sql`select count(*)::int as n from mail_outbox where status in ('stored', 'queued', 'sending')`,
      )) as unknown as { rows: { n: number }[] };
      this.set(Number(result.rows[0]?.n ?? 0));
    },
  });
  new Gauge({
    name: 'spotbook_db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL server; the embedded database has one)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = database.pool?.();
      if (!pool) return this.set({ state: 'total' }, 1);
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    metrics.http.observe({ method: request.method, route, status: String(reply.statusCode) }, seconds);
    if (reply.elapsedTime > slowRequestMs)
      request.log.warn({ route, method: request.method, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'slow request');
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token && !tokenMatches(request.headers.authorization, token)) return reply.code(401).send({ error: 'Authentication required' });
    return reply.type(registry.contentType).send(await registry.metrics());
  });
};
