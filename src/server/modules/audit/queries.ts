/**
 * Reading the audit trail (the view audit_trail: the triggers' events and the spots' as-run changes, decision
 * 055): the admin's filtered list (newest first, keyset pages by id), the CSV
 * export in batches, and an order's timeline (oldest first).
 */
import { and, asc, desc, eq, gte, ilike, inArray, lt, ne, type SQL } from 'drizzle-orm';
import { type AuditEvent, type AuditListReply, type AuditQuery, TIMELINE_MAX, type TimelineReply } from '../../../domain/audit';
import { addDays, startOfStationDay } from '../../../domain/dates';
import { advertiserName } from '../../../domain/users';
import { auditEvents, auditTrail } from '../../db/schema';
import { apiKeyLabels } from '../api-keys/public';
import { documentNumbers } from '../billing/public';
import { brandSummaries } from '../brands/public';
import { daypartNames } from '../dayparts/public';
import { mediaIdentities } from '../media/public';
import { userSummaries } from '../users/public';
import { ordersView } from '../orders/views';
import { containsPattern, type Tx } from '../../platform/db';

type AuditRow = typeof auditTrail.$inferSelect;

type KeyRow = { id: string; name: string; prefix: string } | null;

/** Each event with the API key it was made through (its name and prefix), if any: one lookup per page. */
const withKeys = async (db: Tx, rows: AuditRow[]): Promise<AuditEvent[]> => {
  const keys = await apiKeyLabels(
    db,
    rows.flatMap((row) => (row.apiKeyId ? [row.apiKeyId] : [])),
  );
  return rows.map((row) => toEvent({ row, key: (row.apiKeyId && keys.get(row.apiKeyId)) || null }));
};

const toEvent = ({ row, key }: { row: AuditRow; key: KeyRow }): AuditEvent => ({
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
  api_key: key ? { id: key.id, name: key.name, prefix: key.prefix } : null,
});

const filtersOf = (query: Omit<AuditQuery, 'limit'>, timeZone: string): SQL | undefined =>
  and(
    query.entity ? eq(auditTrail.entity, query.entity) : undefined,
    query.action ? eq(auditTrail.action, query.action) : undefined,
    query.entity_id ? eq(auditTrail.entityId, query.entity_id) : undefined,
    query.order_id ? eq(auditTrail.orderId, query.order_id) : undefined,
    query.api_key_id ? eq(auditTrail.apiKeyId, query.api_key_id) : undefined,
    query.actor
      ? query.actor.toLowerCase() === 'system'
        ? eq(auditTrail.actorRole, 'system')
        : ilike(auditTrail.actorEmail, containsPattern(query.actor))
      : undefined,
    query.date_from ? gte(auditTrail.occurredAt, startOfStationDay(query.date_from, timeZone)) : undefined,
    query.date_to ? lt(auditTrail.occurredAt, startOfStationDay(addDays(query.date_to, 1), timeZone)) : undefined,
    query.cursor ? lt(auditTrail.id, query.cursor) : undefined,
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Names for the ids a page of events refers to (its entities and their `*_id` fields), so the
 * trail reads "Customer: Acme Foods", not a raw id (issue 29, item 20). Read-only lookups, a few
 * queries per page whatever its length; what no longer exists keeps its id.
 */
const namesOf = async (db: Tx, events: AuditEvent[]): Promise<Record<string, string>> => {
  const ids = new Set<string>();
  for (const event of events) {
    if (UUID.test(event.entity_id)) ids.add(event.entity_id);
    for (const values of [event.before, event.after]) {
      for (const [field, value] of Object.entries(values ?? {})) if (field.endsWith('_id') && typeof value === 'string' && UUID.test(value)) ids.add(value);
    }
  }
  if (ids.size === 0) return {};
  const list = [...ids];
  const [people, brandRows, orders, numbers, files, slots] = await Promise.all([
    userSummaries(db, list),
    brandSummaries(db, list),
    db.select({ id: ordersView.id, name: ordersView.estimateName }).from(ordersView).where(inArray(ordersView.id, list)),
    documentNumbers(db, list),
    mediaIdentities(db, list),
    daypartNames(db, list),
  ]);
  const names: Record<string, string> = {};
  for (const p of people.values()) names[p.id] = advertiserName(p.company, p.firstName, p.lastName, p.email);
  for (const o of orders) names[o.id] = o.name.trim() || 'Untitled order';
  for (const b of brandRows.values()) names[b.id] = b.commonName;
  for (const f of files.values()) names[f.id] = f.filename;
  for (const [id, name] of [...numbers, ...slots]) names[id] = name;
  return names;
};

const listAuditEventPage = async (db: Tx, query: AuditQuery, timeZone: string): Promise<Omit<AuditListReply, 'names'>> => {
  const rows = await db
    .select()
    .from(auditTrail)
    .where(filtersOf(query, timeZone))
    .orderBy(desc(auditTrail.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { events: await withKeys(db, page), next_cursor: rows.length > query.limit ? page.at(-1)!.id : null };
};

export const listAuditEvents = async (db: Tx, query: AuditQuery, timeZone: string): Promise<AuditListReply> => {
  const page = await listAuditEventPage(db, query, timeZone);
  return { ...page, names: await namesOf(db, page.events) };
};

/** The export's rows, newest first, a batch at a time. */
export async function* auditEventBatches(db: Tx, query: Omit<AuditQuery, 'limit' | 'cursor'>, timeZone: string, batch = 1000): AsyncGenerator<AuditEvent[]> {
  let cursor: number | undefined;
  for (;;) {
    const { events, next_cursor } = await listAuditEventPage(db, { ...query, cursor, limit: batch }, timeZone);
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
  return { events: await withKeys(db, rows.slice(0, TIMELINE_MAX)), truncated: rows.length > TIMELINE_MAX };
};

/** True when the API key exists (revoked or not): the audit filter refuses an id that names none. */
export const apiKeyExists = async (db: Tx, id: string): Promise<boolean> => (await apiKeyLabels(db, [id])).has(id);
