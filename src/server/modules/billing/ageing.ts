/**
 * Receivables ageing (decision 013): the open balance of sent (and overdue) invoices per advertiser,
 * bucketed by days past due on the station's today: current (not yet due), 1–30, 31–60, 61–90, 90+.
 * Read from the rollups receivable_customers and receivable_days (decision 045); sums in cents, replies in dollars.
 */
import { sql, type SQL } from 'drizzle-orm';
import { AGEING_BUCKETS, AGEING_LAST_DAYS, type AgeingBucket, type AgeingReply, type AgeingRow } from '../../../domain/billing-corrections';
import { toDollars } from '../../../domain/money';
import { advertiserName } from '../../../domain/users';
import { NO_ID, invoices, receivableCustomers, receivableDays } from '../../db/schema';
import { userSummaries } from '../users/public';
import type { Tx } from '../../platform/db';

/**
 * Where the receivables are read (decision 053): the station's rollups, or the same relations computed from
 * the open invoices of some channels (a channel's receivables are a few thousand invoices at most), by the
 * index invoices_channel_receivable_idx (migration 0064): only a sent invoice is receivable
 * (invoice_receivable_cents), and saying so lets that partial index serve.
 * Each is used as `<relation> as receivable_days` / `receivable_customers`, so the columns read the same.
 */
interface Receivables {
  days: SQL;
  customers: SQL;
}
const STATION: Receivables = { days: sql`${receivableDays}`, customers: sql`${receivableCustomers}` };
const receivablesOf = (channels: readonly string[] | null): Receivables => {
  if (!channels) return STATION;
  const open = sql`(select i.customer_id, i.due_date, b.cents from ${invoices} i
    cross join lateral (select invoice_receivable_cents(i.status, i.total_cents, i.commission_cents, i.credited_cents, i.paid_cents, i.refunded_cents) as cents) b
    where b.cents is not null and i.status = 'sent' and i.channel_id in ${[...channels]})`;
  return {
    days: sql`(select s.customer_id, o.due_date, count(*)::bigint as invoices, sum(o.cents)::bigint as balance_cents from ${open} o
      cross join lateral (values (${NO_ID}::uuid), (o.customer_id)) s(customer_id) group by 1, 2)`,
    customers: sql`(select o.customer_id, count(*)::bigint as invoices, sum(o.cents)::bigint as balance_cents from ${open} o group by 1)`,
  };
};
const daysFrom = (r: Receivables) => sql`${r.days} as ${receivableDays}`;
const customersFrom = (r: Receivables) => sql`${r.customers} as ${receivableCustomers}`;

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

/**
 * Everything receivable now, in cents: the station's rows of the rollup, whose one rule is the SQL
 * function `invoice_receivable_cents` (decision 045). The Overview's Outstanding; Ageing's total is the same sum.
 */
export const stationReceivableCents = async (db: Tx, channels: readonly string[] | null = null): Promise<number> => {
  const [row] = await rowsOf<{ cents: string }>(
    db,
    sql`select coalesce(sum(${receivableDays.balanceCents}), 0)::text as cents from ${daysFrom(receivablesOf(channels))} where ${receivableDays.customerId} = ${NO_ID}::uuid`,
  );
  return Number(row?.cents ?? 0);
};

/** The buckets with a last day, summed from the recent due dates; the open-ended last one is the rest of the balance. */
const DATED_BUCKETS = AGEING_BUCKETS.slice(0, AGEING_LAST_DAYS.length);
const OLDEST_BUCKET = AGEING_BUCKETS[AGEING_LAST_DAYS.length]!;

