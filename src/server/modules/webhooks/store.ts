/** Webhook endpoints and their deliveries, as their owners manage them (decision 030). */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { isAdmin } from '../../../domain/roles';
import type { Webhook, WebhookDelivery } from '../../../domain/webhooks';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import type { Actor } from '../auth/service';
import { newWebhookSecret } from './signing';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const toWebhook = (row: EndpointRow): Webhook => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  disabled_reason: row.disabledReason,
  station: row.station,
  created_at: row.createdAt.toISOString(),
});

/** Administrators manage the station's endpoints; an advertiser their own. */
const mine = (actor: Actor) =>
  isAdmin(actor.role) ? eq(webhookEndpoints.station, true) : and(eq(webhookEndpoints.userId, actor.id), eq(webhookEndpoints.station, false));
export const WEBHOOK_NOT_FOUND = 'Webhook not found';

export const createWebhook = async ({ db, actor, input }: { db: Db; actor: Actor; input: { url: string; events: string[]; description?: string | null } }) => {
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ userId: actor.id, station: isAdmin(actor.role), url: input.url, events: input.events, description: input.description ?? null, secret })
    .returning();
  return { webhook: toWebhook(row!), secret };
};

export const listWebhooks = async ({ db, actor }: { db: Db; actor: Actor }) =>
  (await db.select().from(webhookEndpoints).where(mine(actor)).orderBy(desc(webhookEndpoints.createdAt)).limit(200)).map(toWebhook);

export const ownWebhook = async (db: Db, actor: Actor, id: string) => {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), mine(actor)))
    .limit(1);
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return row;
};

export const updateWebhook = async ({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: { url?: string; events?: string[]; enabled?: boolean };
}) => {
  await ownWebhook(db, actor, id);
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...input,
      ...(input.enabled === true ? { disabledReason: null } : input.enabled === false ? { disabledReason: 'Disabled by its owner' } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(webhookEndpoints.id, id), mine(actor)))
    .returning();
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return toWebhook(row);
};

export const deleteWebhook = async ({ db, actor, id }: { db: Db; actor: Actor; id: string }) => {
  const [row] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), mine(actor)))
    .returning({ id: webhookEndpoints.id });
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
};

export const listDeliveries = async ({ db, actor, id }: { db: Db; actor: Actor; id: string }): Promise<WebhookDelivery[]> => {
  await ownWebhook(db, actor, id);
  const rows = await db
    .select({ delivery: webhookDeliveries, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(100);
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((r) => r.delivery.id),
          ),
        )
        .orderBy(webhookAttempts.id)
    : [];
  return rows.map(({ delivery, type }) => ({
    id: delivery.id,
    event_id: `msg_${delivery.eventId}`,
    event_type: type,
    state: delivery.state,
    next_attempt_at: delivery.state === 'pending' ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
    created_at: delivery.createdAt.toISOString(),
    attempts: attempts
      .filter((a) => a.deliveryId === delivery.id)
      .map((a) => ({ attempted_at: a.attemptedAt.toISOString(), status_code: a.statusCode, error: a.error, duration_ms: a.durationMs })),
  }));
};

/** A `webhook.test` event for this endpoint alone. */
export const sendTestEvent = async ({ db, actor, id }: { db: Db; actor: Actor; id: string }) => {
  const endpoint = await ownWebhook(db, actor, id);
  if (!endpoint.enabled) throw conflict('Enable the webhook before sending a test');
  return db.transaction(async (tx) => {
    const [event] = await tx
      .insert(webhookEvents)
      .values({
        type: 'webhook.test',
        ownerId: endpoint.station ? null : endpoint.userId,
        data: { webhook_id: endpoint.id, message: 'A test event from Spotbook' },
      })
      .returning({ id: webhookEvents.id });
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint.id, eventId: event!.id, nextAttemptAt: sql`now()` })
      .returning({ id: webhookDeliveries.id });
    return delivery!.id;
  });
};

/** Sends a delivery again now (its attempts so far stay listed); the endpoint must be enabled. */
export const retryDelivery = async ({ db, actor, deliveryId }: { db: Db; actor: Actor; deliveryId: string }) => {
  const [row] = await db
    .select({ endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), mine(actor)))
    .limit(1);
  if (!row) throw notFound('Delivery not found');
  if (!row.endpoint.enabled) throw conflict('Enable the webhook before retrying its deliveries');
  await db
    .update(webhookDeliveries)
    .set({ state: 'pending', nextAttemptAt: sql`now()`, leasedUntil: null })
    .where(eq(webhookDeliveries.id, deliveryId));
};
