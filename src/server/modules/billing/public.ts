/**
 * What the billing module offers the other modules: which order an invoice or a credit note bills
 * (what scopes an admin limited to channels, decision 053). This file imports no other module.
 */
import { eq } from 'drizzle-orm';
import { creditNotes, invoices } from '../../db/schema';
import type { Tx } from '../../platform/db';

/** The order an invoice bills; null when no invoice has this id. */
export const orderOfInvoice = async (db: Tx, id: string): Promise<string | null> => {
  const [row] = await db.select({ estimateId: invoices.estimateId }).from(invoices).where(eq(invoices.id, id)).limit(1);
  return row?.estimateId ?? null;
};

/** The order a credit note credits; null when no credit note has this id. */
export const orderOfCreditNote = async (db: Tx, id: string): Promise<string | null> => {
  const [row] = await db.select({ estimateId: creditNotes.estimateId }).from(creditNotes).where(eq(creditNotes.id, id)).limit(1);
  return row?.estimateId ?? null;
};
