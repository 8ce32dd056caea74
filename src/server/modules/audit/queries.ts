/**
 * Reading the audit trail: the admin's filtered list (newest first, keyset pages by id), the CSV
 * export in batches, and an order's timeline (oldest first).
 */
import { and, asc, desc, eq, gte, ilike, lt, ne, type SQL } from 'drizzle-orm';
import { type AuditEvent, type AuditListReply, type AuditQuery, TIMELINE_MAX, type TimelineReply } from '../../../domain/audit';
import { addDays, startOfStationDay } from '../../../domain/dates';
import { auditEvents } from '../../db/schema';
import { containsPattern, type Tx } from '../../platform/db';

type AuditRow = typeof auditEvents.$inferSelect;

const toEvent = (row: AuditRow): AuditEvent => ({
  id: row.id,
  occurred_at: row.occurredAt.toISOString(),
  actor_id: row.actorId,
  actor_email: row.actorEmail,
  actor_role: row.actorRole,
  action: row.action,
  entity: row.entity,
  entity_id: row.entityId,
  order_id: row.orderId,
  before: (row.before as Record<string, unknown> | null) ?? null,
  after: (row.after as Record<string, unknown> | null) ?? null,
  request_id: row.requestId,
});

const filtersOf = (query: Omit<AuditQuery, 'limit'>): SQL | undefined =>
  and(
    query.entity ? eq(auditEvents.entity, query.entity) : undefined,
    query.action ? eq(auditEvents.action, query.action) : undefined,
    query.entity_id ? eq(auditEvents.entityId, query.entity_id) : undefined,
    query.actor ? (query.actor.toLowerCase() === 'system' ? eq(auditEvents.actorRole, 'system') : ilike(auditEvents.actorEmail, containsPattern(query.actor))) : undefined,
    query.date_from ? gte(auditEvents.occurredAt, startOfStationDay(query.date_from)) : undefined,
    query.date_to ? lt(auditEvents.occurredAt, startOfStationDay(addDays(query.date_to, 1))) : undefined,
    query.cursor ? lt(auditEvents.id, query.cursor) : undefined,
  );

export const listAuditEvents = async (db: Tx, query: AuditQuery): Promise<AuditListReply> => {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(filtersOf(query))
    .orderBy(desc(auditEvents.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { events: page.map(toEvent), next_cursor: rows.length > query.limit ? page.at(-1)!.id : null };
};

/** The export's rows, newest first, a batch at a time. */
export async function* auditEventBatches(db: Tx, query: Omit<AuditQuery, 'limit' | 'cursor'>, batch = 1000): AsyncGenerator<AuditEvent[]> {
  let cursor: number | undefined;
  for (;;) {
    const { events, next_cursor } = await listAuditEvents(db, { ...query, cursor, limit: batch });
    if (events.length > 0) yield events;
    if (next_cursor === null) return;
    cursor = next_cursor;
  }
}

/**
 * An order's history, oldest first: the order, its items, campaign, media, makegoods,
 * reconciliation, invoices, payments and credit notes. Individual spots are left out (the
 * affidavit lists airings): a running order writes one per airing.
 */
export const orderTimeline = async (db: Tx, orderId: string): Promise<TimelineReply> => {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.orderId, orderId), ne(auditEvents.entity, 'spot')))
    .orderBy(asc(auditEvents.id))
    .limit(TIMELINE_MAX + 1);
  return { events: rows.slice(0, TIMELINE_MAX).map(toEvent), truncated: rows.length > TIMELINE_MAX };
};
