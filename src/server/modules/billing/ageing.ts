/**
 * Receivables ageing (decision 013): the open balance of sent (and overdue) invoices per advertiser,
 * bucketed by days past due on the station's today: current (not yet due), 1–30, 31–60, 61–90, 90+.
 * Read from the rollups receivable_customers and receivable_days (decision 045); sums in cents, replies in dollars.
 */
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { AGEING_BUCKETS, AGEING_LAST_DAYS, type AgeingBucket, type AgeingReply, type AgeingRow } from '../../../domain/billing-corrections';
import { toDollars } from '../../../domain/money';
import { advertiserName } from '../../../domain/users';
import { invoices, NO_ID, receivableCustomers, receivableDays, users } from '../../db/schema';
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

/** The buckets with a last day, summed from the recent due dates; the open-ended last one is the rest of the customer's balance. */
const DATED_BUCKETS = AGEING_BUCKETS.slice(0, AGEING_LAST_DAYS.length);
const OLDEST_BUCKET = AGEING_BUCKETS[AGEING_LAST_DAYS.length]!;

export const receivablesAgeing = async ({ db, today }: { db: Tx; today: string }): Promise<AgeingReply> => {
  // From the rollups kept by the invoices' triggers (decision 045): each customer's open balance, and the
  // balances of the due dates within the dated buckets (the recent ones, from receivable_days_due_idx);
  // older ones are the rest of the customer's balance. Names joined after grouping.
  const days = sql`(${today}::date - ${receivableDays.dueDate})`;
  const sums = DATED_BUCKETS.map(
    (bucket, index) => sql`coalesce(sum(${receivableDays.balanceCents}) filter (where ${inBucket(days, index)}), 0) as ${sql.identifier(bucket)}`,
  );
  const result = (await db.execute(sql`
    select c.customer_id, u.company, u.first_name, u.last_name, u.email, c.balance_cents::text as total, ${sql.join(
      DATED_BUCKETS.map((bucket) => sql`coalesce(r.${sql.identifier(bucket)}, 0)::text as ${sql.identifier(bucket)}`),
      sql`, `,
    )}, c.invoices::int as n
    from ${receivableCustomers} c
    left join (
      select ${receivableDays.customerId} as customer_id, ${sql.join(sums, sql`, `)}
      from ${receivableDays}
      where ${receivableDays.dueDate} >= ${today}::date - ${AGEING_LAST_DAYS.at(-1)!}::int and ${receivableDays.customerId} <> ${NO_ID}::uuid
      group by ${receivableDays.customerId}
    ) r on r.customer_id = c.customer_id
    join ${users} u on u.id = c.customer_id
    where c.invoices > 0`)) as unknown as {
    rows: (Record<AgeingBucket, string> & {
      customer_id: string;
      company: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string;
      total: string;
      n: number;
    })[];
  };
  const totals = empty();
  const list: { id: string; name: string; email: string; cents: Cents }[] = result.rows.map((row) => {
    const cents = empty();
    const dated = DATED_BUCKETS.reduce((sum, bucket) => sum + Number(row[bucket]), 0);
    for (const bucket of AGEING_BUCKETS) {
      const amount = bucket === OLDEST_BUCKET ? Number(row.total) - dated : Number(row[bucket]);
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
