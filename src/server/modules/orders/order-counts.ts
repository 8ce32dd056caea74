/**
 * Orders, budgets and reconciled orders per status, read from the rollup `order_counts` (migration
 * 0016, decision 023) instead of counting every order: the station's, an owner's or a brand's.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { NO_ID, orderCounts } from '../../db/schema';
import type { Tx } from '../../platform/db';

/** Whose orders: the station's, an owner's, a brand's, or some channels' (decision 053). */
export type OrderCountScope = { all: true } | { owner: string } | { brand: string } | { channels: readonly string[] };
export interface StatusCounts {
  status: string;
  orders: number;
  spendCents: number;
  reconciled: number;
}

const whereOf = (scope: OrderCountScope) =>
  'channels' in scope
    ? and(eq(orderCounts.scope, 'channel'), inArray(orderCounts.scopeId, [...scope.channels]))
    : 'owner' in scope
      ? and(eq(orderCounts.scope, 'owner'), eq(orderCounts.scopeId, scope.owner))
      : 'brand' in scope
        ? and(eq(orderCounts.scope, 'brand'), eq(orderCounts.scopeId, scope.brand))
        : and(eq(orderCounts.scope, 'all'), eq(orderCounts.scopeId, NO_ID));

/** Per status (a status once: several channels' rows are added up). */
export const statusCounts = async (db: Tx, scope: OrderCountScope): Promise<StatusCounts[]> => {
  const rows = await db
    .select({ status: orderCounts.status, orders: orderCounts.orders, spendCents: orderCounts.spendCents, reconciled: orderCounts.reconciled })
    .from(orderCounts)
    .where(whereOf(scope));
  const byStatus = new Map<string, StatusCounts>();
  for (const row of rows) {
    const seen = byStatus.get(row.status);
    byStatus.set(
      row.status,
      seen ? { ...seen, orders: seen.orders + row.orders, spendCents: seen.spendCents + row.spendCents, reconciled: seen.reconciled + row.reconciled } : row,
    );
  }
  return [...byStatus.values()];
};

/** The sum of `field` over the rows whose status is one of `statuses` (all rows without). */
export const totalOf = (rows: StatusCounts[], field: 'orders' | 'spendCents' | 'reconciled', statuses?: readonly string[]) =>
  rows.filter((r) => !statuses || statuses.includes(r.status)).reduce((sum, r) => sum + r[field], 0);
