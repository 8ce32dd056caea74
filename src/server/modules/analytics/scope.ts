/**
 * Whose orders a dashboard adds up (decision 053): a client's own, some channels' (`channel_id`, or a
 * limited admin's), or the whole station's. Only the whole station's figures come from the rollups, which
 * have no channel; an owner's or a channel's are read from their rows (indexed by owner or channel and
 * the order's time).
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { OrderActor } from '../../../domain/orders';
import { isAdmin } from '../../../domain/roles';
import { ordersView } from '../orders/views';

export interface AnalyticsScope {
  actor: OrderActor;
  /** The channels covered; null: every channel. */
  channels: readonly string[] | null;
}

/** True when the figures are the whole station's, so the rollups hold them. */
export const readsRollups = (scope: AnalyticsScope): boolean => isAdmin(scope.actor.role) && scope.channels === null;

/** The orders in scope, as a condition on the orders view. */
export const ordersInScope = (scope: AnalyticsScope): SQL | undefined =>
  and(
    isAdmin(scope.actor.role) ? undefined : eq(ordersView.ownerId, scope.actor.id),
    scope.channels ? inArray(ordersView.channelId, [...scope.channels]) : undefined,
  );
