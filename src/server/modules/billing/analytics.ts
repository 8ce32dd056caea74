/**
 * Billing analytics over a window of days ending today. Overview and top customers cover invoices
 * issued in the window (cancelled ones left out), except Outstanding: every receivable invoice, as
 * Ageing counts it (decision 033); payment trends sum payments by payment date,
 * one row per day of the window, days without payments at 0.
 */
import { and, desc, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { isLiveInvoice } from './invoice-rows';
import { TOP_CUSTOMERS } from '../../../domain/billing';
import type { BillingAnalytics } from '../../../domain/billing-schemas';
import { addDays } from '../../../domain/dates';
import { toDollars } from '../../../domain/money';
import { advertiserName } from '../../../domain/users';
import { invoicePayments, invoices } from '../../db/schema';
import { userEmailSql, userSummaries } from '../users/public';
import type { Tx } from '../../platform/db';
import { stationReceivableCents } from './ageing';

const n = (value: unknown) => Number(value ?? 0);

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
  // The customers' sums are grouped by id alone and only those at or above the 8th largest are
  // named: grouping the window's invoices (33,000 at 1M orders) by the names too sorted them on disk
  // (bench/README.md, session 13). Ties at the 8th are then broken by e-mail, as before; with
  // fewer than 8 customers everyone is named (a total is never below 0).
  const totals = db.$with('totals').as(
    db
      .select({
        customerId: invoices.customerId,
        billed: sql<string>`sum(${invoices.totalCents} - ${invoices.commissionCents})`.as('billed'),
        paid: sql<string>`sum(${invoices.paidCents})`.as('paid'),
      })
      .from(invoices)
      .where(inWindow)
      .groupBy(invoices.customerId),
  );
  const eighth = sql`(select t.billed from totals t order by t.billed desc offset ${TOP_CUSTOMERS - 1} limit 1)`;

  // Independent reads, together (on PostgreSQL each on its own connection).
  const [[overview], outstanding, payments, customers] = await Promise.all([
    db
      .select({
        // What the station bills is the net of an agency's commission, as payments are applied to it (issue 44).
        billed: sql<string>`coalesce(sum(${invoices.totalCents} - ${invoices.commissionCents}), 0)::text`,
        count: sql<number>`count(*)::int`,
        collected: sql<string>`coalesce(sum(${invoices.paidCents} - ${invoices.refundedCents}), 0)::text`,
        paid: sql<number>`(count(*) filter (where ${invoices.status} = 'paid'))::int`,
        sent: sql<number>`(count(*) filter (where ${invoices.status} = 'sent'))::int`,
      })
      .from(invoices)
      .where(inWindow),
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
    db
      .with(totals)
      .select({ id: totals.customerId, billed: totals.billed, paid: totals.paid })
      .from(totals)
      // The customer's e-mail, for ties, and existence (as the join did) from the users module's expression.
      .where(and(sql`${totals.billed} >= coalesce(${eighth}, 0)`, isNotNull(userEmailSql(totals.customerId))))
      .orderBy(desc(totals.billed), userEmailSql(totals.customerId))
      .limit(TOP_CUSTOMERS)
      .then(async (rows) => {
        const people = await userSummaries(
          db,
          rows.map((row) => row.id),
        );
        return rows.flatMap((row) => {
          const user = people.get(row.id);
          return user ? [{ ...row, company: user.company, firstName: user.firstName, lastName: user.lastName, email: user.email }] : [];
        });
      }),
  ]);
  const byDay = new Map(payments.map((p) => [p.date, n(p.cents)]));

  const billed = n(overview?.billed);
  const count = n(overview?.count);
  return {
    overview: {
      total_billed: toDollars(billed),
      total_invoices: count,
      total_collected: toDollars(n(overview?.collected)),
      paid_invoices: n(overview?.paid),
      total_outstanding: toDollars(outstanding),
      sent_invoices: n(overview?.sent),
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
