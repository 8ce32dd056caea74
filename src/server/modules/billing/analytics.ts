/**
 * Billing analytics over a window of days ending today. Overview and top customers cover invoices
 * issued in the window (cancelled ones left out), except Outstanding: every receivable invoice, as
 * Ageing counts it (decision 033); payment trends sum payments by payment date,
 * one row per day of the window, days without payments at 0.
 */
import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import { isLiveInvoice } from './invoice-rows';
import { TOP_CUSTOMERS } from '../../../domain/billing';
import type { BillingAnalytics } from '../../../domain/billing-schemas';
import { addDays } from '../../../domain/dates';
import { toDollars } from '../../../domain/money';
import { advertiserName } from '../../../domain/users';
import { invoicePayments, invoices } from '../../db/schema';
import { userNamesView, userSummaries } from '../users/public';
import type { Tx } from '../../platform/db';
import { stationReceivableCents } from './ageing';

const n = (value: unknown) => Number(value ?? 0);

/** A row of the window's sums: place 0 the overview (every customer), then the top customers in order. */
interface WindowRow {
  place: string;
  customer_id: string | null;
  billed: string;
  paid: string;
  collected: string | null;
  invoices: number | null;
  paid_invoices: number | null;
  sent_invoices: number | null;
}

export const billingAnalytics = async ({
  db,
  timeframe,
  today,
  channels = null,
}: {
  db: Tx;
  timeframe: number;
  today: string;
  /** The channels whose orders' invoices count (decision 053); null: every channel. */
  channels?: readonly string[] | null;
}): Promise<BillingAnalytics> => {
  const from = addDays(today, -(timeframe - 1));
  const ofChannels = channels ? inArray(invoices.channelId, [...channels]) : undefined;
  const inWindow = and(gte(invoices.issueDate, from), lte(invoices.issueDate, today), isLiveInvoice, ofChannels);
  // The window's invoices are read once, grouped by customer (decision 053, "Scale"): the overview is the sum of the
  // customers' rows, and the top customers are those at or above the 8th largest, named. Grouping the window's
  // invoices (33,000 at 1M orders) by the names too sorted them on disk (bench/README.md, session 13), so they are
  // grouped by id alone and only the few are named. Ties at the 8th are broken by e-mail, as before; with fewer than
  // 8 customers everyone is named. Summed as float8 (exact for whole cents below 2^53), not
  // numeric: 20,000 customers' numeric sums outgrew work_mem and were hashed on disk.
  const windowSums = sql`
    with totals as (
      select ${invoices.customerId} as customer_id, sum((${invoices.totalCents} - ${invoices.commissionCents})::float8) as billed, sum(${invoices.paidCents}::float8) as paid,
        sum((${invoices.paidCents} - ${invoices.refundedCents})::float8) as collected, count(*)::float8 as invoices,
        (count(*) filter (where ${invoices.status} = 'paid'))::float8 as paid_invoices, (count(*) filter (where ${invoices.status} = 'sent'))::float8 as sent_invoices
      from ${invoices}
      where ${inWindow}
      group by ${invoices.customerId}
    )
    select r.place, r.customer_id, r.billed::text as billed, r.paid::text as paid, r.collected::text as collected,
      r.invoices::int as invoices, r.paid_invoices::int as paid_invoices, r.sent_invoices::int as sent_invoices
    from (
      select 0 as place, null::uuid as customer_id, coalesce(sum(billed), 0) as billed, coalesce(sum(paid), 0) as paid, coalesce(sum(collected), 0) as collected,
        coalesce(sum(invoices), 0) as invoices, coalesce(sum(paid_invoices), 0) as paid_invoices, coalesce(sum(sent_invoices), 0) as sent_invoices
      from totals
      union all
      select * from (
        select row_number() over (order by t.billed desc, u.email) as place, t.customer_id, t.billed, t.paid, null::float8, null::float8, null::float8, null::float8
        -- The candidates: those at or above the 8th largest, as the planner can count them (a few rows, not a third of
        -- the customers as a comparison with a subquery's value was estimated: that plan hashed every user, or, as
        -- a lookup per row, cost enough for PostgreSQL to compile it, 60–90 ms of JIT).
        from (select customer_id, billed, paid from totals order by billed desc fetch first ${TOP_CUSTOMERS} rows with ties) t
        -- The customer's e-mail, for ties, and existence, from the users module's published view: a lookup per candidate.
        join ${userNamesView} u on u.id = t.customer_id
        order by 1
        limit ${TOP_CUSTOMERS}
      ) top
    ) r
    order by r.place`;

  // Independent reads, together (on PostgreSQL each on its own connection).
  const [[overview, customers], outstanding, payments] = await Promise.all([
    db.execute(windowSums).then(async (result) => {
      const [sums, ...top] = (result as unknown as { rows: WindowRow[] }).rows;
      const people = await userSummaries(
        db,
        top.map((row) => row.customer_id),
      );
      return [
        sums,
        top.flatMap((row) => {
          const user = row.customer_id === null ? undefined : people.get(row.customer_id);
          return user
            ? [
                {
                  id: row.customer_id!,
                  billed: row.billed,
                  paid: row.paid,
                  company: user.company,
                  firstName: user.firstName,
                  lastName: user.lastName,
                  email: user.email,
                },
              ]
            : [];
        }),
      ] as const;
    }),
    // Outstanding is the receivable now, whenever the invoice was issued: Ageing's total (issue 29, item 1).
    stationReceivableCents(db, channels),
    db
      .select({ date: invoicePayments.paymentDate, cents: sql<string>`sum(${invoicePayments.amountCents})::text` })
      .from(invoicePayments)
      .where(
        and(
          gte(invoicePayments.paymentDate, from),
          lte(invoicePayments.paymentDate, today),
          channels ? inArray(invoicePayments.invoiceId, db.select({ id: invoices.id }).from(invoices).where(ofChannels)) : undefined,
        ),
      )
      .groupBy(invoicePayments.paymentDate),
  ]);
  const byDay = new Map(payments.map((p) => [p.date, n(p.cents)]));

  const billed = n(overview?.billed);
  const count = n(overview?.invoices);
  return {
    overview: {
      total_billed: toDollars(billed),
      total_invoices: count,
      total_collected: toDollars(n(overview?.collected)),
      paid_invoices: n(overview?.paid_invoices),
      total_outstanding: toDollars(outstanding),
      sent_invoices: n(overview?.sent_invoices),
      avg_invoice_amount: count === 0 ? 0 : toDollars(Math.round(billed / count)),
    },
    payment_trends: Array.from({ length: timeframe }, (_, i) => {
      const date = addDays(from, i);
      return { date, daily_payments: toDollars(byDay.get(date) ?? 0) };
    }),
    top_customers: customers.map((c) => ({
      customer_id: c.id,
      customer_name: advertiserName(c.company, c.firstName, c.lastName, c.email),
      total_billed: toDollars(n(c.billed)),
      total_paid: toDollars(n(c.paid)),
    })),
  };
};
