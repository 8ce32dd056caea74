/** Orders (estimates), their items, schedules and revisions, the commercials they air, and the read-only views the orders module publishes (decision 042). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  pgView,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { BILLING_MODES } from '../../../domain/billing';
import { MEDIA_STATUSES } from '../../../domain/media-schemas';
import { ORDER_STATUSES } from '../../../domain/orders';
import { id, createdAt, updatedAt, cents } from './columns';
import { users } from './people';
import { channelPrograms, dayparts } from './station';
import { brands, paymentMethods, coupons } from './catalogue';

/** The station-side house numbers of commercials (SB000001, ...), migration 0025. */
export const mediaHouseNumberSeq = pgSequence('media_house_number_seq');

/** An uploaded spot. Processing columns are filled by the media pipeline. */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: id(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    estimateId: uuid('estimate_id').references((): AnyPgColumn => estimates.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    status: text('status', { enum: MEDIA_STATUSES }).notNull().default('pending'),
    storageKey: text('storage_key').notNull(),
    previewKey: text('preview_key'),
    thumbnailKey: text('thumbnail_key'),
    processingStage: text('processing_stage').notNull().default('uploaded'),
    processingProgress: integer('processing_progress').notNull().default(0),
    processingMessage: text('processing_message'),
    durationSeconds: doublePrecision('duration_seconds'),
    width: integer('width'),
    height: integer('height'),
    videoCodec: text('video_codec'),
    audioCodec: text('audio_codec'),
    /** The instance processing it (decision 015): its lease ends unless renewed by a heartbeat. */
    processingOwner: text('processing_owner'),
    processingLeaseUntil: timestamp('processing_lease_until', { withTimezone: true }),
    /** How many times processing was claimed: 1, plus one per takeover of an expired lease. */
    processingAttempts: integer('processing_attempts').notNull().default(0),
    /** The commercial's Ad-ID (or legacy ISCI code), upper-cased; unique at the station. */
    adId: text('ad_id'),
    /** The booked length in seconds: 15, 30 or 60. */
    spotLength: integer('spot_length'),
    title: text('title'),
    /** The station's own code for the commercial (SB000001, ...; admins may change it): the log's house code when there is no Ad-ID. */
    houseNumber: text('house_number')
      .notNull()
      .default(sql`('SB' || lpad(nextval('media_house_number_seq')::text, 6, '0'))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('media_assets_brand_id_idx').on(t.brandId),
    index('media_assets_status_created_idx').on(t.status, t.createdAt),
    uniqueIndex('media_assets_ad_id_idx')
      .on(t.adId)
      .where(sql`${t.adId} is not null`),
    uniqueIndex('media_assets_house_number_idx').on(t.houseNumber),
    check('media_assets_spot_length_check', sql`${t.spotLength} is null or ${t.spotLength} in (15, 30, 60)`),
  ],
);

export const mediaNamesView = pgView('media_names', {
  id: uuid('id').notNull(),
  brandId: uuid('brand_id').notNull(),
  filename: text('filename').notNull(),
  adId: text('ad_id'),
  title: text('title'),
  durationSeconds: doublePrecision('duration_seconds'),
  houseNumber: text('house_number').notNull(),
}).existing();

/** An order's columns: the table's, and the same again in the orders module's read-only view (orders.sql). */
const orderColumns = () => ({
  id: id(),
  /** The channel the order buys (decision 053); the default channel when none is named. */
  channelId: uuid('channel_id')
    .notNull()
    .default(sql`default_channel_id()`),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
  estimateName: text('estimate_name').notNull().default(''),
  status: text('status', { enum: ORDER_STATUSES }).notNull().default('draft'),
  startDate: date('start_date', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  /** The budget, whole dollars stored as cents. */
  totalSpendCents: cents('total_spend_cents').notNull().default(0),
  /** Weekly cost of the selected dayparts. */
  totalEstimatedCostCents: cents('total_estimated_cost_cents').notNull().default(0),
  discountCents: cents('discount_cents').notNull().default(0),
  /** What is owed after the coupon. */
  totalAmountCents: cents('total_amount_cents').notNull().default(0),
  couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
  couponCode: text('coupon_code'),
  mediaAssetId: uuid('media_asset_id').references((): AnyPgColumn => mediaAssets.id, { onDelete: 'set null' }),
  paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
  notes: text('notes'),
  /** The station's choice per order: bill the whole order up front, or what aired each broadcast month. */
  billingMode: text('billing_mode', { enum: BILLING_MODES }).notNull().default('up_front'),
  /** The agency's own codes for the buy, printed on its invoices and affidavits. */
  agencyEstimateNumber: text('agency_estimate_number'),
  clientCode: text('client_code'),
  productCode: text('product_code'),
  poNumber: text('po_number'),
  /** Where the order came from: the web app, the HTTP API with a key, or an AdCP agent. */
  source: text('source', { enum: ['web', 'api', 'adcp'] })
    .notNull()
    .default('web'),
  /** The buyer's name as the machine buyer gave it. */
  sourceName: text('source_name'),
  /** The demo the order is bought on (issue 43, decision 057), in buyers' notation; null: none. */
  targetDemo: text('target_demo'),
  /** An audience guarantee: impressions (thousands) or GRPs on one demo; all null: none. */
  guaranteeDemo: text('guarantee_demo'),
  guaranteeImpressions: doublePrecision('guarantee_impressions'),
  guaranteeGrps: doublePrecision('guarantee_grps'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const estimates = pgTable('estimates', orderColumns(), (t) => [
  index('estimates_created_idx').on(t.createdAt, t.id),
  index('estimates_owner_created_idx').on(t.ownerId, t.createdAt),
  index('estimates_status_created_idx').on(t.status, t.createdAt),
  index('estimates_brand_id_idx').on(t.brandId),
  index('estimates_start_date_idx').on(t.startDate),
  // Reconciliation pending's page and count (decision 037): booked orders only.
  index('estimates_booked_created_idx')
    .on(t.createdAt, t.id)
    .where(sql`${t.status} in ('approved', 'scheduled', 'active', 'completed')`),
  // When an order came in (submitted, else created): the analytics windows are ranges on it (decision 016).
  index('estimates_order_time_idx').on(sql`coalesce(${t.submittedAt}, ${t.createdAt})`),
  // A channel's list (migration 0047) and its dashboards' windows (migration 0056; decision 053).
  index('estimates_channel_created_idx').on(t.channelId, t.createdAt, t.id),
  index('estimates_channel_order_time_idx').on(t.channelId, sql`coalesce(${t.submittedAt}, ${t.createdAt})`),
  // What campaigns' and invoices' channel refers to (migration 0064): their order's.
  unique('estimates_id_channel_key').on(t.id, t.channelId),
  check('estimates_billing_mode_check', sql`${t.billingMode} in ('up_front', 'monthly')`),
  check('estimates_source_check', sql`${t.source} in ('web', 'api', 'adcp')`),
  check(
    'estimates_guarantee_check',
    sql`(${t.guaranteeDemo} IS NULL) = (${t.guaranteeImpressions} IS NULL AND ${t.guaranteeGrps} IS NULL) AND (${t.guaranteeImpressions} IS NULL OR ${t.guaranteeGrps} IS NULL) AND coalesce(${t.guaranteeImpressions}, ${t.guaranteeGrps}, 1) > 0`,
  ),
]);

/** An order line's columns: the table's, and the same again in the view order_items (orders.sql). */
const orderItemColumns = () => ({
  id: id(),
  estimateId: uuid('estimate_id')
    .notNull()
    .references(() => estimates.id, { onDelete: 'cascade' }),
  daypartId: uuid('daypart_id')
    .notNull()
    .references(() => dayparts.id, { onDelete: 'restrict' }),
  spotsPerOccurrence: integer('spots_per_occurrence').notNull(),
  userDefinedCpmCents: cents('user_defined_cpm_cents'),
  /** The CPM and multiplier the line was booked at (decision 029); null while its order is not booked. */
  bookedCpmCents: integer('booked_cpm_cents'),
  bookedMultiplier: doublePrecision('booked_multiplier'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const estimateItems = pgTable('estimate_items', orderItemColumns(), (t) => [
  uniqueIndex('estimate_items_estimate_daypart_key').on(t.estimateId, t.daypartId),
  index('estimate_items_daypart_id_idx').on(t.daypartId),
  check('estimate_items_spots_check', sql`${t.spotsPerOccurrence} >= 1`),
  check(
    'estimate_items_booked_rate_check',
    sql`(${t.bookedCpmCents} IS NULL) = (${t.bookedMultiplier} IS NULL) AND (${t.bookedCpmCents} IS NULL OR ${t.bookedCpmCents} >= 0)`,
  ),
]);

/** An order's weekly schedule (issue 42, decision 056): its fixed flight, cut into weeks, and the Proposal it came from. */
const scheduleColumns = () => ({
  id: id(),
  estimateId: uuid('estimate_id')
    .notNull()
    .references(() => estimates.id, { onDelete: 'cascade' }),
  weekStartDay: text('week_start_day').notNull().default('Monday'),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  /** The demos the lines' demo values are for, in the buyer's notation (domain/demos). */
  demos: text('demos')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The Proposal's uniqueIdentifier and version, for an import's revisions. */
  proposalId: text('proposal_id'),
  proposalVersion: integer('proposal_version'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const estimateSchedules = pgTable('estimate_schedules', scheduleColumns(), (t) => [
  uniqueIndex('estimate_schedules_estimate_key').on(t.estimateId),
  index('estimate_schedules_proposal_idx')
    .on(t.proposalId)
    .where(sql`${t.proposalId} IS NOT NULL`),
  check('estimate_schedules_flight_check', sql`${t.endDate} >= ${t.startDate}`),
  check('estimate_schedules_week_start_check', sql`${t.weekStartDay} in ('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday')`),
]);

/** A schedule line: days and broadcast-clock times in a daypart, a spot length, a rate per spot and spots per week. */
const scheduleLineColumns = () => ({
  id: id(),
  estimateId: uuid('estimate_id')
    .notNull()
    .references(() => estimates.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  name: text('name').notNull().default(''),
  /** Null while the line fits none of the channel's dayparts (an import's), with the reason. */
  daypartId: uuid('daypart_id').references(() => dayparts.id, { onDelete: 'restrict' }),
  unmappedReason: text('unmapped_reason'),
  days: text('days').array().notNull(),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  spotLength: integer('spot_length').notNull(),
  rateCents: cents('rate_cents').notNull(),
  spotsPerWeek: integer('spots_per_week').array().notNull(),
  demoValues: jsonb('demo_values').$type<Record<string, number>>().notNull().default({}),
  /** The program of the order's channel the line targets (decision 060), when it names one. */
  programId: uuid('program_id').references(() => channelPrograms.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const estimateScheduleLines = pgTable('estimate_schedule_lines', scheduleLineColumns(), (t) => [
  uniqueIndex('estimate_schedule_lines_position_key').on(t.estimateId, t.position),
  index('estimate_schedule_lines_daypart_id_idx').on(t.daypartId),
  index('estimate_schedule_lines_program_id_idx')
    .on(t.programId)
    .where(sql`${t.programId} IS NOT NULL`),
  check('estimate_schedule_lines_length_check', sql`${t.spotLength} in (15, 30, 60)`),
  check('estimate_schedule_lines_rate_check', sql`${t.rateCents} >= 0`),
  check('estimate_schedule_lines_mapped_check', sql`(${t.daypartId} IS NULL) = (${t.unmappedReason} IS NOT NULL)`),
]);

/** A revision of a submitted or booked order's schedule (decision 064): proposed by the buyer, decided by the desk. */
export const estimateScheduleRevisions = pgTable(
  'estimate_schedule_revisions',
  {
    id: id(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    /** 1, 2, … per order. */
    version: integer('version').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** The schedule proposed, as written (orders/schedule-store ScheduleData). */
    proposed: jsonb('proposed').notNull(),
    /** The schedule the revision was proposed against (kept from the proposal on, decision 064), which an approved one replaced. */
    replaced: jsonb('replaced'),
    /** Line by line: added, removed, changed with the fields. */
    changes: jsonb('changes').$type<{ line: string; change: 'added' | 'removed' | 'changed'; fields: string[] }[]>().notNull().default([]),
    proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('estimate_schedule_revisions_version_key').on(t.estimateId, t.version),
    uniqueIndex('estimate_schedule_revisions_pending_key')
      .on(t.estimateId)
      .where(sql`${t.status} = 'pending'`),
    index('estimate_schedule_revisions_proposed_by_idx')
      .on(t.proposedBy)
      .where(sql`${t.proposedBy} IS NOT NULL`),
    index('estimate_schedule_revisions_decided_by_idx')
      .on(t.decidedBy)
      .where(sql`${t.decidedBy} IS NOT NULL`),
    check('estimate_schedule_revisions_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * The orders module's read-only views (src/server/db/sql/orders.sql, decision 042): how another module's
 * query joins or reads an order or its lines. Drizzle cannot insert into, update or delete from a view, and
 * the database refuses it; other modules import these through `modules/orders/public`.
 */
export const ordersView = pgView('orders', orderColumns()).existing();

export const orderItemsView = pgView('order_items', orderItemColumns()).existing();

/** An order's schedule and its lines (issue 42): what availability and the traffic log read of them. */
export const orderSchedulesView = pgView('order_schedules', scheduleColumns()).existing();

export const orderScheduleLinesView = pgView('order_schedule_lines', scheduleLineColumns()).existing();

export const couponUsages = pgTable(
  'coupon_usages',
  {
    id: id(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    estimateId: uuid('estimate_id').references(() => estimates.id, { onDelete: 'set null' }),
    originalAmountCents: cents('original_amount_cents').notNull(),
    discountAmountCents: cents('discount_amount_cents').notNull(),
    finalAmountCents: cents('final_amount_cents').notNull(),
    daypartIds: uuid('daypart_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Whether this use counts toward usage_count, usage_limit and per_user_limit: only once its order
     * is submitted (the submit counts it in its transaction); a use recorded on a draft does not.
     */
    counted: boolean('counted').notNull().default(false),
  },
  (t) => [
    // One estimate counts once per coupon.
    uniqueIndex('coupon_usages_coupon_estimate_key').on(t.couponId, t.estimateId),
    index('coupon_usages_coupon_used_idx').on(t.couponId, t.usedAt),
    index('coupon_usages_user_id_idx').on(t.userId),
  ],
);
