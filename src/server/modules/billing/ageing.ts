/**
 * Receivables ageing (decision 013): the open balance of sent (and overdue) invoices per advertiser,
 * bucketed by days past due on the station's today: current (not yet due), 1–30, 31–60, 61–90, 90+.
 * One query grouped per customer with a filtered sum per bucket; sums in cents, replies in dollars.
 */
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { AGEING_BUCKETS, AGEING_LAST_DAYS, type AgeingBucket, type AgeingReply, type AgeingRow } from '../../../domain/billing-corrections';
import { toDollars } from '../../../domain/money';
import { advertiserName } from '../../../domain/users';
import { invoices, users } from '../../db/schema';
import type { Tx } from '../../platform/db';

/** An invoice's balance in SQL (invoiceBalanceCents): net less credits and payments, plus refunds. */
export const balanceSql = sql`(${invoices.totalCents} - ${invoices.commissionCents} - ${invoices.creditedCents} - ${invoices.paidCents} + ${invoices.refundedCents})`;

type Cents = Record<AgeingBucket, number> & { total: number; invoices: number };
const empty = (): Cents => ({ current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 0, total: 0, invoices: 0 });
const inDollars = (c: Cents) => ({
  ...(Object.fromEntries(AGEING_BUCKETS.map((b) => [b, toDollars(c[b])])) as Record<AgeingBucket, number>),
  total: toDollars(c.total),
  invoices: c.invoices,
});

/** `days` within bucket `index`: after the previous bucket's last day, up to its own (the last bucket has no end). */
const inBucket = (days: SQL, index: number) => {
  const after = index > 0 ? sql`${days} > ${AGEING_LAST_DAYS[index - 1]!}` : sql`true`;
  const upTo = index < AGEING_LAST_DAYS.length ? sql`${days} <= ${AGEING_LAST_DAYS[index]!}` : sql`true`;
  return sql`${after} and ${upTo}`;
};

/** What counts as receivable: a sent (or overdue) invoice with a balance. Ageing and the Overview's Outstanding both use it. */
export const receivableSql = () => and(eq(invoices.status, 'sent'), gt(balanceSql, 0));

export const receivablesAgeing = async ({ db, today }: { db: Tx; today: string }): Promise<AgeingReply> => {
  // Bucketed per customer in the database (a station's years of invoices stay there); names joined after grouping.
  const days = sql`(${today}::date - ${invoices.dueDate})`;
  const sums = AGEING_BUCKETS.map(
    (bucket, index) => sql`coalesce(sum(${balanceSql}) filter (where ${inBucket(days, index)}), 0)::text as ${sql.identifier(bucket)}`,
  );
  const result = (await db.execute(sql`
    select o.customer_id, u.company, u.first_name, u.last_name, u.email, ${sql.join(
      AGEING_BUCKETS.map((bucket) => sql`o.${sql.identifier(bucket)}`),
      sql`, `,
    )}, o.n
    from (
      select ${invoices.customerId} as customer_id, ${sql.join(sums, sql`, `)}, count(*)::int as n
      from ${invoices}
      where ${receivableSql()}
      group by ${invoices.customerId}
    ) o
    join ${users} u on u.id = o.customer_id`)) as unknown as {
    rows: (Record<AgeingBucket, string> & {
      customer_id: string;
      company: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string;
      n: number;
    })[];
  };
  const totals = empty();
  const list: { id: string; name: string; email: string; cents: Cents }[] = result.rows.map((row) => {
    const cents = empty();
    for (const bucket of AGEING_BUCKETS) {
      const amount = Number(row[bucket]);
      cents[bucket] = amount;
      cents.total += amount;
      totals[bucket] += amount;
      totals.total += amount;
    }
    cents.invoices = Number(row.n);
    totals.invoices += cents.invoices;
    return { id: row.customer_id, name: advertiserName(row.company, row.first_name, row.last_name, row.email), email: row.email, cents };
  });
  const rows: AgeingRow[] = list
    .sort((a, b) => b.cents.total - a.cents.total || a.name.localeCompare(b.name))
    .map((e) => ({ customer_id: e.id, customer_name: e.name, customer_email: e.email, ...inDollars(e.cents) }));
  return { as_of: today, rows, totals: inDollars(totals) };
};
