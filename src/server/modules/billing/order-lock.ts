/**
 * An invoiced order is frozen where it is priced (decision 013): its items, budget, dates and coupon
 * refuse changes while it has a live (not voided) invoice. Callers hold the order's row lock
 * (SELECT … FOR UPDATE) in the same transaction, as invoicing does, so the check cannot race an invoice.
 */
import { CORRECTION_MESSAGES } from '../../../domain/billing-corrections';
import { hasLiveInvoice } from './invoice-rows';
import type { Tx } from '../../platform/db';
import { conflict } from '../../platform/errors';

/** 409 when the (locked) order has a live invoice. */
export const assertOrderNotInvoiced = async (tx: Tx, estimateId: string): Promise<void> => {
  if (await hasLiveInvoice(tx, estimateId)) throw conflict(CORRECTION_MESSAGES.orderInvoiced);
};
