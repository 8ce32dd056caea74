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

/** A small file can be written and removed where media is stored. */
const storageWritable = async (ctx: AppContext) => {
  await ctx.storage.checkWritable();
  return true;
};

export const healthRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/health', { schema: { tags: ['health'], description: 'Liveness: the process answers and its database responds.', response: { 200: healthSchema, 503: healthSchema } } }, async (_request, reply) => {
    const up = await ctx.database.ping();
    return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: ctx.database.kind });
  });

  r.get(
    '/ready',
    { schema: { tags: ['health'], description: 'Readiness: database reachable, migrations applied, jobs running, storage writable (503 with the failing checks otherwise).', response: { 200: readySchema, 503: readySchema } } },
    async (_request, reply) => {
      const database = await ctx.database.ping();
      const [migrations, jobs, storage] = await Promise.all([database ? settle(migrationsApplied(ctx)) : false, settle(ctx.jobs.ready()), settle(storageWritable(ctx))]);
      const checks = { database, migrations, jobs, storage };
      const ready = Object.values(checks).every(Boolean);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
    },
  );
};
