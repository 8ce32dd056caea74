/**
 * Billing analytics over a window of days ending today. Overview and top customers cover invoices
 * issued in the window (cancelled ones left out), except Outstanding: every receivable invoice, as
 * Ageing counts it (decision 033); payment trends sum payments by payment date,
 * one row per day of the window, days without payments at 0.
 */
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { isLiveInvoice } from './invoice-rows';
import { TOP_CUSTOMERS } from '../../../domain/billing';
import type { BillingAnalytics } from '../../../domain/billing-schemas';
import { addDays } from '../../../domain/dates';
import { toDollars } from '../../../domain/money';
import { advertiserName } from '../../../domain/users';
import { invoicePayments, invoices, users } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { stationReceivableCents } from './ageing';

const n = (value: unknown) => Number(value ?? 0);

export const billingAnalytics = async ({ db, timeframe, today }: { db: Tx; timeframe: number; today: string }): Promise<BillingAnalytics> => {
  const from = addDays(today, -(timeframe - 1));
  const inWindow = and(gte(invoices.issueDate, from), lte(invoices.issueDate, today), isLiveInvoice);
  const [overview] = await db
    .select({
      billed: sql<string>`coalesce(sum(${invoices.totalCents}), 0)::text`,
      count: sql<number>`count(*)::int`,
      collected: sql<string>`coalesce(sum(${invoices.paidCents} - ${invoices.refundedCents}), 0)::text`,
      paid: sql<number>`(count(*) filter (where ${invoices.status} = 'paid'))::int`,
      sent: sql<number>`(count(*) filter (where ${invoices.status} = 'sent'))::int`,
    })
    .from(invoices)
    .where(inWindow);

  // Outstanding is the receivable now, whenever the invoice was issued: Ageing's total (issue 29, item 1).
  const outstanding = await stationReceivableCents(db);

  const payments = await db
    .select({ date: invoicePayments.paymentDate, cents: sql<string>`sum(${invoicePayments.amountCents})::text` })
    .from(invoicePayments)
    .where(and(gte(invoicePayments.paymentDate, from), lte(invoicePayments.paymentDate, today)))
    .groupBy(invoicePayments.paymentDate);
  const byDay = new Map(payments.map((p) => [p.date, n(p.cents)]));

  const customers = await db
    .select({
      id: invoices.customerId,
      company: users.company,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      billed: sql<string>`sum(${invoices.totalCents})::text`,
      paid: sql<string>`sum(${invoices.paidCents})::text`,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.customerId))
    .where(inWindow)
    .groupBy(invoices.customerId, users.company, users.firstName, users.lastName, users.email)
    .orderBy(desc(sql`sum(${invoices.totalCents})`), users.email)
    .limit(TOP_CUSTOMERS);

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
