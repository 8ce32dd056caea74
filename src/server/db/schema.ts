/**
 * The database schema. Conventions: uuid ids, created_at/updated_at as timestamptz,
 * money in integer cents (bigint read as number), explicit on-delete on every foreign key,
 * an index for every list's filter and sort.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { BILLING_MODES, INVOICE_KINDS, PAYMENT_DIRECTIONS, PAYMENT_METHODS, STORED_INVOICE_STATUSES } from '../../domain/billing';
import { CAMPAIGN_STATUSES } from '../../domain/campaigns';
import { DISCOUNT_TYPES } from '../../domain/coupons';
import { MEDIA_STATUSES } from '../../domain/media-schemas';
import { ORDER_STATUSES } from '../../domain/orders';
import { NOTIFICATION_TYPES, SYSTEM_SUB_TYPES } from '../../domain/realtime';
import { ROLES } from '../../domain/roles';
import { MAKEGOOD_ACTIONS, MAKEGOOD_KINDS, MAKEGOOD_STATUSES } from '../../domain/makegoods';
import { DESK_ACTIONS, SPOT_STATUSES } from '../../domain/traffic';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Money column: integer cents. */
export const cents = (name: string) => bigint(name, { mode: 'number' });

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('client'),
    /** A traffic admin limited to these channels (decision 053); empty: every channel. */
    channelIds: uuid('channel_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    address: text('address'),
    company: text('company'),
    jobTitle: text('job_title'),
    /** Set when the account is an advertising agency: the commission it keeps (a fraction, 0.15 = 15 %). */
    agencyCommissionRate: numeric('agency_commission_rate', { precision: 7, scale: 6, mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
    // Users' keyset pages (decision 037): the list's own order.
    index('users_created_email_idx').on(t.createdAt.desc(), t.email),
    check('users_role_check', sql`${t.role} in ('client', 'traffic_admin')`),
    check('users_agency_commission_rate_check', sql`${t.agencyCommissionRate} is null or (${t.agencyCommissionRate} >= 0 and ${t.agencyCommissionRate} < 1)`),
  ],
);

/** A signed-in session; the token names it, so logout revokes exactly this one. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Reset tokens are stored only as a SHA-256 hash; single use, short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash), index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/** A file sent with an e-mail, kept in the outbox with its message. */
export interface MailAttachmentRow {
  filename: string;
  content_type: string;
  content_base64: string;
}

/** Every outgoing e-mail: the embedded mail adapter's delivery, the SMTP adapter's log and retry queue. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Files sent with the message: [{ filename, content_type, content_base64 }]. */
    attachments: jsonb('attachments').$type<MailAttachmentRow[]>(),
    status: text('status', { enum: ['stored', 'queued', 'sending', 'sent', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_at_idx').on(t.createdAt), index('mail_outbox_to_idx').on(t.toAddress)],
);

/** A channel: one program stream of a licence (6.1, 6.2) or one station of a group (decision 053). */
export const channels = pgTable(
  'channels',
  {
    id: id(),
    callLetters: text('call_letters'),
    channelNumber: text('channel_number').notNull(),
    name: text('name').notNull(),
    market: text('market'),
    /** Null: the station's configured time zone (STATION_TIMEZONE). */
    timeZone: text('time_zone'),
    /** BXF's Channel shortName. */
    shortName: text('short_name'),
    active: boolean('active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('channels_default_active_check', sql`not ${t.isDefault} or ${t.active}`)],
);

/** A channel's program schedule (decision 060): a program airs on its days from start to end (station wall clock; an end at or before the start is the next day's). */
export const channelPrograms = pgTable(
  'channel_programs',
  {
    id: id(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    days: text('days').array().notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('channel_programs_channel_id_idx').on(t.channelId),
    check('channel_programs_name_check', sql`char_length(${t.name}) BETWEEN 1 AND 120`),
    check('channel_programs_days_check', sql`cardinality(${t.days}) BETWEEN 1 AND 7`),
    check(
      'channel_programs_times_check',
      sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND ${t.endTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND ${t.startTime} <> ${t.endTime}`,
    ),
    check('channel_programs_dates_check', sql`${t.endDate} IS NULL OR ${t.startDate} IS NULL OR ${t.endDate} >= ${t.startDate}`),
  ],
);

export const dayparts = pgTable(
  'dayparts',
  {
    id: id(),
    /** The channel whose rate card holds it (decision 053). */
    channelId: uuid('channel_id')
      .notNull()
      .default(sql`default_channel_id()`)
      .references(() => channels.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    daysOfWeek: text('days_of_week')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    baseCpmCents: cents('base_cpm_cents').notNull(),
    minCpmCents: cents('min_cpm_cents').notNull().default(500),
    multiplier: doublePrecision('multiplier').notNull().default(1),
    spotFrequency: integer('spot_frequency').notNull().default(30),
    isPrimeTime: boolean('is_prime_time').notNull().default(false),
    /** A :15 and a :60 as a percentage of a :30's price (decision 035); 100 keeps the CPM. */
    rate15Percent: integer('rate_15_percent').notNull().default(100),
    rate60Percent: integer('rate_60_percent').notNull().default(100),
    /** A flat rate per :30 spot, where the station sets one (AdCP's flat_rate pricing option). */
    flatRateCents: cents('flat_rate_cents'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('dayparts_name_key').on(t.channelId, t.name),
    check('dayparts_spot_frequency_check', sql`${t.spotFrequency} >= 1`),
    check('dayparts_cpm_check', sql`${t.baseCpmCents} >= 0 and ${t.minCpmCents} >= 0`),
    check(
      'dayparts_length_rates_check',
      sql`${t.rate15Percent} BETWEEN 1 AND 1000 AND ${t.rate60Percent} BETWEEN 1 AND 1000 AND (${t.flatRateCents} IS NULL OR ${t.flatRateCents} > 0)`,
    ),
  ],
);

// ── ordering ──────────────────────────────────────────────────────────────────

export const brands = pgTable(
  'brands',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commonName: text('common_name').notNull(),
    legalName: text('legal_name').notNull(),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    contactPerson: text('contact_person'),
    contactFirstName: text('contact_first_name'),
    contactLastName: text('contact_last_name'),
    contactJobTitle: text('contact_job_title'),
    /** What it sells, for product separation on the log (decision 059); null: never separated. */
    productCategory: text('product_category'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('brands_owner_id_idx').on(t.ownerId), index('brands_common_name_idx').on(t.commonName), index('brands_created_idx').on(t.createdAt, t.id)],
);

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

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    cardBrand: text('card_brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payment_methods_owner_id_idx').on(t.ownerId), index('payment_methods_brand_id_idx').on(t.brandId)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    discountType: text('discount_type', { enum: DISCOUNT_TYPES }).notNull().default('percentage_with_max'),
    percentageOff: doublePrecision('percentage_off'),
    maxDiscountAmountCents: cents('max_discount_amount_cents'),
    fixedAmountOffCents: cents('fixed_amount_off_cents'),
    minimumSpendRequiredCents: cents('minimum_spend_required_cents'),
    /** Stripe-style fields, kept for API clients that speak Stripe's coupon shape. */
    percentOff: doublePrecision('percent_off'),
    amountOff: cents('amount_off'),
    currency: text('currency').notNull().default('usd'),
    duration: text('duration', { enum: ['once', 'repeating', 'forever'] })
      .notNull()
      .default('once'),
    durationInMonths: integer('duration_in_months'),
    usageLimit: integer('usage_limit'),
    perUserLimit: integer('per_user_limit'),
    usageCount: integer('usage_count').notNull().default(0),
    restrictedToUserId: uuid('restricted_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    restrictedToDaypartIds: uuid('restricted_to_daypart_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    index('coupons_created_at_idx').on(t.createdAt),
    check('coupons_usage_check', sql`${t.usageLimit} is null or ${t.usageCount} <= ${t.usageLimit}`),
  ],
);

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
    /** The schedule an approved revision replaced. */
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

/**
 * What brands, users, media and payment methods publish for the orders list's one statement to join
 * (src/server/db/sql/published.sql, issue 39): one-table read-only views, inlined by the planner. Other
 * modules import them through their owner's `public.ts`.
 */
export const userNamesView = pgView('user_names', {
  id: uuid('id').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email').notNull(),
}).existing();
export const brandNamesView = pgView('brand_names', {
  id: uuid('id').notNull(),
  ownerId: uuid('owner_id').notNull(),
  commonName: text('common_name').notNull(),
}).existing();
export const mediaNamesView = pgView('media_names', {
  id: uuid('id').notNull(),
  brandId: uuid('brand_id').notNull(),
  filename: text('filename').notNull(),
}).existing();
export const cardLabelsView = pgView('card_labels', {
  id: uuid('id').notNull(),
  ownerId: uuid('owner_id').notNull(),
  last4: text('last4').notNull(),
  cardBrand: text('card_brand').notNull(),
}).existing();

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

/** The delivery of a booked order (one per order); counters are totals of its deliveries. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('scheduled'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    totalBudgetCents: cents('total_budget_cents').notNull().default(0),
    weeklySpots: integer('weekly_spots').notNull().default(0),
    totalSpots: integer('total_spots').notNull().default(0),
    airedSpots: integer('aired_spots').notNull().default(0),
    totalImpressions: bigint('total_impressions', { mode: 'number' }).notNull().default(0),
    spendCents: cents('spend_cents').notNull().default(0),
    /** The simulated part of the counters above (decision 052): never delivery for reconciliation. */
    simulatedSpots: integer('simulated_spots').notNull().default(0),
    simulatedImpressions: bigint('simulated_impressions', { mode: 'number' }).notNull().default(0),
    simulatedSpendCents: cents('simulated_spend_cents').notNull().default(0),
    lastAiredAt: timestamp('last_aired_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('campaigns_estimate_id_key').on(t.estimateId),
    index('campaigns_created_idx').on(t.createdAt),
    index('campaigns_owner_created_idx').on(t.ownerId, t.createdAt),
    index('campaigns_status_created_idx').on(t.status, t.createdAt),
    index('campaigns_brand_id_idx').on(t.brandId),
    index('campaigns_end_date_idx').on(t.endDate),
    check('campaigns_status_check', sql`${t.status} in ('scheduled', 'active', 'paused', 'completed', 'cancelled')`),
    check('campaigns_counters_check', sql`${t.spendCents} >= 0 and ${t.airedSpots} >= 0 and ${t.totalImpressions} >= 0`),
  ],
);

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
    // The dashboard's airings of a period, for every campaign (migration 0013 adds INCLUDE (impressions, spend_cents)).
    index('campaign_deliveries_aired_idx').on(t.airedAt),
    uniqueIndex('campaign_deliveries_spot_id_key').on(t.spotId),
  ],
);

/** The station's own details, printed on invoices, affidavits and logs. One row (id 1). */
export const stationProfile = pgTable(
  'station_profile',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull().default('Spotbook Station'),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    remitTo: text('remit_to'),
    taxId: text('tax_id'),
    /** A small image as a data: URL (PNG or JPEG). */
    logo: text('logo'),
    /** Master control's frame rate (timecodes in BXF and as-runs) and whether its timecodes drop frames. */
    frameRate: numeric('frame_rate', { precision: 6, scale: 3, mode: 'number' }).notNull().default(29.97),
    dropFrame: boolean('drop_frame').notNull().default(true),
    /** How as-run files write a date like 03/04/2027: month first (MDY) or day first (DMY). */
    dateOrder: text('date_order', { enum: ['MDY', 'DMY'] })
      .notNull()
      .default('MDY'),
    /** The station's identity for AdCP buyers (/.well-known/adagents.json, decision 035). */
    callLetters: text('call_letters'),
    fccFacilityId: text('fcc_facility_id'),
    /** The public URL of the station's AdCP agent (its /mcp); the app's own when unset. */
    agentUrl: text('agent_url'),
    /** Spots whose commercial has no Ad-ID are not placed on the log (else placed and flagged "no Ad-ID"). */
    requireAdId: boolean('require_ad_id').notNull().default(false),
    /** A missed spot is offered a makegood at once (else the traffic desk offers it, decision 058). */
    autoOfferMakegoods: boolean('auto_offer_makegoods').notNull().default(false),
    /** Minutes between two brands of one product category on the log, by category; one left out: 15 (decision 059). */
    productSeparations: jsonb('product_separations').$type<Record<string, number>>().notNull().default({}),
    /** The paper its documents (invoice, statement, affidavit, credit note) are printed on (issue 44). */
    paperSize: text('paper_size', { enum: ['letter', 'a4'] })
      .notNull()
      .default('letter'),
    /** House-code prefixes of the station's own material (PSA, promo, ID): as-run rows with them are skipped, not unmatched (issue 44). */
    stationMaterialPrefixes: text('station_material_prefixes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('station_profile_single_row', sql`${t.id} = 1`),
    check('station_profile_date_order_check', sql`${t.dateOrder} in ('MDY', 'DMY')`),
    check('station_profile_frame_rate_check', sql`${t.frameRate} in (23.976, 24, 25, 29.97, 30, 50, 59.94, 60)`),
    check('station_profile_paper_size_check', sql`${t.paperSize} in ('letter', 'a4')`),
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
    // 15 % of each page the table's fillfactor (85, migration 0063) leaves free (decision 062).
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
    estimateItemId: uuid('estimate_item_id')
      .notNull()
      .references(() => estimateItems.id, { onDelete: 'cascade' }),
    daypartId: uuid('daypart_id')
      .notNull()
      .references(() => dayparts.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    /** Null: no free day was left in the window. */
    toDate: date('to_date', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [index('traffic_moves_from_idx').on(t.fromDate, t.estimateId), index('traffic_moves_to_idx').on(t.toDate)],
);

/**
 * Actual figures entered for a booked order (the traffic desk's reconciliation), next to the
 * projection they were compared with at that moment. One per order.
 */
export const reconciliations = pgTable(
  'reconciliations',
  {
    id: id(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    projectedSpendCents: cents('projected_spend_cents').notNull(),
    projectedImpressions: bigint('projected_impressions', { mode: 'number' }).notNull(),
    actualSpendCents: cents('actual_spend_cents').notNull(),
    actualImpressions: bigint('actual_impressions', { mode: 'number' }).notNull(),
    notes: text('notes'),
    /** What the traffic log says aired, at the moment of reconciling (null: reconciled before airings were counted). */
    airedSpendCents: cents('aired_spend_cents'),
    airedImpressions: bigint('aired_impressions', { mode: 'number' }),
    /** Why the actual figures differ from the aired ones. */
    overrideReason: text('override_reason'),
    reconciledBy: uuid('reconciled_by').references(() => users.id, { onDelete: 'set null' }),
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('reconciliations_estimate_id_key').on(t.estimateId), index('reconciliations_reconciled_at_idx').on(t.reconciledAt)],
);

/** The bell's history: one row per recipient, the newest 50 per user kept. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    subType: text('sub_type', { enum: SYSTEM_SUB_TYPES }),
    status: text('status'),
    message: text('message').notNull(),
    estimateId: uuid('estimate_id').references(() => estimates.id, { onDelete: 'set null' }),
    mediaId: uuid('media_id').references(() => mediaAssets.id, { onDelete: 'set null' }),
    estimateName: text('estimate_name'),
    filename: text('filename'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

/** Who receives e-mail for each notification type (admin Email Notification Settings). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: id(),
    notificationType: text('notification_type', { enum: NOTIFICATION_TYPES }).notNull(),
    recipientEmail: text('recipient_email').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('notification_settings_type_email_key').on(t.notificationType, t.recipientEmail)],
);

// ── billing ───────────────────────────────────────────────────────────────────

/** Numbers invoices: INV-<year>-<6 digits>. */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1, increment: 1 });

/**
 * An invoice for an order. Amounts are frozen when it is made; `paid_cents` follows its payments.
 * `status` holds draft, sent, paid, cancelled or refunded: overdue is computed on read.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    invoiceNumber: text('invoice_number').notNull(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    subtotalCents: cents('subtotal_cents').notNull(),
    discountCents: cents('discount_cents').notNull().default(0),
    /** A fraction (0.0825 = 8.25%). */
    taxRate: numeric('tax_rate', { precision: 7, scale: 6, mode: 'number' }).notNull().default(0),
    taxCents: cents('tax_cents').notNull().default(0),
    totalCents: cents('total_cents').notNull(),
    /** Money received (payments); refunds paid back are in refunded_cents. */
    paidCents: cents('paid_cents').notNull().default(0),
    /** An agency's commission: the rate copied from the account when invoiced, and its amount of the total. */
    commissionRate: numeric('commission_rate', { precision: 7, scale: 6, mode: 'number' }).notNull().default(0),
    commissionCents: cents('commission_cents').notNull().default(0),
    /** Sum of the invoice's credit notes. */
    creditedCents: cents('credited_cents').notNull().default(0),
    /** Sum of refunds paid back to the advertiser (payments with direction refund). */
    refundedCents: cents('refunded_cents').notNull().default(0),
    /** up_front: the whole order; broadcast_month: what aired in [period_start, period_end]; final: the rest of a completed order. */
    kind: text('kind', { enum: INVOICE_KINDS }).notNull().default('up_front'),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    voidReason: text('void_reason'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: STORED_INVOICE_STATUSES }).notNull().default('draft'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    paymentTerms: text('payment_terms').notNull(),
    notes: text('notes'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The station and the billed party as they were when the invoice was issued (decision 029); null on a draft. */
    issuedParties: jsonb('issued_parties'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_invoice_number_key').on(t.invoiceNumber),
    // One live up-front (or final) invoice per order, one live invoice per order and broadcast month: a voided (cancelled) one may be replaced.
    uniqueIndex('invoices_estimate_live_key')
      .on(t.estimateId, t.kind)
      .where(sql`${t.status} <> 'cancelled' and ${t.kind} <> 'broadcast_month'`),
    uniqueIndex('invoices_estimate_month_live_key')
      .on(t.estimateId, t.periodStart)
      .where(sql`${t.status} <> 'cancelled' and ${t.kind} = 'broadcast_month'`),
    index('invoices_created_idx').on(t.createdAt, t.id),
    index('invoices_status_due_idx').on(t.status, t.dueDate),
    index('invoices_customer_id_idx').on(t.customerId),
    // Receivables ageing from the index alone (decision 037); the columns are in migration 0031's INCLUDE.
    index('invoices_receivable_idx')
      .on(t.customerId, t.dueDate)
      .where(sql`${t.status} = 'sent'`),
    index('invoices_brand_id_idx').on(t.brandId),
    index('invoices_issue_date_idx').on(t.issueDate),
    check('invoices_status_check', sql`${t.status} in ('draft', 'sent', 'paid', 'cancelled', 'refunded')`),
    check(
      'invoices_amounts_check',
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.taxCents} >= 0 and ${t.paidCents} >= 0 and ${t.commissionCents} >= 0 and ${t.commissionCents} <= ${t.totalCents} and ${t.creditedCents} >= 0 and ${t.creditedCents} <= ${t.totalCents} - ${t.commissionCents} and ${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.paidCents}`,
    ),
    check('invoices_kind_check', sql`${t.kind} in ('up_front', 'broadcast_month', 'final')`),
    check('invoices_commission_rate_check', sql`${t.commissionRate} >= 0 and ${t.commissionRate} < 1`),
    check('invoices_tax_rate_check', sql`${t.taxRate} >= 0 and ${t.taxRate} <= 1`),
  ],
);

export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountCents: cents('amount_cents').notNull(),
    /** payment: money received; refund: money paid back to the advertiser (record-only). */
    direction: text('direction', { enum: PAYMENT_DIRECTIONS }).notNull().default('payment'),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    /** How the money moved (issue 29 item 22); null on payments recorded before. */
    method: text('method', { enum: PAYMENT_METHODS }),
    /** Cheque number, transfer id, card authorisation… */
    reference: text('reference'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_payments_invoice_id_idx').on(t.invoiceId, t.createdAt),
    index('invoice_payments_payment_date_idx').on(t.paymentDate),
    check('invoice_payments_amount_check', sql`${t.amountCents} > 0`),
    check('invoice_payments_direction_check', sql`${t.direction} in ('payment', 'refund')`),
    check('invoice_payments_method_check', sql`${t.method} is null or ${t.method} in ('check', 'ach', 'wire', 'card', 'cash', 'other')`),
  ],
);

/** One line of an invoice: quantity × unit price = amount; an invoice's lines add up to its subtotal. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    daypartId: uuid('daypart_id').references(() => dayparts.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    unitCents: cents('unit_cents').notNull(),
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [uniqueIndex('invoice_lines_invoice_position_key').on(t.invoiceId, t.position), check('invoice_lines_quantity_check', sql`${t.quantity} >= 0`)],
);

/** Numbers credit notes: CN-<year>-<6 digits>. */
export const creditNoteNumberSeq = pgSequence('credit_note_number_seq', { startWith: 1, increment: 1 });

/** A credit against a sent or paid invoice, for part or all of what it asks. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    creditNumber: text('credit_number').notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: cents('amount_cents').notNull(),
    reason: text('reason').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_credit_number_key').on(t.creditNumber),
    index('credit_notes_invoice_idx').on(t.invoiceId, t.createdAt),
    index('credit_notes_customer_idx').on(t.customerId, t.createdAt),
    check('credit_notes_amount_check', sql`${t.amountCents} > 0`),
  ],
);

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

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Large payloads of the socket.io PostgreSQL adapter (its default table layout); written only by the adapter. */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});

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
export * from './rollups';

/** API keys (decision 030): only the secret's SHA-256 is kept; a key acts as its owner, narrowed by its scopes. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Made by an administrator: a station service key, listed to every administrator. */
    station: boolean('station').notNull().default(false),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_secret_hash_idx').on(t.secretHash), index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

/** Idempotent writes (decision 030): the first answer under (caller, key); no status while it runs. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pkey', columns: [t.caller, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);

/** Shared fixed-window counters (API rate limit, sign-in and password limits) that every instance reads. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowEndsAt)],
);

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

/** AdCP (decision 035): what a media buy adds to its order (estimate_id): the buyer's reference, packages, revision, push endpoint. */
export const adcpMediaBuys = pgTable(
  'adcp_media_buys',
  {
    estimateId: uuid('estimate_id')
      .primaryKey()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerRef: text('buyer_ref'),
    revision: integer('revision').notNull().default(1),
    packages: jsonb('packages').notNull(),
    /** A budget or flight change of an approved buy, waiting for the desk (decision 035). */
    pendingChange: jsonb('pending_change'),
    pushEndpointId: uuid('push_endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('adcp_media_buys_owner_idx').on(t.ownerId, t.createdAt)],
);

/** AdCP tasks: a mutating call that waits for the station (its status follows its order's). */
export const adcpTasks = pgTable(
  'adcp_tasks',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskType: text('task_type').notNull(),
    /** A change of an approved buy: its own outcome (submitted, completed, rejected); null follows the order. */
    status: text('status'),
    note: text('note'),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('adcp_tasks_estimate_idx').on(t.estimateId)],
);

/** AdCP creatives: the buyer's creative id for a media asset, per account. */
export const adcpCreatives = pgTable(
  'adcp_creatives',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creativeId: text('creative_id').notNull(),
    mediaAssetId: uuid('media_asset_id').references(() => mediaAssets.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    formatId: text('format_id').notNull(),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'adcp_creatives_pkey', columns: [t.ownerId, t.creativeId] })],
);

/** A ratings book of one channel (issue 43, decision 057): at most one current book a channel. */
export const books = pgTable(
  'books',
  {
    id: id(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    ratingService: text('rating_service').notNull(),
    geography: text('geography'),
    surveyPeriod: text('survey_period').notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('books_name_key').on(t.channelId, sql`lower(${t.name})`),
    uniqueIndex('books_current_key')
      .on(t.channelId)
      .where(sql`${t.isCurrent}`),
  ],
);

/** A book's universe of each demo, thousands. */
export const bookUniverses = pgTable(
  'book_universes',
  {
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    demo: text('demo').notNull(),
    universe: doublePrecision('universe').notNull(),
  },
  (t) => [primaryKey({ name: 'book_universes_pkey', columns: [t.bookId, t.demo] }), check('book_universes_universe_check', sql`${t.universe} > 0`)],
);

/** A book's rating (points) and impressions (thousands) a spot, per daypart and demo. */
export const bookRatings = pgTable(
  'book_ratings',
  {
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    daypartId: uuid('daypart_id')
      .notNull()
      .references(() => dayparts.id, { onDelete: 'cascade' }),
    demo: text('demo').notNull(),
    rating: doublePrecision('rating').notNull(),
    impressions: doublePrecision('impressions').notNull(),
  },
  (t) => [
    primaryKey({ name: 'book_ratings_pkey', columns: [t.bookId, t.daypartId, t.demo] }),
    check('book_ratings_values_check', sql`${t.rating} >= 0 AND ${t.rating} <= 100 AND ${t.impressions} >= 0`),
  ],
);

/** The book a channel's post-buys value a broadcast month's spots on. */
export const postBooks = pgTable(
  'post_books',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'restrict' }),
    month: text('month').notNull(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'post_books_pkey', columns: [t.channelId, t.month] }), index('post_books_book_id_idx').on(t.bookId)],
);

/**
 * The audience an order line was booked with, per demo (frozen like the booked rate, decision 029):
 * `line_id` is the line's id (an estimate item today), with no foreign key so any kind of line fits.
 */
export const lineAudiences = pgTable(
  'line_audiences',
  {
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    lineId: uuid('line_id').notNull(),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    bookName: text('book_name').notNull(),
    demo: text('demo').notNull(),
    rating: doublePrecision('rating').notNull(),
    impressions: doublePrecision('impressions').notNull(),
  },
  (t) => [primaryKey({ name: 'line_audiences_pkey', columns: [t.lineId, t.demo] }), index('line_audiences_estimate_id_idx').on(t.estimateId)],
);
