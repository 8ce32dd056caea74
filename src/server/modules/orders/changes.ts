/**
 * The changes other modules make to an order, made here so that the orders module stays the only writer
 * of estimates and estimate_items (decision 042): an AdCP buy's order and lines, a buy's new budget,
 * flight and spots a day, the creative a buy's package airs, and the desk's billing mode. Each runs in
 * the caller's transaction; the caller has already locked the order and checked what its own rules ask.
 */
import { and, eq } from 'drizzle-orm';
import type { BillingMode } from '../../../domain/billing';
import { estimateItems, estimates } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { recomputeOrder, type OrderRow } from './orders';

type NewOrder = Omit<typeof estimates.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;
type NewLine = Pick<typeof estimateItems.$inferInsert, 'daypartId' | 'spotsPerOccurrence' | 'userDefinedCpmCents'>;

/** A draft order with its lines, priced (weekly cost, end date, amount owed); the caller submits it. */
export const createOrderWithItems = async (tx: Tx, order: NewOrder, lines: readonly NewLine[]): Promise<OrderRow> => {
  const [made] = await tx.insert(estimates).values(order).returning();
  await tx.insert(estimateItems).values(lines.map((line) => ({ ...line, estimateId: made!.id })));
  return recomputeOrder(tx, made!);
};

/**
 * A new budget, start date and spots a day per daypart for the order's lines (booked rates kept), priced
 * again. `status` is written with them when the change sends the order back for review; the amount owed,
 * when given, too (the audit trail then shows it beside the budget it follows, as before decision 042).
 */
export const reviseOrder = async (
  tx: Tx,
  id: string,
  change: {
    startDate: string;
    totalSpendCents: number;
    spotsByDaypart: readonly { daypartId: string; spotsPerOccurrence: number }[];
    status?: 'ordered';
    totalAmountCents?: number;
  },
): Promise<OrderRow> => {
  for (const line of change.spotsByDaypart) {
    await tx
      .update(estimateItems)
      .set({ spotsPerOccurrence: line.spotsPerOccurrence, updatedAt: new Date() })
      .where(and(eq(estimateItems.estimateId, id), eq(estimateItems.daypartId, line.daypartId)));
  }
  const [changed] = await tx
    .update(estimates)
    .set({
      startDate: change.startDate,
      totalSpendCents: change.totalSpendCents,
      ...(change.status && { status: change.status }),
      ...(change.totalAmountCents !== undefined && { totalAmountCents: change.totalAmountCents }),
      updatedAt: new Date(),
    })
    .where(eq(estimates.id, id))
    .returning();
  return recomputeOrder(tx, changed!);
};

/** The spot the order airs (an AdCP creative assigned to a buy's package). */
export const setOrderMedia = async (tx: Tx, id: string, mediaAssetId: string) => {
  await tx.update(estimates).set({ mediaAssetId, updatedAt: new Date() }).where(eq(estimates.id, id));
};

/** Up front or monthly (billing's rule decides when it may change). */
export const setOrderBillingMode = async (tx: Tx, id: string, mode: BillingMode) => {
  await tx.update(estimates).set({ billingMode: mode }).where(eq(estimates.id, id));
};
