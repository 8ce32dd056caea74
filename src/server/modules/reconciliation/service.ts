/** Reconciling an order: its actual figures recorded next to the projection of that moment. */
import { and, eq, sql } from 'drizzle-orm';
import { toCents } from '../../../domain/money';
import { RECONCILIATION_MESSAGES, type ReconcileInput, type Variance } from '../../../domain/reconciliation';
import { campaigns, reconciliations } from '../../db/schema';
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
    // The order's row locked first (the orders module's lock), then read with its campaign's figures.
    await lockOrder(tx, estimateId);
    const [order] = await tx
      .select({
        status: ordersView.status,
        booked: sql<boolean>`${BOOKED}`,
        spend: ordersView.totalSpendCents,
        impressions: projectedImpressions,
        airedSpots: certifiedAired.spots,
        airedSpendCents: certifiedAired.spendCents,
        airedImpressions: certifiedAired.impressions,
      })
      .from(ordersView)
      .leftJoin(campaigns, eq(campaigns.estimateId, ordersView.id))
      .where(eq(ordersView.id, estimateId))
      .limit(1);
    if (!order) throw notFound(RECONCILIATION_MESSAGES.notFound);
    if (!order.booked) throw conflict(RECONCILIATION_MESSAGES.notBooked);
    const actualSpendCents = toCents(input.actual_spend);
    const aired = { airedSpendCents: Number(order.airedSpendCents ?? 0), airedImpressions: Number(order.airedImpressions ?? 0) };
    // Something aired: the actuals are the aired figures unless the admin says why they are not.
    const overridden = (order.airedSpots ?? 0) > 0 && (actualSpendCents !== aired.airedSpendCents || input.actual_impressions !== aired.airedImpressions);
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
    const [existing] = await tx
      .select({ id: reconciliations.id })
      .from(reconciliations)
      .where(and(eq(reconciliations.estimateId, estimateId)))
      .limit(1);
    if (existing)
      await tx
        .update(reconciliations)
        .set({ ...actual, updatedAt: new Date() })
        .where(eq(reconciliations.id, existing.id));
    else
      await tx.insert(reconciliations).values({ estimateId, projectedSpendCents: order.spend, projectedImpressions: Math.round(order.impressions), ...actual });
    return orderVariance(tx, estimateId);
  });
