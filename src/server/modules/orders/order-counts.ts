/**
 * Orders, budgets and reconciled orders per status, read from the rollup `order_counts` (migration
 * 0016, decision 023) instead of counting every order: the station's, an owner's or a brand's.
 */
import { and, eq } from 'drizzle-orm';
import { NO_ID, orderCounts } from '../../db/schema';
import type { Tx } from '../../platform/db';

export type OrderCountScope = { all: true } | { owner: string } | { brand: string };
export interface StatusCounts {
  status: string;
  orders: number;
  spendCents: number;
  reconciled: number;
}

const keyOf = (scope: OrderCountScope) =>
  'owner' in scope
    ? { scope: 'owner' as const, id: scope.owner }
    : 'brand' in scope
      ? { scope: 'brand' as const, id: scope.brand }
      : { scope: 'all' as const, id: NO_ID };

export const statusCounts = (db: Tx, scope: OrderCountScope): Promise<StatusCounts[]> => {
  const key = keyOf(scope);
  return db
    .select({ status: orderCounts.status, orders: orderCounts.orders, spendCents: orderCounts.spendCents, reconciled: orderCounts.reconciled })
    .from(orderCounts)
    .where(and(eq(orderCounts.scope, key.scope), eq(orderCounts.scopeId, key.id)));
};

/** The sum of `field` over the rows whose status is one of `statuses` (all rows without). */
export const totalOf = (rows: StatusCounts[], field: 'orders' | 'spendCents' | 'reconciled', statuses?: readonly string[]) =>
  rows.filter((r) => !statuses || statuses.includes(r.status)).reduce((sum, r) => sum + r[field], 0);
