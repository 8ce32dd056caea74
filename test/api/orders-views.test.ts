/**
 * The orders module's read-only views (decision 042): other modules read orders and their lines through
 * `orders` and `order_items`, which show the tables' rows, refuse any write, and are inlined by the
 * planner so that the tables' indexes still serve a query through them. On PGlite and on PostgreSQL.
 */
import { count, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateItems, estimates, users } from '../../src/server/db/schema';
import { orderItemsView, ordersView } from '../../src/server/modules/orders/views';
import type { Database } from '../../src/server/platform/db';
import { insertBrand, insertDaypart, insertEstimate } from '../support/coupon-fixtures';
import { openTestDatabase } from '../support/database';
import { ensureFirstAdmin } from '../../src/server/modules/users/first-admin';
import { ADMIN } from '../support/app';

let database: Database;
let orderId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  await ensureFirstAdmin({ db: database.db, email: ADMIN.email, password: ADMIN.password });
  const [owner] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
  const brand = await insertBrand(database.db, owner!.id);
  const daypart = await insertDaypart(database.db);
  orderId = (await insertEstimate(database.db, owner!.id, { brandId: brand.id, daypartIds: [daypart.id], status: 'approved' })).id;
});
afterAll(() => database?.close());

/** Every message along an error's causes (Drizzle wraps the driver's error). */
const messagesOf = async (work: Promise<unknown>): Promise<string> => {
  try {
    await work;
  } catch (error) {
    const messages: string[] = [];
    for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) messages.push(String((e as Error).message));
    return messages.join(' | ');
  }
  return 'no error';
};

describe('the orders views', () => {
  it('show the tables’ rows, column for column', async () => {
    const [fromTable] = await database.db.select().from(estimates).where(eq(estimates.id, orderId));
    const [fromView] = await database.db.select().from(ordersView).where(eq(ordersView.id, orderId));
    expect(fromView).toEqual(fromTable);
    const lines = await database.db.select().from(estimateItems).where(eq(estimateItems.estimateId, orderId));
    expect(await database.db.select().from(orderItemsView).where(eq(orderItemsView.estimateId, orderId))).toEqual(lines);
    expect(lines).toHaveLength(1);
  });

  it('refuse inserts, updates and deletes, naming the view', async () => {
    expect(await messagesOf(database.db.execute(sql`update orders set estimate_name = 'x' where id = ${orderId}`))).toContain(
      'orders is read-only: orders are written by the orders module',
    );
    expect(await messagesOf(database.db.execute(sql`delete from order_items where estimate_id = ${orderId}`))).toContain('order_items is read-only');
    expect(await messagesOf(database.db.execute(sql`insert into orders (id, owner_id) select gen_random_uuid(), owner_id from estimates limit 1`))).toContain(
      'orders is read-only',
    );
    const [order] = await database.db.select({ name: estimates.estimateName }).from(estimates).where(eq(estimates.id, orderId));
    expect(order!.name).not.toBe('x');
    expect((await database.db.select({ n: count() }).from(estimateItems).where(eq(estimateItems.estimateId, orderId)))[0]!.n).toBe(1);
  });

  it('are inlined: a query through them uses the tables’ indexes', async () => {
    const plan = await database.db.transaction(async (tx) => {
      // Without sequential scans, only an inlined view can reach the index; a view the planner kept whole could not.
      await tx.execute(sql`set local enable_seqscan = off`);
      const explain = (query: SQL) => tx.execute(sql`explain ${query}`) as unknown as Promise<{ rows: { 'QUERY PLAN': string }[] }>;
      const byBrand = await explain(
        sql`select o.status, count(*) from orders o join order_items i on i.estimate_id = o.id where o.brand_id = ${orderId} and o.status in ('approved', 'scheduled') group by o.status`,
      );
      return byBrand.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Scan using estimates_\w+ on estimates /);
    expect(plan).toMatch(/Index (Only )?Scan (using|on) estimate_items_estimate_daypart_key/);
    expect(plan).not.toMatch(/Subquery Scan|on orders|on order_items/);
  });
  // The plan names the table under the view's own alias (e), so the table is read as e too.
  it('plan an analytics query as the table would (top brands since a day, one owner)', async () => {
    const explain = async (from: SQL) =>
      (
        (await database.db.execute(sql`explain select coalesce(e.brand_id, '00000000-0000-0000-0000-000000000000'::uuid) as brand_id, e.status,
        1 as orders, e.total_amount_cents::float8 as amount from ${from} e where e.status <> 'draft' and e.owner_id = ${orderId}
        and coalesce(e.submitted_at, e.created_at) >= '2026-01-01'`)) as unknown as { rows: { 'QUERY PLAN': string }[] }
      ).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    expect(await explain(sql`orders`)).toBe(await explain(sql`estimates`));
  });
});
