/**
 * The orders Create Invoice offers (issue 29, item 4): every order canCreateInvoiceFor allows, so
 * the list holds neither orders that cannot be billed yet nor orders already invoiced. The orders
 * come from the estimates module's list; the live invoices from this module's table.
 */

import { isLiveInvoice } from './invoice-rows';
import { canCreateInvoiceFor, INVOICEABLE_ORDER_STATUSES } from '../../../domain/billing';
import { LIST_LIMIT_MAX, type Estimate } from '../../../domain/estimate-schemas';
import { ORDER_STATUSES, type OrderActor, type OrderStatus } from '../../../domain/orders';
import { invoices } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { listEstimates } from '../orders/public';

/** At most this many pages of orders are read (LIST_LIMIT_MAX each). */
const MAX_PAGES = 20;

export const listInvoiceableOrders = async (db: Tx, actor: OrderActor): Promise<Estimate[]> => {
  const live = await db.selectDistinct({ estimateId: invoices.estimateId, kind: invoices.kind }).from(invoices).where(isLiveInvoice);
  const anyInvoice = new Set(live.map((row) => row.estimateId));
  const finalInvoice = new Set(live.filter((row) => row.kind === 'final').map((row) => row.estimateId));
  const excluded = ORDER_STATUSES.filter((status) => !(INVOICEABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(status));

  const orders: Estimate[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { estimates, nextCursor } = await listEstimates({ db, actor, query: { exclude_status: excluded, limit: LIST_LIMIT_MAX, offset: 0, after } });
    orders.push(...estimates);
    if (!nextCursor) break;
    after = nextCursor;
  }
  return orders.filter((order) =>
    canCreateInvoiceFor(
      { status: order.status, billingMode: order.billing_mode },
      { anyInvoice: anyInvoice.has(order.id), finalInvoice: finalInvoice.has(order.id) },
    ),
  );
};
