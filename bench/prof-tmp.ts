import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/platform/db';
import { receivablesAgeing } from '../src/server/modules/billing/ageing';
const database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:5432/${process.env.BENCH_DB}` });
for (let i = 0; i < 6; i++) {
  let t0 = performance.now();
  const r = await receivablesAgeing({ db: database.db, today: '2026-11-26', page: { offset: 0, limit: 100 } });
  const t1 = performance.now();
  const q = await database.db.execute(sql`select c.customer_id, c.balance_cents::text as total, c.invoices::int as n, u.company, u.first_name, u.last_name, u.email
        from receivable_customers c join users u on u.id = c.customer_id where c.invoices > 0`);
  const t2 = performance.now();
  console.log(`page ${(t1 - t0).toFixed(0)} ms; customers query alone ${(t2 - t1).toFixed(0)} ms, rows ${r.rows.length}/${r.count}`);
}
await database.close();
