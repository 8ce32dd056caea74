/**
 * Liveness (`/health`: the process answers and its database responds) and readiness (`/ready`: the
 * database answers, every migration is applied, the job queue takes work, media storage is
 * writable), for load balancers and orchestrators.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { migrationsFolder } from '../../platform/db';
import { withDeadline } from '../../platform/storage-open';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['pglite', 'postgres']) });
const readySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: z.boolean(), migrations: z.boolean(), jobs: z.boolean(), storage: z.boolean() }),
});

const settle = (check: Promise<boolean>) => check.catch(() => false);

/** Every migration of the journal is recorded as applied. */
const migrationsApplied = async (ctx: AppContext) => {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  const result = (await ctx.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0) >= journal.entries.length;
};

/** How long one storage check's answer is reused, and how long a check may take (issue 30, finding 13). */
export const STORAGE_CHECK_CACHE_MS = 10_000;
export const STORAGE_CHECK_TIMEOUT_MS = 5_000;

/**
 * A small file can be written and removed where media is stored: checked at most once per 10 s (calls
 * meanwhile, and concurrent ones, share the answer: a public route does not write on every call), and
 * false when the check takes over 5 s (readiness always answers).
 */
const storageCheck = (ctx: AppContext) => {
  let last: { at: number; result: Promise<boolean> } | undefined;
  return () => {
    if (!last || Date.now() - last.at >= STORAGE_CHECK_CACHE_MS) {
      last = {
        at: Date.now(),
        result: withDeadline(ctx.storage.checkWritable(), STORAGE_CHECK_TIMEOUT_MS, 'storage did not answer').then(
          () => true,
          () => false,
        ),
      };
    }
    return last.result;
  };
};

export const healthRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storageWritable = storageCheck(ctx);
  r.get(
    '/health',
    {
      schema: { tags: ['health'], description: 'Liveness: the process answers and its database responds.', response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      const up = await ctx.database.ping();
      return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: ctx.database.kind });
    },
  );

  r.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        description: 'Readiness: database reachable, migrations applied, jobs running, storage writable (503 with the failing checks otherwise).',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const database = await ctx.database.ping();
      const [migrations, jobs, storage] = await Promise.all([database ? settle(migrationsApplied(ctx)) : false, settle(ctx.jobs.ready()), storageWritable()]);
      const checks = { database, migrations, jobs, storage };
      const ready = Object.values(checks).every(Boolean);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
    },
  );
};
