/** Webhook endpoints, their events, deliveries and attempts (decision 030). */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns';
import { users } from './people';

/** Webhook endpoints: an advertiser's own, or station-wide (made by an administrator). The secret signs deliveries. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    station: boolean('station').notNull().default(false),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    /** An AdCP push endpoint's authentication scheme (decision 035): 'Bearer' or 'HMAC-SHA256' with the buyer's credentials, besides the Standard Webhooks signature. */
    authScheme: text('auth_scheme'),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_endpoints_user_idx').on(t.userId, t.createdAt),
    check('webhook_endpoints_auth_scheme_check', sql`${t.authScheme} is null or ${t.authScheme} in ('Bearer', 'HMAC-SHA256')`),
  ],
);

/** The webhook outbox: each event, written in the transaction of the change it reports. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    type: text('type').notNull(),
    /** The advertiser the event is about (their endpoints receive it); null for station-only events. */
    ownerId: uuid('owner_id'),
    data: jsonb('data').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_occurred_idx').on(t.occurredAt)],
);

export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;

/** One event to one endpoint: pending until a 2xx, or failed after the last retry (or a 410). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    state: text('state', { enum: WEBHOOK_DELIVERY_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    check('webhook_deliveries_state_check', sql`${t.state} IN ('pending', 'succeeded', 'failed')`),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