type BucketSums = Record<AgeingBucket, string> & { customer_id: string };
interface Customer {
  customer_id: string;
  company: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string;
  total: string;
  n: number;
}
const rowsOf = async <T>(db: Tx, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Cents per bucket from a balance and its dated buckets' sums (absent: nothing recent). */
const centsOf = (total: number, invoices: number, dated: Record<AgeingBucket, string> | undefined): Cents => {
  const cents = empty();
  let recent = 0;
  for (const bucket of DATED_BUCKETS) {
    cents[bucket] = Number(dated?.[bucket] ?? 0);
    recent += cents[bucket];
  }
  cents[OLDEST_BUCKET] = total - recent;
  cents.total = total;
  cents.invoices = invoices;
  return cents;
};

/**
 * The ageing list (largest balance first, then by name) and everyone's totals; with `page`, only those
 * rows of the list, and `count`, the list's length. From the rollups kept by the invoices' triggers
 * (decision 045): each customer's open balance and invoices (`receivable_customers`), the balances of the
 * due dates within the dated buckets (`receivable_days`, recent due dates only: by its due-date index for
 * everyone, by its key for a page's customers), and the station's rows for the totals. Names joined after
 * grouping.
 */
export const receivablesAgeing = async ({
  db,
  today,
  page,
  channels = null,
}: {
  db: Tx;
  today: string;
  page?: { offset: number; limit: number };
  /** The channels whose orders' invoices are aged (decision 053); null: every channel, from the rollups. */
  channels?: readonly string[] | null;
}): Promise<AgeingReply & { count: number }> => {
  const source = receivablesOf(channels);
  const days = sql`(${today}::date - ${receivableDays.dueDate})`;
  const recent = sql`${receivableDays.dueDate} >= ${today}::date - ${AGEING_LAST_DAYS.at(-1)!}::int`;
  const sums = DATED_BUCKETS.map(
    (bucket, index) => sql`coalesce(sum(${receivableDays.balanceCents}) filter (where ${inBucket(days, index)}), 0)::text as ${sql.identifier(bucket)}`,
  );
  const bucketsOf = (customers: SQL) =>
    rowsOf<BucketSums>(
      db,
      sql`select ${receivableDays.customerId} as customer_id, ${sql.join(sums, sql`, `)} from ${daysFrom(source)}
        where ${recent} and ${customers} group by ${receivableDays.customerId}`,
    );
  const customersWhere = async (where: SQL) => {
    const balances = await rowsOf<Omit<Customer, 'company' | 'first_name' | 'last_name' | 'email'>>(
      db,
      sql`select c.customer_id, c.balance_cents::text as total, c.invoices::int as n from ${source.customers} c where c.invoices > 0 and ${where}`,
    );
    // Named by the users module, in one query (a customer whose account is gone is left out, as the join did).
    const people = await userSummaries(
      db,
      balances.map((c) => c.customer_id),
    );
    return (
      balances
        .flatMap((c) => {
          const user = people.get(c.customer_id);
          return user ? [{ ...c, company: user.company, first_name: user.firstName, last_name: user.lastName, email: user.email }] : [];
        })
        .map((c) => ({ ...c, name: advertiserName(c.company, c.first_name, c.last_name, c.email), cents: Number(c.total) }))
        // The customer's id last, so that two advertisers of one name and balance keep one order on every page.
        .sort((a, b) => b.cents - a.cents || a.name.localeCompare(b.name) || (a.customer_id < b.customer_id ? -1 : a.customer_id > b.customer_id ? 1 : 0))
    );
  };
  /**
   * A page's customers without naming everyone: the page's balances by rank (balances alone, from the
   * small rollup), then only the customers whose balance lies between its first and last, named and
   * sorted as the whole list is, and placed after the customers of larger balances.
   */
  const pageOf = async ({ offset, limit }: { offset: number; limit: number }) => {
    const open = sql`${receivableCustomers.invoices} > 0`;
    const [bounds] = await rowsOf<{ hi: string | null; lo: string | null; count: number; above: number }>(
      db,
      sql`with page as (select ${receivableCustomers.balanceCents} as b from ${customersFrom(source)} where ${open}
            order by ${receivableCustomers.balanceCents} desc offset ${offset} limit ${limit})
        select (select max(b) from page)::text as hi, (select min(b) from page)::text as lo, count(*)::int as count,
          (count(*) filter (where ${receivableCustomers.balanceCents} > (select max(b) from page)))::int as above
        from ${customersFrom(source)} where ${open}`,
    );
    const count = Number(bounds?.count ?? 0);
    if (bounds?.hi == null || bounds.lo == null) return { chosen: [], count };
    const between = await customersWhere(sql`c.balance_cents between ${bounds.lo}::bigint and ${bounds.hi}::bigint`);
    const from = offset - Number(bounds.above);
    return { chosen: between.slice(from, from + limit), count };
  };
  // Independent reads, run together (on PostgreSQL, each on its own connection).
  const [{ chosen, count }, [station], everyone] = await Promise.all([
    page ? pageOf(page) : customersWhere(sql`true`).then((list) => ({ chosen: list, count: list.length })),
    rowsOf<BucketSums & { total: string; n: string }>(
      db,
      sql`select ${sql.join(
        DATED_BUCKETS.map(
          (bucket, index) =>
            sql`coalesce(sum(${receivableDays.balanceCents}) filter (where ${recent} and ${inBucket(days, index)}), 0)::text as ${sql.identifier(bucket)}`,
        ),
        sql`, `,
      )}, coalesce(sum(${receivableDays.balanceCents}), 0)::text as total, coalesce(sum(${receivableDays.invoices}), 0)::text as n
        from ${daysFrom(source)} where ${receivableDays.customerId} = ${NO_ID}::uuid`,
    ),
    page ? undefined : bucketsOf(sql`${receivableDays.customerId} <> ${NO_ID}::uuid`),
  ]);
  const dated = new Map(
    (everyone ?? (chosen.length > 0 ? await bucketsOf(sql`${receivableDays.customerId} in ${chosen.map((c) => c.customer_id)}`) : [])).map((b) => [
      b.customer_id,
      b,
    ]),
  );
  const rows: AgeingRow[] = chosen.map((c) => ({
    customer_id: c.customer_id,
    customer_name: c.name,
    customer_email: c.email,
    ...inDollars(centsOf(c.cents, Number(c.n), dated.get(c.customer_id))),
  }));
  return { as_of: today, rows, totals: inDollars(centsOf(Number(station?.total ?? 0), Number(station?.n ?? 0), station)), count };
};
