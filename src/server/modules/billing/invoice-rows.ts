/**
 * The invoice row's two shared pieces: its number, drawn when it is inserted, and its lock. Their own
 * file so that the service and the files it calls (lines, credit notes, corrections) import them
 * without importing each other (issue 22: billing's import cycle).
 */
import { eq, sql } from 'drizzle-orm';
import { BILLING_MESSAGES } from '../../../domain/billing';
import { invoices } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { InvoiceRow } from './present';

export const invoiceNumberFor = (issueDate: string) =>
  sql<string>`'INV-' || ${issueDate.slice(0, 4)} || '-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`;

export const lockInvoice = async (tx: Tx, id: string): Promise<InvoiceRow> => {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!row) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  return row;
};
