/**
 * The webhook outbox (decision 030). Other modules report a change with one call, inside the
 * transaction that makes it: `emitEvent(tx, { type, ownerId, data })`. The event and one delivery per
 * subscribed endpoint (the owner's own, and the station's) commit or roll back with the change; the
 * dispatcher sends them after commit, at least once, with the event's id as `webhook-id`.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { WebhookEventType } from '../../../domain/webhooks';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { channelOfOrder } from '../orders/public';

export interface WebhookEventInput {
  type: WebhookEventType;
  /** The advertiser the change is about (their endpoints receive it); null: station endpoints only. */
  ownerId: string | null;
  data: Record<string, unknown>;
  /** Endpoints that receive this event whatever they subscribe to (an AdCP buy's own push endpoint, decision 035). */
  alsoTo?: string[];
}

const listeners = new Set<() => void>();
/** The dispatchers of this process are told that events were written (they look again once the transaction has committed). */
export const onEventsWritten = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const nudge = () => {
  for (const listener of listeners) listener();
};

/** Whether any enabled endpoint subscribes to `type` (to skip gathering an event's data nobody wants). */
export const anyListening = async (tx: Tx, type: WebhookEventType) =>
  (
    await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.enabled, true), sql`${type} = any(${webhookEndpoints.events})`))
      .limit(1)
  ).length > 0;

export const emitEvent = async (tx: Tx, { type, ownerId, data, alsoTo = [] }: WebhookEventInput) => {
  const subscribed = and(
    eq(webhookEndpoints.enabled, true),
    sql`${type} = any(${webhookEndpoints.events})`,
    ownerId
      ? or(eq(webhookEndpoints.station, true), and(eq(webhookEndpoints.userId, ownerId), eq(webhookEndpoints.station, false)))
      : eq(webhookEndpoints.station, true),
  );
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(alsoTo.length > 0 ? or(subscribed, and(eq(webhookEndpoints.enabled, true), inArray(webhookEndpoints.id, alsoTo))) : subscribed);
  // Nothing listens: nothing is written (the common case costs one indexed read).
  if (endpoints.length === 0) return;
  // An event about an order names the order's channel (decision 053).
  const orderId = data.order_id;
  const channelId = typeof orderId === 'string' && data.channel_id === undefined ? await channelOfOrder(tx, orderId) : null;
  const payload = channelId ? { ...data, channel_id: channelId } : data;
  const [event] = await tx.insert(webhookEvents).values({ type, ownerId, data: payload }).returning({ id: webhookEvents.id });
  await tx.insert(webhookDeliveries).values(endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventId: event!.id, nextAttemptAt: sql`now()` })));
  nudge();
};

type OrderEventType = 'order.created' | 'order.submitted' | 'order.status_changed';
type OrderEventHook = (tx: Tx, type: OrderEventType, order: { id: string; ownerId: string }, status: string) => Promise<void>;
const orderHooks = new Set<OrderEventHook>();
/** Other modules follow order events in the same transaction (the AdCP buyer's push notification, decision 035). */
export const onOrderEvent = (hook: OrderEventHook) => {
  orderHooks.add(hook);
};

/** An order's event, with the fields every order event carries. */
export const emitOrderEvent = async (
  tx: Tx,
  type: OrderEventType,
  order: { id: string; ownerId: string; estimateName: string; status: string },
  status: string,
) => {
  await emitEvent(tx, {
    type,
    ownerId: order.ownerId,
    data: { order_id: order.id, name: order.estimateName, status, previous_status: type === 'order.created' ? null : order.status },
  });
  for (const hook of orderHooks) await hook(tx, type, order, status);
};

/** An invoice's event (sent, paid, voided), to the advertiser billed and the station. */
export const emitInvoiceEvent = (
  tx: Tx,
  type: 'invoice.sent' | 'invoice.paid' | 'invoice.voided',
  invoice: { id: string; invoiceNumber: string; estimateId: string | null; customerId: string },
) =>
  emitEvent(tx, { type, ownerId: invoice.customerId, data: { invoice_id: invoice.id, invoice_number: invoice.invoiceNumber, order_id: invoice.estimateId } });
