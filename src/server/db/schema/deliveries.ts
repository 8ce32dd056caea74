/** What the as-run import writes beside the log: each airing's delivery, unmatched rows and the change list (decisions 044, 055). */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { id, cents } from './columns';
import { channels, dayparts } from './station';
import { campaigns } from './campaigns';
import { asRunImports, trafficSpots } from './traffic';

/** One simulated airing of one spot: the campaign's performance history. */
export const campaignDeliveries = pgTable(
  'campaign_deliveries',
  {
    id: id(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    daypartId: uuid('daypart_id').references(() => dayparts.id, { onDelete: 'set null' }),
    airedAt: timestamp('aired_at', { withTimezone: true }).notNull().defaultNow(),
    impressions: integer('impressions').notNull(),
    spendCents: cents('spend_cents').notNull(),
    /** The traffic log's spot that aired (absent for airings before the traffic log). */
    spotId: uuid('spot_id').references((): AnyPgColumn => trafficSpots.id, { onDelete: 'set null' }),
    /** Made up by the demo (SPOTBOOK_DEMO): never certified, never billed (decision 031). */
    simulated: boolean('simulated').notNull().default(false),
  },
  (t) => [
    index('campaign_deliveries_campaign_aired_idx').on(t.campaignId, t.airedAt),
    // The dashboard's airings of a period, for every campaign or one channel's (the INCLUDE (campaign_id, impressions,
    // spend_cents) of migration 0064, before it 0013's (impressions, spend_cents)): a channel's hash-joined with its campaigns' ids.
    index('campaign_deliveries_aired_idx').on(t.airedAt),
    uniqueIndex('campaign_deliveries_spot_id_key').on(t.spotId),
  ],
);

/** An as-run row that matched no spot, with its line and why: never dropped silently. */
export const asRunUnmatched = pgTable(
  'as_run_unmatched',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: uuid('import_id')
      .notNull()
      .references(() => asRunImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    airDate: text('air_date').notNull(),
    airTime: text('air_time').notNull(),
    houseCode: text('house_code').notNull(),
    reason: text('reason').notNull(),
    /** The channel the row named, or the upload's (decision 053). */
    channelId: uuid('channel_id')
      .notNull()
      .default(sql`default_channel_id()`)
      .references(() => channels.id, { onDelete: 'restrict' }),
  },
  (t) => [index('as_run_unmatched_import_line_idx').on(t.importId, t.line)],
);

/** What one as-run import changed, spot by spot (aired, missed, closed as missed) and the rows it skipped. */
export const asRunChanges = pgTable(
  'as_run_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: uuid('import_id')
      .notNull()
      .references(() => asRunImports.id, { onDelete: 'cascade' }),
    line: integer('line'),
    outcome: text('outcome', { enum: ['aired', 'missed', 'closed_missed', 'skipped'] }).notNull(),
    spotId: uuid('spot_id').references((): AnyPgColumn => trafficSpots.id, { onDelete: 'set null' }),
    airDate: text('air_date').notNull(),
    airTime: text('air_time').notNull(),
    houseCode: text('house_code').notNull(),
    note: text('note'),
    /**
     * A change of a spot is that spot's audit event (decision 055): its id in the trail, drawn from
     * audit_events' sequence; the spot and its order as the trail keeps them; the status before.
     */
    auditId: bigint('audit_id', { mode: 'number' }),
    spotKey: text('spot_key'),
    orderId: uuid('order_id'),
    previousStatus: text('previous_status'),
  },
  (t) => [
    index('as_run_changes_import_idx').on(t.importId, t.outcome, t.id),
    uniqueIndex('as_run_changes_audit_idx')
      .on(t.auditId)
      .where(sql`${t.auditId} is not null`),
    index('as_run_changes_spot_audit_idx')
      .on(t.spotKey, t.auditId)
      .where(sql`${t.auditId} is not null`),
    index('as_run_changes_order_audit_idx')
      .on(t.orderId, t.auditId)
      .where(sql`${t.auditId} is not null`),
    check('as_run_changes_outcome_check', sql`${t.outcome} in ('aired', 'missed', 'closed_missed', 'skipped')`),
  ],
);
