/**
 * Keyset paging of Order Management (decision 016): `after` takes the X-Next-Cursor of the
 * previous page and gives the same orders, in the same order, as `offset` does, ties on created_at
 * included; `limit`/`offset` keep working as before. A guard of the cause: a page after a deep
 * cursor reads the orders index from the cursor on, not the rows before it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateListQuery } from '../../src/server/modules/orders/queries';
import { createTestApp, type TestApp } from '../support/app';
import { clientWithBrand } from '../support/ordering-fixtures';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

let t: TestApp;
let admin: string;
let owner: Awaited<ReturnType<typeof clientWithBrand>>;
let other: Awaited<ReturnType<typeof clientWithBrand>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  owner = await clientWithBrand(t);
  other = await clientWithBrand(t);
  // 130 orders for the owner, 40 for another client; three orders share each creation time.
  for (const [client, count] of [
    [owner, 130],
    [other, 40],
  ] as const)
    await t.database.db.execute(sql`insert into estimates (owner_id, brand_id, estimate_name, status, created_at)
      select ${client.id}::uuid, ${client.brand.id}::uuid, 'Keyset order ' || g, case when g % 5 = 0 then 'approved' else 'ordered' end,
        date_trunc('second', now()) - (g / 3) * interval '1 second' + interval '123 microseconds'
      from generate_series(1, ${count}::int) g`);
});
afterAll(() => t.close());

const list = async (query: string, token = admin) => {
  const res = await t.inject({ method: 'GET', url: `/api/estimates?${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return { ids: (res.json() as { id: string }[]).map((o) => o.id), cursor: res.headers['x-next-cursor'] as string | undefined };
};

const walk = async (filter: string, limit: number, token = admin) => {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await list(`${filter}&limit=${limit}${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`, token);
    ids.push(...page.ids);
    cursor = page.cursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { ids, pages };
};

describe('GET /api/estimates with after=<X-Next-Cursor>', () => {
  it('walks every order once, in the order offset paging gives', async () => {
    const all = await list('limit=1000');
    expect(all.ids).toHaveLength(170);
    expect(all.cursor).toBeUndefined();
    const walked = await walk('status=ordered', 25);
    const ordered = (await list('status=ordered&limit=1000')).ids;
    expect(walked.ids).toEqual(ordered);
    expect(new Set(walked.ids).size).toBe(136);
    expect(walked.pages).toBe(6);
  });

  it('counts an offset from the cursor, and the pages match offset paging', async () => {
    const first = await list('exclude_status=approved&limit=50');
    expect(first.cursor).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f-]{36}$/);
    const byCursor = await list(`exclude_status=approved&limit=50&offset=10&after=${encodeURIComponent(first.cursor!)}`);
    const byOffset = await list('exclude_status=approved&limit=50&offset=60');
    expect(byCursor.ids).toEqual(byOffset.ids);
    expect(byCursor.ids).toHaveLength(50);
  });

  it('keeps a client to their own orders', async () => {
    const walked = await walk('exclude_status=approved', 15, other.token);
    expect(walked.ids).toHaveLength(32);
    const mine = (await list('limit=1000', other.token)).ids;
    expect(walked.ids.every((id) => mine.includes(id))).toBe(true);
  });

  it('refuses a cursor it did not give', async () => {
    for (const after of ['yesterday', '2026-01-01T00:00:00Z_x', `2026-01-01T00:00:00.000000Z_${owner.id}'--`]) {
      const res = await t.inject({ method: 'GET', url: `/api/estimates?after=${encodeURIComponent(after)}`, token: admin });
      expect(res.statusCode, after).toBe(400);
      expect(res.json()).toEqual({ error: 'after must be the X-Next-Cursor of a previous page', field: 'after' });
    }
  });

  it('reads the index from the cursor on, not the orders before it', async () => {
    // Enough orders for an index to be worth it on either database.
    await t.database.db.execute(sql`insert into estimates (owner_id, brand_id, estimate_name, status, created_at)
      select ${other.id}::uuid, ${other.brand.id}::uuid, 'Older order ' || g, 'draft', now() - interval '1 day' - g * interval '1 minute' from generate_series(1, 3000) g`);
    const client = (t.database.db as unknown as { $client: { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } }).$client;
    await client.query('analyze estimates');
    const actor = { id: admin, role: 'traffic_admin' } as const;
    const rows = await estimateListQuery({ db: t.database.db, actor, query: { limit: 1000, offset: 0 } as never });
    const last = rows.at(-1)!;
    const query = estimateListQuery({ db: t.database.db, actor, query: { limit: 10, offset: 0, after: `${last.cursorAt}_${last.order.id}` } as never });
    const { sql: text, params } = query.toSQL();
    const [row] = (await client.query(`explain (analyze, format json) ${text}`, params)).rows;
    const nodes: PlanNode[] = [];
    const collect = (node: PlanNode) => {
      nodes.push(node);
      for (const child of node.Plans ?? []) collect(child);
    };
    collect((Object.values(row!)[0] as { Plan: PlanNode }[])[0]!.Plan);
    const overOrders = nodes.filter((n) => n['Relation Name'] === 'estimates');
    expect(overOrders.some((n) => n['Index Name'] === 'estimates_created_idx')).toBe(true);
    // No scan of the orders returns the 1,000 rows before the cursor.
    for (const n of overOrders) expect(n['Actual Rows'], n['Node Type']).toBeLessThanOrEqual(10);
    expect((await query).map((r) => r.order.id)).toEqual(
      (await estimateListQuery({ db: t.database.db, actor, query: { limit: 10, offset: 1000 } as never })).map((r) => r.order.id),
    );
  });
});
