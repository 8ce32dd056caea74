/** Reconciling an order: its actual figures recorded next to the projection of that moment. */
import { eq, sql } from 'drizzle-orm';
import { toCents } from '../../../domain/money';
import { RECONCILIATION_MESSAGES, type ReconcileInput, type Variance } from '../../../domain/reconciliation';
import { reconciliations } from '../../db/schema';
import { ordersView } from '../orders/views';
import { lockOrder } from '../orders/public';
import type { Db } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { BOOKED, certifiedAired, orderVariance, projectedImpressions } from './queries';

/**
 * PUT /reconciliation/reconcile/:id: records (or corrects) the actual spend and impressions of a
 * booked order; it leaves the pending list.
 */
export const reconcileOrder = async ({
  db,
  actorId,
  estimateId,
  input,
}: {
  db: Db;
  actorId: string;
  estimateId: string;
  input: ReconcileInput;
}): Promise<Variance> =>
  db.transaction(async (tx) => {
    // The order's row locked first (the orders module's lock), then read with its reconciliation, then its campaign's figures.
    await lockOrder(tx, estimateId);
    const [order] = await tx
      .select({
        status: ordersView.status,
        booked: sql<boolean>`${BOOKED}`,
        spend: ordersView.totalSpendCents,
        impressions: projectedImpressions,
        reconciliationId: reconciliations.id,
      })
      .from(ordersView)
      .leftJoin(reconciliations, eq(reconciliations.estimateId, ordersView.id))
      .where(eq(ordersView.id, estimateId))
      .limit(1);
    if (!order) throw notFound(RECONCILIATION_MESSAGES.notFound);
    const certified = (await certifiedAired(tx, [estimateId])).get(estimateId);
    if (!order.booked) throw conflict(RECONCILIATION_MESSAGES.notBooked);
    const actualSpendCents = toCents(input.actual_spend);
    const aired = { airedSpendCents: Number(certified?.spendCents ?? 0), airedImpressions: Number(certified?.impressions ?? 0) };
    // Something aired: the actuals are the aired figures unless the admin says why they are not.
    const overridden = (certified?.spots ?? 0) > 0 && (actualSpendCents !== aired.airedSpendCents || input.actual_impressions !== aired.airedImpressions);
    const reason = input.override_reason || input.notes || null;
    if (overridden && !reason) throw badRequest(RECONCILIATION_MESSAGES.reasonRequired, 'override_reason');
    const actual = {
      actualSpendCents,
      actualImpressions: input.actual_impressions,
      notes: input.notes ?? null,
      ...aired,
      overrideReason: overridden ? reason : null,
      reconciledBy: actorId,
      reconciledAt: new Date(),
    };
    if (order.reconciliationId)
      await tx
        .update(reconciliations)
        .set({ ...actual, updatedAt: new Date() })
        .where(eq(reconciliations.id, order.reconciliationId));
    else
      await tx.insert(reconciliations).values({ estimateId, projectedSpendCents: order.spend, projectedImpressions: Math.round(order.impressions), ...actual });
    return orderVariance(tx, estimateId);
  });
