/**
 * The audit trail's catalogue, read from the database itself (issue 22): every table is either
 * audited on insert, update and delete, or named below with the reason it is not; and every column an
 * audit trigger names (the order it belongs to, the columns an update is recorded for) exists, so
 * that renaming a column cannot silently stop its auditing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/platform/db';
import { openTestDatabase } from '../support/database';

/** Tables with no audit trigger at all, and why. A new table must be audited or added here. */
const NOT_AUDITED: Record<string, string> = {
  audit_events: 'the trail itself (append-only, enforced by its own triggers)',
  as_run_imports: 'a record of an import; what it changed is audited on the spots, campaigns and makegoods',
  adcp_creatives: "an AdCP buyer's creative id for a media asset; the asset is audited",
  api_keys: 'keeps its own record (created, last used, revoked) and only the hash of its secret; what a key does is audited with its id',
  as_run_changes: "an import's report, spot by spot; the spots it changed are audited",
  as_run_unmatched: "rows of an as-run file that matched no spot: the import's report",
  brand_hours: 'analytics rollup, derived from audited orders',
  campaign_counts: 'campaign stats rollup, derived from audited campaigns',
  brands: "an advertiser's own address book; what was sold is audited on the order",
  book_ratings: 'written once with their audited ratings book, never changed',
  book_universes: 'written once with their audited ratings book, never changed',
  line_audiences: "an order's audience frozen from the current book when it is booked; the booking is audited on the order",
  post_books: "a month's post book, keyed by channel and month (no id for the trail); the books it names are audited",
  campaign_deliveries: 'delivery counters, derived from audited spots',
  coupon_usages: 'a coupon use; the order it discounts is audited',
  daypart_hours: 'analytics rollup',
  daypart_days: 'analytics rollup (daypart_hours per day)',
  daypart_weeks: 'analytics rollup (daypart_hours per week)',
  daypart_order_shares: 'analytics rollup',
  idempotency_keys: 'stored answers replayed to retried requests (kept a day)',
  invoice_lines: 'written once with their audited invoice, never changed',
  mail_outbox: 'mail waiting to be sent',
  makegood_events: "the makegood offer's own history; the offer is audited",
  notification_settings: "a user's own preferences",
  notifications: 'messages to users',
  order_counts: 'analytics rollup',
  password_reset_tokens: 'secrets, never copied into the trail',
  payment_methods: "a user's own cards (record-only), never copied into the trail",
  rate_limits: 'counters of the shared rate limits',
  receivable_customers: 'receivables rollup, derived from audited invoices',
  receivable_days: 'receivables rollup, derived from audited invoices',
  reconciliation_brand_days: 'analytics rollup',
  rollup_deltas: 'staging rows of one transaction (unlogged)',
  schema_definitions: 'the definition files’ checksums, written by migrate() (decision 049)',
  sessions: 'secrets, never copied into the trail',
  socket_io_attachments: "socket.io's cross-instance adapter",
  status_hours: 'analytics rollup, derived from audited orders',
  traffic_days: "the log's days; their spots are audited",
  traffic_moves: 'spots moved off a closed day: derived from audited orders; the spots they place are audited',
  webhook_attempts: 'each try of a webhook delivery',
  webhook_deliveries: "the webhook outbox's deliveries, one per endpoint and event",
  webhook_endpoints: "a user's own endpoints, like their notification settings",
  webhook_events: 'the webhook outbox: events written with the audited change they describe',
};

/** Audited tables whose deletes are refused or never happen, so they have no delete trigger. */
const NO_DELETE_TRIGGER: Record<string, string> = {
  estimate_schedule_revisions: 'a revision is kept as history, deleted only with its audited order',
  adcp_media_buys: 'deleted only with its audited order',
  adcp_tasks: 'deleted only with its audited order',
  credit_notes: 'a credit note is never deleted (decision 013)',
  makegood_offers: 'an offer is closed, never deleted',
  reconciliations: 'a reconciliation is corrected, never deleted',
  station_profile: "the station's one profile row is edited, never deleted",
  traffic_spots: 'spots are placed and removed with their day; only their status changes are recorded',
};
/** Audited tables whose inserts are not recorded, and why. */
const NO_INSERT_TRIGGER: Record<string, string> = {
  estimate_schedule_revisions:
    'a proposal is kept as history (who proposed it, when, the schedule proposed and the one it was proposed against); the desk’s decision (status, notes) is recorded, and what an approval changes is audited on the schedule and its lines',
  adcp_media_buys: 'made with its audited order; only a change asked of an approved buy (pending_change) is recorded',
  adcp_tasks: "made with its audited order or with the change asked; only the status and the desk's note are recorded",
  traffic_spots: 'spots are placed by the log, not by a person; only status changes (aired, missed) and billing are recorded',
};

