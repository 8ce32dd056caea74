/**
 * The invoice row's shared pieces: which invoices are live, its number (drawn when it is inserted), its
 * insertion and its lock. Their own file so that the service and the files it calls (lines, credit
 * notes, corrections) import them without importing each other (issue 22: billing's import cycle).
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { BILLING_MESSAGES, invoiceAmounts, type InvoiceKind } from '../../../domain/billing';
import { addDays } from '../../../domain/dates';
import { invoices } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { OrderRow } from '../orders/public';
import { commissionFor } from './commission';
import type { InvoiceRow } from './present';

/** A live invoice: any but a voided (cancelled) one. An order with a live invoice is frozen where it is priced. */
export const isLiveInvoice = ne(invoices.status, 'cancelled');

/** Whether the order has a live invoice (of any kind, or only those `extra` also selects). */
export const hasLiveInvoice = async (tx: Tx, estimateId: string, extra?: SQL): Promise<boolean> => {
  const [live] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.estimateId, estimateId), isLiveInvoice, extra))
    .limit(1);
  return Boolean(live);
};

export const invoiceNumberFor = (issueDate: string) =>
  sql<string>`'INV-' || ${issueDate.slice(0, 4)} || '-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`;

export const lockInvoice = async (tx: Tx, id: string): Promise<InvoiceRow> => {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!row) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  return row;
};

/** What an invoice is made of, beside its order: its amounts before tax and the terms it is issued on. */
export interface NewInvoice {
  order: Pick<OrderRow, 'id' | 'ownerId' | 'brandId' | 'channelId'>;
  subtotalCents: number;
  discountCents: number;
  taxRate: number;
  kind?: InvoiceKind;
  period?: { start: string; end: string } | null;
  today: string;
  dueDays: number;
  paymentTerms: string;
  notes: string | null;
}

/**
 * Inserts an invoice (draft; paid from the start when there is nothing to collect, a full discount):
 * its number, amounts, tax and the customer's agency commission. Answers its id.
 */
export const insertInvoice = async (tx: Tx, invoice: NewInvoice): Promise<string> => {
  const { order, today } = invoice;
  const amounts = invoiceAmounts({ subtotalCents: invoice.subtotalCents, discountCents: invoice.discountCents, taxRate: invoice.taxRate });
  const commission = await commissionFor(tx, order.ownerId, amounts.totalCents);
  const [row] = await tx
    .insert(invoices)
    .values({
      invoiceNumber: invoiceNumberFor(today),
      estimateId: order.id,
      // The order's channel (decision 053), which the invoice keeps: one channel's billing reads it by an index.
      channelId: order.channelId,
      customerId: order.ownerId,
      brandId: order.brandId,
      ...amounts,
      ...commission,
      taxRate: invoice.taxRate,
      ...(invoice.kind && { kind: invoice.kind }),
      ...(invoice.period !== undefined && { periodStart: invoice.period?.start ?? null, periodEnd: invoice.period?.end ?? null }),
      status: amounts.totalCents - commission.commissionCents === 0 ? 'paid' : 'draft',
      issueDate: today,
      dueDate: addDays(today, invoice.dueDays),
      paymentTerms: invoice.paymentTerms,
      notes: invoice.notes,
    })
    .returning({ id: invoices.id });
  return row!.id;
};
