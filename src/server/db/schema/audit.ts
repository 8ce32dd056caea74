/** The audit trail: events written by triggers, and the view the audit screen reads (decision 012). */
import { bigint, bigserial, index, jsonb, pgTable, pgView, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit trail: one row per state change of an audited table, written by database triggers in
 * the writing transaction (migration 0011). Append-only: triggers refuse UPDATE, DELETE and TRUNCATE.
 * `actor_role` is the user's role, 'anonymous' for a request without a user, or 'system' (the clock, jobs).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role').notNull(),
    /** create, update, status_change, role_change or delete. */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** The order the change belongs to, for the order's timeline. */
    orderId: uuid('order_id'),
    /** The changed fields: their values before and after (the whole row on create and delete). */
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    /** The API key the actor acted through, if any (migration 0023). */
    apiKeyId: uuid('api_key_id'),
  },
  (t) => [
    index('audit_events_occurred_idx').on(t.occurredAt, t.id),
    index('audit_events_order_idx').on(t.orderId, t.id),
    index('audit_events_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_events_actor_idx').on(t.actorId, t.id),
  ],
);

/**
 * The audit trail as it is read (audit.sql, decision 055): audit_events and, as the events of the spots an
 * as-run import changed, its as_run_changes rows. One id space.
 */
export const auditTrail = pgView('audit_trail', {
  id: bigint('id', { mode: 'number' }).notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  actorId: uuid('actor_id'),
  actorEmail: text('actor_email'),
  actorRole: text('actor_role').notNull(),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id').notNull(),
  orderId: uuid('order_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  requestId: text('request_id'),
  apiKeyId: uuid('api_key_id'),
}).existing();
