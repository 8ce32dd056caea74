/**
 * An invoiced order is frozen where it is priced (decision 013): its items, budget, dates and coupon
 * refuse changes while it has a live (not voided) invoice. Callers hold the order's row lock
 * (SELECT … FOR UPDATE) in the same transaction, as invoicing does, so the check cannot race an invoice.
 */
import { and, eq, ne } from 'drizzle-orm';
import { CORRECTION_MESSAGES } from '../../../domain/billing-corrections';
import { invoices } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { conflict } from '../../platform/errors';

export const hasLiveInvoice = async (tx: Tx, estimateId: string): Promise<boolean> => {
  const [live] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.estimateId, estimateId), ne(invoices.status, 'cancelled')))
    .limit(1);
  return Boolean(live);
};

/** 409 when the (locked) order has a live invoice. */
export const assertOrderNotInvoiced = async (tx: Tx, estimateId: string): Promise<void> => {
  if (await hasLiveInvoice(tx, estimateId)) throw conflict(CORRECTION_MESSAGES.orderInvoiced);
};
