/**
 * Receivables ageing (decision 013): the open balance of sent (and overdue) invoices per advertiser,
 * bucketed by days past due on the station's today: current (not yet due), 1–30, 31–60, 61–90, 90+.
 * One grouped query; the buckets are summed in cents and leave in dollars.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { AGEING_BUCKETS, ageingBucket, type AgeingBucket, type AgeingReply, type AgeingRow } from '../../../domain/billing-corrections';
import { toDollars } from '../../../domain/money';
import { fullName } from '../../../domain/users';
import { invoices, users } from '../../db/schema';
import type { Tx } from '../../platform/db';

const balanceSql = sql`(${invoices.totalCents} - ${invoices.commissionCents} - ${invoices.creditedCents} - ${invoices.paidCents} + ${invoices.refundedCents})`;

type Cents = Record<AgeingBucket, number> & { total: number; invoices: number };
const empty = (): Cents => ({ current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 0, total: 0, invoices: 0 });
const inDollars = (c: Cents) => ({ ...Object.fromEntries(AGEING_BUCKETS.map((b) => [b, toDollars(c[b])])) as Record<AgeingBucket, number>, total: toDollars(c.total), invoices: c.invoices });

export const receivablesAgeing = async ({ db, today }: { db: Tx; today: string }): Promise<AgeingReply> => {
  // Grouped by customer and by days past due (few distinct values per customer).
  const rows = await db
    .select({
      customerId: invoices.customerId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      daysPastDue: sql<number>`(${today}::date - ${invoices.dueDate})::int`,
      cents: sql<string>`sum(${balanceSql})::text`,
      n: sql<number>`count(*)::int`,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.customerId))
    .where(and(eq(invoices.status, 'sent'), gt(balanceSql, 0)))
    .groupBy(invoices.customerId, users.firstName, users.lastName, users.email, invoices.dueDate);
  const byCustomer = new Map<string, { name: string; email: string; cents: Cents }>();
  const totals = empty();
  for (const row of rows) {
    const entry = byCustomer.get(row.customerId) ?? { name: fullName(row.firstName, row.lastName) ?? row.email, email: row.email, cents: empty() };
    byCustomer.set(row.customerId, entry);
    const cents = Number(row.cents);
    const bucket = ageingBucket(Number(row.daysPastDue));
    for (const c of [entry.cents, totals]) {
      c[bucket] += cents;
      c.total += cents;
      c.invoices += Number(row.n);
    }
  }
  const list: AgeingRow[] = [...byCustomer.entries()]
    .sort(([, a], [, b]) => b.cents.total - a.cents.total || a.name.localeCompare(b.name))
    .map(([id, e]) => ({ customer_id: id, customer_name: e.name, customer_email: e.email, ...inDollars(e.cents) }));
  return { as_of: today, rows: list, totals: inDollars(totals) };
};
