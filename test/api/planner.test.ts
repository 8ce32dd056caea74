/**
 * What keeps lists fast at volume, checked as causes rather than timings: the embedded database has
 * planner statistics after start-up and after a bulk write, and a deep page of orders computes its
 * per-order subqueries for the page's rows only, not for the rows its offset skips.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateListQuery } from '../../src/server/modules/orders/queries';
import { createInProcessJobs } from '../../src/server/platform/jobs';
import { createStatistics } from '../../src/server/platform/statistics';
import { createTestApp, type TestApp } from '../support/app';
import { clientWithBrand } from '../support/ordering-fixtures';

let t: TestApp;
let owner: Awaited<ReturnType<typeof clientWithBrand>>;

beforeAll(async () => {
  t = await createTestApp({ statisticsMinutes: 15 });
  owner = await clientWithBrand(t);
});
afterAll(() => t.close());

const rawQuery = (text: string, params: unknown[] = []) =>
  (t.database.db as unknown as { $client: { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } }).$client.query(
    text,
    params,
  );

const estimatedRows = async (table: string) => Number((await rawQuery(`select reltuples from pg_class where relname = $1`, [table])).rows[0]!.reltuples);
const waitFor = async (check: () => Promise<boolean>) => {
  const deadline = performance.now() + 15_000;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const bulkOrders = (count: number) =>
  t.database.db.execute(sql`insert into estimates (owner_id, brand_id, estimate_name, status, created_at)
    select ${owner.id}::uuid, ${owner.brand.id}::uuid, 'Bulk order ' || g, 'draft', now() - g * interval '1 minute' from generate_series(1, ${count}::int) g`);

describe('planner statistics', () => {
  it.skipIf(process.env.DATABASE_URL)('the embedded database has them after start-up and after a bulk write', async () => {
    // At start no table is left without statistics: the job analyzes a database that has none, and one
    // made from the build's template was analyzed (empty) when the template was built.
    const unanalyzed = async () =>
      Number(
        (
          await rawQuery(`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind = 'r' and c.reltuples < 0`)
        ).rows[0]!.n,
      );
    await waitFor(async () => (await unanalyzed()) === 0);

    await bulkOrders(400);
    t.app.ctx.statistics.nudge();
    await waitFor(async () => (await estimatedRows('estimates')) >= 400);
    expect((await rawQuery(`select count(*)::int as n from pg_stats where tablename = 'estimates'`)).rows[0]!.n).toBeGreaterThan(0);
  });

  it('refreshes on either database when asked', async () => {
    await t.app.ctx.statistics.refresh();
    expect(await estimatedRows('estimates')).toBeGreaterThanOrEqual(0);
  });

  it.skipIf(process.env.DATABASE_URL)('vacuums the rollups staging table on the embedded database, which has no autovacuum', async () => {
    const vacuums = async () => Number((await rawQuery(`select vacuum_count::int as n from pg_stat_user_tables where relname = 'rollup_deltas'`)).rows[0]!.n);
    const before = await vacuums();
    await t.app.ctx.statistics.refresh();
    expect(await vacuums()).toBeGreaterThan(before);
  });

  it.skipIf(process.env.DATABASE_URL)('at a restart, when every table has statistics, runs no ANALYZE at start; a nudge still does (issue 45)', async () => {
    await t.app.ctx.statistics.refresh();
    const analyzed = async () => Number((await rawQuery(`select analyze_count::int as n from pg_stat_user_tables where relname = 'users'`)).rows[0]!.n);
    const before = await analyzed();
    // What a restart of the same data folder makes: a new job queue whose statistics job runs at start.
    const jobs = createInProcessJobs({ log: t.app.log });
    const restarted = createStatistics({ database: t.database, jobs, minutes: 15, log: t.app.log });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await analyzed()).toBe(before);
    restarted.nudge();
    await waitFor(async () => (await analyzed()) > before);
    await jobs.close();
  });
});

interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Subplan Name'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}
const subplanLoops = (node: PlanNode, found: number[] = []): number[] => {
  if (node['Parent Relationship'] === 'SubPlan' || node['Subplan Name']) found.push(node['Actual Loops'] ?? 0);
  for (const child of node.Plans ?? []) subplanLoops(child, found);
  return found;
};

describe('a deep page of orders', () => {
  it('computes the per-order subqueries for the page only', async () => {
    if ((await estimatedRows('estimates')) < 400) await bulkOrders(400);
    const query = estimateListQuery({ db: t.database.db, actor: { id: owner.id, role: 'client' }, query: { limit: 20, offset: 300 } as never });
    const { sql: text, params } = query.toSQL();
    const [row] = (await rawQuery(`explain (analyze, format json) ${text}`, params)).rows;
    const plan = (Object.values(row!)[0] as { Plan: PlanNode }[])[0]!.Plan;
    const loops = subplanLoops(plan);
    expect(loops.length).toBeGreaterThan(0);
    for (const n of loops) expect(n).toBeLessThanOrEqual(20);
    const page = await query;
    expect(page).toHaveLength(20);
    expect(page[0]!.order.estimateName).toBe('Bulk order 301');
  });
});
