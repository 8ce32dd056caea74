/**
 * Planner statistics. A PostgreSQL server keeps them fresh itself (autovacuum); embedded PGlite
 * has no such daemon, so without this its tables never get any (`reltuples = -1`, no `pg_stats`) and
 * plans guess badly at volume. On PGlite a job runs ANALYZE at start, every `minutes`, and soon after
 * heavy writes (`nudge`). See docs/decisions/011-planner-statistics-and-list-pages.md.
 *
 * At start, only when a table has none (a new data folder): on a restart every table already has the
 * statistics its data folder keeps, and an ANALYZE of every table then held PGlite's one thread for 1.2–1.7 s
 * before /api/health could answer (issue 45, bench/README.md start-up). The data cannot have changed since
 * the last ANALYZE unless the previous run stopped between a write and its nudged refresh; the run every
 * `minutes` refreshes them then.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './db';
import type { JobQueue } from './jobs';

const JOB = 'db.analyze';

export interface Statistics {
  /** ANALYZE now (every table), and on PGlite vacuum the rollups' staging table; resolves when done. */
  refresh(): Promise<void>;
  /** Asks for a refresh soon (after a bulk write); a no-op where the server keeps statistics itself. */
  nudge(): void;
}

export const createStatistics = ({
  database,
  jobs,
  minutes,
  log,
}: {
  database: Database;
  jobs: JobQueue;
  minutes: number;
  log: { error: (obj: object, msg: string) => void };
}): Statistics => {
  const embedded = database.kind === 'pglite';
  const refresh = async () => {
    await database.db.execute(sql`analyze`);
    // The rollups' staging table (migration 0019) gets and loses rows in every order write; with no
    // autovacuum its index would only grow.
    if (embedded) await database.db.execute(sql`vacuum rollup_deltas`);
  };
  let atStart = true;
  /** A table that was never analyzed (reltuples -1): statistics are missing. */
  const missing = async () =>
    (
      (await database.db.execute(sql`
      select exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.reltuples < 0) as missing`)) as unknown as { rows: { missing: boolean }[] }
    ).rows[0]?.missing ?? true;
  if (embedded) {
    jobs.register(JOB, z.object({ nudged: z.boolean().optional() }), async ({ nudged }) => {
      const first = atStart;
      atStart = false;
      if (first && !nudged && !(await missing())) return;
      await refresh();
    });
    if (minutes > 0) jobs.every(JOB, minutes * 60);
  }
  return {
    refresh,
    nudge: () => {
      if (embedded) void jobs.enqueue(JOB, { nudged: true }).catch((error: unknown) => log.error({ err: error }, 'could not queue a statistics refresh'));
    },
  };
};
