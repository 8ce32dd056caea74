/**
 * What the billing module offers the other modules: which order an invoice or a credit note bills
 * (what scopes an admin limited to channels, decision 053), and the numbers documents are known by.
 * This file imports no other module.
 */
import { eq, inArray } from 'drizzle-orm';
import { creditNotes, invoices } from '../../db/schema';
import type { Tx } from '../../platform/db';

/** The channel of an invoice (its order's, decision 053); null when no invoice has this id. */
export const channelOfInvoice = async (db: Tx, id: string): Promise<string | null> => {
  const [row] = await db.select({ channelId: invoices.channelId }).from(invoices).where(eq(invoices.id, id)).limit(1);
  return row?.channelId ?? null;
};

/** The order a credit note credits; null when no credit note has this id. */
export const orderOfCreditNote = async (db: Tx, id: string): Promise<string | null> => {
  const [row] = await db.select({ estimateId: creditNotes.estimateId }).from(creditNotes).where(eq(creditNotes.id, id)).limit(1);
  return row?.estimateId ?? null;
};

/** Invoice and credit-note numbers by id, in two queries: the map has an entry for each id that is one of them. */
export const documentNumbers = async (db: Tx, ids: readonly string[]): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const list = [...ids];
  const [invoiceRows, noteRows] = await Promise.all([
    db.select({ id: invoices.id, number: invoices.invoiceNumber }).from(invoices).where(inArray(invoices.id, list)),
    db.select({ id: creditNotes.id, number: creditNotes.creditNumber }).from(creditNotes).where(inArray(creditNotes.id, list)),
  ]);
  return new Map([...invoiceRows, ...noteRows].map((row) => [row.id, row.number]));
};