interface AuditTrigger {
  table: string;
  trigger: string;
  fn: string;
  args: string[];
}

let database: Database;
let triggers: AuditTrigger[];
let tables: string[];
let columns: Map<string, Set<string>>;

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

beforeAll(async () => {
  database = await openTestDatabase();
  tables = rowsOf<{ name: string }>(
    await database.db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`),
  ).map((r) => r.name);
  triggers = rowsOf<{ table: string; trigger: string; fn: string; args: string }>(
    await database.db.execute(sql`select c.relname as "table", t.tgname as trigger, p.proname as fn, encode(t.tgargs, 'escape') as args
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and p.proname in ('audit_insert', 'audit_update', 'audit_delete') order by 1, 2`),
  ).map((r) => ({ ...r, args: r.args.split('\\000').slice(0, -1) }));
  columns = new Map();
  for (const row of rowsOf<{ table: string; column: string }>(
    await database.db.execute(sql`select table_name as "table", column_name as "column" from information_schema.columns where table_schema = 'public'`),
  )) {
    if (!columns.has(row.table)) columns.set(row.table, new Set());
    columns.get(row.table)!.add(row.column);
  }
});
afterAll(async () => {
  await database?.close();
});

describe('the audit catalogue', () => {
  it('audits every table on insert, update and delete, or says why not', () => {
    const audited = new Set(triggers.map((t) => t.table));
    const unexplained = tables.filter((table) => !audited.has(table) && !(table in NOT_AUDITED));
    expect(unexplained, 'tables with neither audit triggers nor a reason in NOT_AUDITED').toEqual([]);
    for (const table of audited) {
      const fns = new Set(triggers.filter((t) => t.table === table).map((t) => t.fn));
      if (!(table in NO_INSERT_TRIGGER)) expect(fns.has('audit_insert'), `${table}: no insert trigger`).toBe(true);
      expect(fns.has('audit_update'), `${table}: no update trigger`).toBe(true);
      if (!(table in NO_DELETE_TRIGGER)) expect(fns.has('audit_delete'), `${table}: no delete trigger`).toBe(true);
    }
  });

  it('lists no table twice and no table that no longer exists', () => {
    const audited = new Set(triggers.map((t) => t.table));
    for (const table of Object.keys(NOT_AUDITED)) {
      expect(tables, `NOT_AUDITED names ${table}`).toContain(table);
      expect(audited.has(table), `${table} is audited and also listed as not audited`).toBe(false);
    }
    for (const table of [...Object.keys(NO_DELETE_TRIGGER), ...Object.keys(NO_INSERT_TRIGGER)]) expect(audited.has(table), table).toBe(true);
  });

  it('names only columns that exist: the order column and the watched columns of every trigger', () => {
    expect(triggers.length).toBeGreaterThan(20);
    for (const { table, trigger, args } of triggers) {
      const [entity, orderColumn, watched] = args;
      expect(entity, `${trigger}: entity`).toMatch(/^[a-z_]+$/);
      const existing = columns.get(table)!;
      if (orderColumn) expect(existing.has(orderColumn), `${trigger}: order column ${orderColumn}`).toBe(true);
      for (const column of (watched ?? '').split(',').filter(Boolean)) expect(existing.has(column), `${trigger}: watched column ${column}`).toBe(true);
    }
  });

  it("records a campaign's and an invoice's channel (migration 0064): their update triggers watch every column", () => {
    for (const table of ['campaigns', 'invoices']) {
      expect(columns.get(table)!.has('channel_id'), `${table}.channel_id`).toBe(true);
      const update = triggers.find((t) => t.table === table && t.fn === 'audit_update');
      expect(update?.args[2], `${table}: watched columns ('' for every one)`).toBe('');
    }
  });

  it('refuses the write when a trigger names a column that is gone, instead of silently auditing nothing (decision 039)', async () => {
    const attempt = database.db.transaction(async (tx) => {
      await tx.execute(sql`create trigger coupons_audit_renamed after update on coupons referencing old table as old_rows new table as new_rows
        for each statement execute function audit_update('coupon', '', 'code,renamed_column')`);
      await tx.execute(sql`update coupons set code = code where false`);
    });
    const messages: string[] = [];
    await attempt.catch((error: unknown) => {
      for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) messages.push(String((e as Error).message));
    });
    expect(messages.join(' | ')).toContain('audit trigger coupons_audit_renamed names no column renamed_column');
    const left = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from pg_trigger where tgname = 'coupons_audit_renamed'`));
    expect(left[0]!.n).toBe(0);
  });
});
