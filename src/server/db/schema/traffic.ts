/** The traffic log (days, spots, moves), the as-run imports that settle it, and makegood offers and their events. */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { MAKEGOOD_ACTIONS, MAKEGOOD_KINDS, MAKEGOOD_STATUSES } from '../../../domain/makegoods';
import { DESK_ACTIONS, SPOT_STATUSES } from '../../../domain/traffic';
import { id, createdAt, updatedAt, cents } from './columns';
import { users } from './people';
import { channels, dayparts } from './station';
import { brands } from './catalogue';
import { mediaAssets, estimates, estimateItems, estimateScheduleLines } from './orders';
import { campaigns } from './campaigns';
import { invoices } from './billing';

/** One as-run file imported (keyed by its content: the same file twice is one import). */
export const asRunImports = pgTable(
  'as_run_imports',
  {
    id: id(),
    contentHash: text('content_hash').notNull(),
    filename: text('filename').notNull(),
    format: text('format', { enum: ['csv', 'bxf'] }).notNull(),
    importedBy: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
    rows: integer('rows').notNull(),
    aired: integer('aired').notNull(),
    reportedMissed: integer('reported_missed').notNull(),
    unmatched: integer('unmatched').notNull(),
    /** Scheduled spots of the imported days that no row reported: now missed. */
    closedMissed: integer('closed_missed').notNull(),
    days: text('days').array().notNull(),
    /** Rows skipped (program, comment, live rows; statuses that settle nothing). */
    skipped: integer('skipped').notNull().default(0),
    /** Spots an earlier import closed as missed that this one found aired. */
    reopened: integer('reopened').notNull().default(0),
    /** What the import closed: nothing, the time range its rows cover, or whole days. */
    closing: text('closing', { enum: ['none', 'range', 'day'] })
      .notNull()
      .default('day'),
    /** A hint the report shows (e.g. a likely time-zone shift). */
    notice: text('notice'),
    /** Who imported, as the audit trail records an actor (audit_actor(), decision 055). */
    actor: jsonb('actor'),
    /** The channels whose spots its rows settled (decision 053). */
    channelIds: uuid('channel_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('as_run_imports_content_hash_key').on(t.contentHash),
    index('as_run_imports_created_idx').on(t.createdAt),
    index('as_run_imports_channel_ids_idx').using('gin', t.channelIds),
  ],
);

/** A broadcast day of the traffic log: when it was placed and whether master control has it. */
export const trafficDays = pgTable(
  'traffic_days',
  {
    /** Each channel has its own log a day (decision 053). */
    channelId: uuid('channel_id')
      .notNull()
      .default(sql`default_channel_id()`)
      .references(() => channels.id, { onDelete: 'restrict' }),
    airDate: date('air_date', { mode: 'string' }).notNull(),
    /** A digest of what was placed: the day is placed again only when its bookings change. */
    inputsDigest: text('inputs_digest').notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the first export (from then on the day keeps its times), and moved by each later one: "changes since export" count from it. */
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    /** When the day was first sent to master control: never moved by a later export (issue 44). */
    firstExportedAt: timestamp('first_exported_at', { withTimezone: true }),
    /** Set when the traffic desk acts on a spot of the day (decision 058): placement no longer rewrites it. */
    heldAt: timestamp('held_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.airDate], name: 'traffic_days_pkey' })],
);

/** One booked spot on the traffic log, at a concrete time inside its daypart. */
export const trafficSpots = pgTable(
  'traffic_spots',
  {
    id: id(),
    /** Its daypart's channel: the log it is on (decision 053). */
    channelId: uuid('channel_id')
      .notNull()
      .default(sql`default_channel_id()`)
      .references(() => channels.id, { onDelete: 'restrict' }),
    airDate: date('air_date', { mode: 'string' }).notNull(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    estimateItemId: uuid('estimate_item_id').references(() => estimateItems.id, { onDelete: 'set null' }),
    /** A schedule's spot (issue 42): its line, whose rate per spot and length it airs and bills at. */
    scheduleLineId: uuid('schedule_line_id').references(() => estimateScheduleLines.id, { onDelete: 'set null' }),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    daypartId: uuid('daypart_id')
      .notNull()
      .references(() => dayparts.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    mediaAssetId: uuid('media_asset_id').references(() => mediaAssets.id, { onDelete: 'set null' }),
    houseCode: text('house_code').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    breakAt: timestamp('break_at', { withTimezone: true }).notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    position: integer('position').notNull(),
    status: text('status', { enum: SPOT_STATUSES }).notNull().default('scheduled'),
    airedAt: timestamp('aired_at', { withTimezone: true }),
    /** What master control reported: the actual length of an aired spot. */
    actualDurationSeconds: integer('actual_duration_seconds'),
    /** Missed because an as-run import closed its range or day (no row reported it): a later airing overrides it. */
    missedByClose: boolean('missed_by_close').notNull().default(false),
    /** The as-run import that settled this spot (aired or missed). */
    asRunImportId: uuid('as_run_import_id').references((): AnyPgColumn => asRunImports.id, { onDelete: 'set null' }),
    /** Set on a makegood: the accepted offer it airs for. */
    makegoodOfferId: uuid('makegood_offer_id').references((): AnyPgColumn => makegoodOffers.id, { onDelete: 'set null' }),
    /** The invoice that billed this aired spot (billing on delivery); cleared when that invoice is voided. */
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => invoices.id, { onDelete: 'set null' }),
    /** Aired by the demo, not by master control: never certified, never billed (decision 031). */
    simulated: boolean('simulated').notNull().default(false),
    /** Placed after its day went to master control: the day must be exported again (decision 031). */
    addedAfterExportAt: timestamp('added_after_export_at', { withTimezone: true }),
    /** Placed here because the day it was booked for had closed (its air time passed) (decision 031). */
    movedFromDate: date('moved_from_date', { mode: 'string' }),
    /** What the traffic desk did to this spot (decision 058): preempted, moved (away: this row) or cancelled. */
    deskAction: text('desk_action', { enum: DESK_ACTIONS }),
    /** The desk's reason (a move's says where to). */
    deskReason: text('desk_reason'),
    deskActedAt: timestamp('desk_acted_at', { withTimezone: true }),
    /** Placed against the product separation (decision 059): the brand of the spot it is too close to. */
    separationConflictBrandId: uuid('separation_conflict_brand_id'),
    /** An ADU (issue 43, decision 057): aired at no charge, never billed. */
    noCharge: boolean('no_charge').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('traffic_spots_day_time_idx').on(t.airDate, t.scheduledAt),
    index('traffic_spots_channel_day_time_idx').on(t.channelId, t.airDate, t.scheduledAt),
    index('traffic_spots_estimate_day_idx').on(t.estimateId, t.airDate, t.scheduledAt),
    // No index holds a column an as-run import writes (status, aired_at, …): its settling is a HOT update, in the
    // half of each page the table's fillfactor (50, migration 0068) leaves free (decisions 062, 065).
    index('traffic_spots_campaign_idx')
      .on(t.campaignId)
      .where(sql`${t.campaignId} IS NOT NULL`),
    index('traffic_spots_house_day_idx').on(t.houseCode, t.airDate),
    index('traffic_spots_invoice_idx')
      .on(t.invoiceId)
      .where(sql`${t.invoiceId} is not null`),
    index('traffic_spots_schedule_line_idx')
      .on(t.scheduleLineId)
      .where(sql`${t.scheduleLineId} IS NOT NULL`),
    check('traffic_spots_status_check', sql`${t.status} in ('scheduled', 'aired', 'missed', 'made_good', 'cancelled', 'unconfirmed')`),
    check('traffic_spots_duration_check', sql`${t.durationSeconds} > 0`),
    check('traffic_spots_desk_action_check', sql`${t.deskAction} in ('preempted', 'moved', 'cancelled')`),
  ],
);

/**
 * A booked spot its day could no longer take because that day had closed (its air time passed):
 * moved to the nearest free day of its window (the order's flight, the daypart's days), or, with no
 * free day left, `to_date` null (the desk sees it on Discrepancies). Decision 031.
 */
export const trafficMoves = pgTable(
  'traffic_moves',
  {
    id: id(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    /** The item whose spot moved, or (a schedule's spot) its line: exactly one (migration 0065). */
    estimateItemId: uuid('estimate_item_id').references(() => estimateItems.id, { onDelete: 'cascade' }),
    scheduleLineId: uuid('schedule_line_id').references(() => estimateScheduleLines.id, { onDelete: 'cascade' }),
    daypartId: uuid('daypart_id')
      .notNull()
      .references(() => dayparts.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    /** Null: no free day was left in the window. */
    toDate: date('to_date', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('traffic_moves_from_idx').on(t.fromDate, t.estimateId),
    index('traffic_moves_to_idx').on(t.toDate),
    check('traffic_moves_line_check', sql`(${t.estimateItemId} is null) <> (${t.scheduleLineId} is null)`),
  ],
);

/** A missed spot's makegood: the day offered, the advertiser's answer, and the credit when there is none. One per missed spot. */
export const makegoodOffers = pgTable(
  'makegood_offers',
  {
    id: id(),
    /** The spot a makegood replaces; null on an ADU (it replaces none). */
    missedSpotId: uuid('missed_spot_id').references((): AnyPgColumn => trafficSpots.id, { onDelete: 'cascade' }),
    /** A makegood of a missed spot, or an ADU (audience deficiency unit, decision 057): a no-charge spot. */
    kind: text('kind', { enum: MAKEGOOD_KINDS }).notNull().default('makegood'),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    estimateItemId: uuid('estimate_item_id').references(() => estimateItems.id, { onDelete: 'set null' }),
    /** The missed spot's schedule line (issue 42): the makegood airs and costs as the line's spot. */
    scheduleLineId: uuid('schedule_line_id').references(() => estimateScheduleLines.id, { onDelete: 'set null' }),
    daypartId: uuid('daypart_id')
      .notNull()
      .references(() => dayparts.id, { onDelete: 'cascade' }),
    /** The offered day; null when no free slot was found. */
    airDate: date('air_date', { mode: 'string' }),
    status: text('status', { enum: MAKEGOOD_STATUSES }).notNull().default('offered'),
    /** What the missed spot would have cost (its delivery's spend at the item's CPM). */
    spotCostCents: cents('spot_cost_cents').notNull(),
    /** The spot's cost once declined, expired or unplaceable; 0 otherwise. */
    creditCents: cents('credit_cents').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('makegood_offers_missed_spot_key').on(t.missedSpotId),
    index('makegood_offers_estimate_idx').on(t.estimateId, t.createdAt),
    index('makegood_offers_daypart_day_idx').on(t.daypartId, t.airDate),
    index('makegood_offers_schedule_line_idx')
      .on(t.scheduleLineId)
      .where(sql`${t.scheduleLineId} IS NOT NULL`),
    index('makegood_offers_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'offered'`),
    check('makegood_offers_status_check', sql`${t.status} in ('offered', 'accepted', 'declined', 'expired', 'unavailable', 'withdrawn')`),
    check('makegood_offers_credit_check', sql`${t.creditCents} >= 0 and ${t.spotCostCents} >= 0`),
    check('makegood_offers_kind_check', sql`${t.kind} in ('makegood', 'adu') and (${t.kind} = 'adu') = (${t.missedSpotId} is null)`),
    check('makegood_offers_adu_cost_check', sql`${t.kind} = 'makegood' or (${t.spotCostCents} = 0 and ${t.creditCents} = 0)`),
  ],
);

/** Every step of a makegood, with who (null: the system) and when. Append-only. */
export const makegoodEvents = pgTable(
  'makegood_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => makegoodOffers.id, { onDelete: 'cascade' }),
    action: text('action', { enum: MAKEGOOD_ACTIONS }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the user is deleted; null for the system. */
    actorEmail: text('actor_email'),
    airDate: date('air_date', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [index('makegood_events_offer_idx').on(t.offerId, t.id)],
);

export const logSpotsView = pgView('log_spots', {
  id: uuid('id').notNull(),
  estimateId: uuid('estimate_id').notNull(),
  channelId: uuid('channel_id').notNull(),
  airDate: date('air_date', { mode: 'string' }).notNull(),
  scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
  houseCode: text('house_code').notNull(),
  status: text('status', { enum: SPOT_STATUSES }).notNull(),
  daypartId: uuid('daypart_id').notNull(),
  estimateItemId: uuid('estimate_item_id'),
  scheduleLineId: uuid('schedule_line_id'),
  makegoodOfferId: uuid('makegood_offer_id'),
  asRunImportId: uuid('as_run_import_id'),
}).existing();

export const logDaysView = pgView('log_days', {
  channelId: uuid('channel_id').notNull(),
  airDate: date('air_date', { mode: 'string' }).notNull(),
  exportedAt: timestamp('exported_at', { withTimezone: true }),
}).existing();

export const makegoodBookingsView = pgView('makegood_bookings', {
  id: uuid('id').notNull(),
  estimateId: uuid('estimate_id').notNull(),
  kind: text('kind', { enum: MAKEGOOD_KINDS }).notNull(),
  status: text('status', { enum: MAKEGOOD_STATUSES }).notNull(),
  missedSpotId: uuid('missed_spot_id'),
  airDate: date('air_date', { mode: 'string' }),
  daypartId: uuid('daypart_id').notNull(),
  estimateItemId: uuid('estimate_item_id'),
  scheduleLineId: uuid('schedule_line_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}).existing();
