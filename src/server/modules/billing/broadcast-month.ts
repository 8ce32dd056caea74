/**
 * Billing on delivery (decision 014): "Bill broadcast month" makes one invoice per monthly-billed
 * order with aired, unbilled spots in the month; a completed monthly order's final invoice bills
 * what is left. Each order is billed in its own transaction under its row lock, and the spots are
 * locked and marked, so billing a month twice (or twice at once) never bills a spot twice.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { BILLING_MESSAGES, INVOICEABLE_ORDER_STATUSES, type BillingMode } from '../../../domain/billing';
import {
  DELIVERY_MESSAGES,
  billingModeMessage,
  broadcastMonthResultMessage,
  monthNotEndedMessage,
  type BroadcastMonthBody,
} from '../../../domain/billing-delivery';
import { broadcastMonth } from '../../../domain/broadcast-calendar';
import type { CreateInvoiceBody, Invoice } from '../../../domain/billing-schemas';
import { toCents } from '../../../domain/money';
import type { OrderActor } from '../../../domain/orders';
import { invoices } from '../../db/schema';
import { ordersWithUnbilledSpotsSql } from '../traffic/public';
import { ordersView } from '../orders/views';
import { isUniqueViolation, type Db, type Tx } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { lockReadableOrder, setOrderBillingMode, type OrderRow } from '../orders/public';
import { insertDeliveryInvoice, lockUnbilledSpots } from './invoice-lines';
import { getInvoice } from './queries';
import { hasLiveInvoice } from './invoice-rows';

/** PUT /estimates/:id/billing-mode (admins): refused while the order has a live invoice. */
export const setBillingMode = async ({ db, actor, estimateId, mode }: { db: Db; actor: OrderActor; estimateId: string; mode: BillingMode }) =>
  db.transaction(async (tx) => {
    const order = await lockReadableOrder(tx, actor, estimateId);
    if (order.billingMode !== mode) {
      if (await hasLiveInvoice(tx, order.id)) throw conflict(DELIVERY_MESSAGES.modeLocked);
      await setOrderBillingMode(tx, order.id, mode);
    }
    return { message: billingModeMessage(mode), estimate_id: order.id, billing_mode: mode };
  });

/**
 * POST /billing/from-estimate/:id for an order billed monthly: its final invoice (kind final), once
 * the order is completed, of every aired spot not billed yet. Runs in the caller's transaction, the
 * order already locked and found invoiceable.
 */
export const createFinalInvoice = async ({
  tx,
  order,
  input,
  today,
}: {
  tx: Tx;
  order: OrderRow;
  input: CreateInvoiceBody;
  today: string;
}): Promise<Invoice> => {
  if (order.status !== 'completed') throw conflict(DELIVERY_MESSAGES.billMonthly);
  if (await hasLiveInvoice(tx, order.id, eq(invoices.kind, 'final'))) throw conflict(BILLING_MESSAGES.alreadyInvoiced);
  const spots = await lockUnbilledSpots(tx, order.id);
  if (spots.length === 0) throw conflict(DELIVERY_MESSAGES.nothingLeft);
  const id = await insertDeliveryInvoice({
    tx,
    order,
    kind: 'final',
    period: null,
    spots,
    input: {
      dueDays: input.due_days,
      taxRate: input.tax_rate,
      discountCents: toCents(input.discount_amount),
      paymentTerms: input.payment_terms,
      notes: input.notes,
    },
    today,
  });
  return getInvoice(tx, id, today);
};

/** Monthly-billed, invoiceable orders with aired, unbilled spots in the period. */
const ordersToBill = async (db: Db, from: string, to: string): Promise<string[]> => {
  const rows = await db
    .select({ id: ordersView.id })
    .from(ordersView)
    .where(
      and(
        sql`${ordersView.id} in ${ordersWithUnbilledSpotsSql(from, to)}`,
        eq(ordersView.billingMode, 'monthly'),
        inArray(ordersView.status, [...INVOICEABLE_ORDER_STATUSES]),
      ),
    )
    .orderBy(ordersView.id);
  return rows.map((r) => r.id);
};

/** One order's invoice for the month, or null when there is nothing (left) to bill or it already has one. */
const billOrderMonth = async ({
  db,
  actor,
  estimateId,
  period,
  body,
  today,
}: {
  db: Db;
  actor: OrderActor;
  estimateId: string;
  period: { start: string; end: string };
  body: BroadcastMonthBody;
  today: string;
}) => {
  try {
    return await db.transaction(async (tx) => {
      // Re-read under the order's lock: a concurrent run, or a change of mode, may have come first.
      const order = await lockReadableOrder(tx, actor, estimateId);
      if (order.billingMode !== 'monthly' || !(INVOICEABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) return null;
      // One live invoice per order and broadcast month: spots that aired in a billed month after it was billed go on the final invoice.
      if (await hasLiveInvoice(tx, order.id, and(eq(invoices.kind, 'broadcast_month'), eq(invoices.periodStart, period.start)))) return null;
      if (await hasLiveInvoice(tx, order.id, eq(invoices.kind, 'final'))) return null;
      const spots = await lockUnbilledSpots(tx, order.id, { from: period.start, to: period.end });
      if (spots.length === 0) return null;
      const id = await insertDeliveryInvoice({
        tx,
        order,
        kind: 'broadcast_month',
        period,
        spots,
        input: { dueDays: body.due_days, taxRate: body.tax_rate, discountCents: 0, paymentTerms: body.payment_terms, notes: null },
        today,
      });
      return getInvoice(tx, id, today);
    });
  } catch (error) {
    // The unique index of live month invoices: another request billed this order's month first.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
};

/** POST /billing/broadcast-month (admins). */
export const billBroadcastMonth = async ({ db, actor, body, today }: { db: Db; actor: OrderActor; body: BroadcastMonthBody; today: string }) => {
  const month = broadcastMonth(body.month);
  if (month.end >= today) throw conflict(monthNotEndedMessage(month.month, month.end));
  const made: Invoice[] = [];
  for (const estimateId of await ordersToBill(db, month.start, month.end)) {
    const invoice = await billOrderMonth({ db, actor, estimateId, period: { start: month.start, end: month.end }, body, today });
    if (invoice) made.push(invoice);
  }
  return {
    message: broadcastMonthResultMessage(made.length, month.month),
    month: { month: month.month, label: month.label, start: month.start, end: month.end },
    invoices: made,
  };
};
