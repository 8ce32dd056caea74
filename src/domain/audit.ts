/**
 * The audit trail as the API shows it: who changed what and when, with the changed fields before
 * and after. Events are written by the database (migration 0012_audit_trail) and never change.
 */
import { z } from 'zod';
import { isIsoDate } from './dates';

/** What is audited, by the names the trail uses. */
export const AUDIT_ENTITIES = [
  'order',
  'item',
  'schedule',
  'schedule_revision',
  'campaign',
  'spot',
  'media',
  'coupon',
  'invoice',
  'payment',
  'credit_note',
  'user',
  'rate_card',
  'makegood',
  'reconciliation',
  'station',
  'channel',
  'book',
  'program',
  'adcp_buy',
  'adcp_task',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ACTIONS = ['create', 'update', 'status_change', 'role_change', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  order: 'Order',
  item: 'Order item',
  schedule: 'Schedule line',
  schedule_revision: 'Schedule revision',
  campaign: 'Campaign',
  spot: 'Spot',
  media: 'Media',
  coupon: 'Coupon',
  invoice: 'Invoice',
  payment: 'Payment',
  credit_note: 'Credit note',
  user: 'User',
  rate_card: 'Rate card',
  makegood: 'Makegood',
  reconciliation: 'Reconciliation',
  station: 'Station profile',
  channel: 'Channel',
  book: 'Ratings book',
  program: 'Program',
  adcp_buy: 'AdCP change asked',
  adcp_task: 'AdCP task',
};
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  status_change: 'Status changed',
  role_change: 'Role changed',
  delete: 'Deleted',
};

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_SIZE_MAX = 200;
/** The order timeline shows at most this many events, newest last. */
export const TIMELINE_MAX = 500;

export const AUDIT_MESSAGES = {
  badDate: 'Dates must be YYYY-MM-DD',
  badRange: 'The start date must not be after the end date',
  badCursor: 'Invalid cursor',
  badApiKey: 'api_key_id must be an API key id',
  unknownApiKey: 'Unknown API key',
} as const;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalDate = z.preprocess(blankToUndefined, z.string({ error: AUDIT_MESSAGES.badDate }).refine(isIsoDate, AUDIT_MESSAGES.badDate).optional());

export const auditQuerySchema = z
  .object({
    entity: z.preprocess(blankToUndefined, z.enum(AUDIT_ENTITIES, { error: `entity must be one of ${AUDIT_ENTITIES.join(', ')}` }).optional()),
    action: z.preprocess(blankToUndefined, z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional()),
    /** Part of the actor's e-mail, or "system". */
    actor: z.preprocess(blankToUndefined, z.string({ error: 'actor must be text' }).trim().max(200, 'actor must be at most 200 characters').optional()),
    entity_id: z.preprocess(
      blankToUndefined,
      z.string({ error: 'entity_id must be text' }).trim().max(100, 'entity_id must be at most 100 characters').optional(),
    ),
    /** Only the events of this order (the order, its items, spots, campaign, invoices, …). */
    order_id: z.preprocess(blankToUndefined, z.uuid({ error: 'order_id must be an order id' }).optional()),
    /** Only the events made through this API key (by the key or on /mcp). */
    api_key_id: z.preprocess(blankToUndefined, z.uuid({ error: AUDIT_MESSAGES.badApiKey }).optional()),
    /** Station days, inclusive. */
    date_from: optionalDate,
    date_to: optionalDate,
    /** The last id of the previous page (events come newest first). */
    cursor: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: AUDIT_MESSAGES.badCursor })
        .int(AUDIT_MESSAGES.badCursor)
        .positive(AUDIT_MESSAGES.badCursor)
        .max(Number.MAX_SAFE_INTEGER, AUDIT_MESSAGES.badCursor)
        .optional(),
    ),
    limit: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: `limit must be a whole number from 1 to ${AUDIT_PAGE_SIZE_MAX}` })
        .int(`limit must be a whole number from 1 to ${AUDIT_PAGE_SIZE_MAX}`)
        .min(1, `limit must be a whole number from 1 to ${AUDIT_PAGE_SIZE_MAX}`)
        .max(AUDIT_PAGE_SIZE_MAX, `limit must be a whole number from 1 to ${AUDIT_PAGE_SIZE_MAX}`)
        .default(AUDIT_PAGE_SIZE),
    ),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, { message: AUDIT_MESSAGES.badRange, path: ['date_from'] });
export type AuditQuery = z.output<typeof auditQuerySchema>;

const fieldValues = z.record(z.string(), z.unknown()).nullable();

export const auditEventSchema = z.object({
  id: z.number().int(),
  occurred_at: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  /** The user's role, "anonymous" (a request without a user) or "system" (the station clock, jobs). */
  actor_role: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  order_id: z.string().nullable(),
  /** The changed fields: their values before and after (the whole row on create and delete). */
  before: fieldValues,
  after: fieldValues,
  request_id: z.string().nullable(),
  /** The API key the change was made through (an API call or /mcp); null for a signed-in session or the system. */
  api_key: z.object({ id: z.string(), name: z.string(), prefix: z.string() }).nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditListReplySchema = z.object({
  events: z.array(auditEventSchema),
  /**
   * What the page's ids stand for, by id: an advertiser's company (or name), a brand's, an order's or
   * a daypart's name, an invoice's or credit note's number, a file's name (issue 29, item 20).
   */
  names: z.record(z.string(), z.string()),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.number().int().nullable(),
});
export type AuditListReply = z.infer<typeof auditListReplySchema>;

export const timelineReplySchema = z.object({ events: z.array(auditEventSchema), truncated: z.boolean() });
export type TimelineReply = z.infer<typeof timelineReplySchema>;

export const AUDIT_CSV_COLUMNS = [
  'id',
  'occurred_at',
  'actor_email',
  'actor_role',
  'action',
  'entity',
  'entity_id',
  'order_id',
  'before',
  'after',
  'request_id',
  'api_key_id',
  'api_key_name',
  'api_key_prefix',
] as const;

/** A CSV cell of an event: before and after as JSON, the API key by its id, name and prefix. */
export const auditCsvCell = (event: AuditEvent, column: (typeof AUDIT_CSV_COLUMNS)[number]): unknown => {
  if (column === 'before' || column === 'after') return event[column] === null ? '' : JSON.stringify(event[column]);
  if (column === 'api_key_id') return event.api_key?.id ?? '';
  if (column === 'api_key_name') return event.api_key?.name ?? '';
  if (column === 'api_key_prefix') return event.api_key?.prefix ?? '';
  return event[column];
};

/** Who acted, in words. An advertiser reads the station's staff as "Station staff" (their e-mails are not theirs to see). */
export const actorLabel = (event: Pick<AuditEvent, 'actor_email' | 'actor_role'>): string =>
  event.actor_role === 'system'
    ? 'System'
    : event.actor_role === 'anonymous'
      ? 'Anonymous'
      : (event.actor_email ?? (event.actor_role === 'traffic_admin' ? 'Station staff' : 'A deleted user'));

/**
 * An order's timeline as its advertiser may read it (issue 30, finding 9; decision 008): an invoice's
 * events while it is a draft (created, edited, deleted as a draft) are the station's working papers and
 * are left out; its history starts with the event that issues it. Who acted is named only when it is
 * the advertiser; anyone else's id and e-mail are removed (the role stays: "Station staff", "System").
 */
export const advertiserTimeline = (events: readonly AuditEvent[], viewerId: string): AuditEvent[] => {
  const invoiceStatus = new Map<string, unknown>();
  const shown: AuditEvent[] = [];
  for (const event of events) {
    if (event.entity === 'invoice') {
      const status = event.after && 'status' in event.after ? event.after.status : event.after ? invoiceStatus.get(event.entity_id) : event.before?.status;
      invoiceStatus.set(event.entity_id, status);
      if (status === 'draft' || status === undefined) continue;
    }
    shown.push(event.actor_id === viewerId ? event : { ...event, actor_id: null, actor_email: null, api_key: null });
  }
  return shown;
};
