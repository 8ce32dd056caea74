/** The station: its channels (decision 053), their programs, the rate card's dayparts, and the station profile. */
import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, numeric, pgTable, pgView, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, cents } from './columns';

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

/** What dayparts, campaigns, makegoods and traffic publish for others' joins (issue 39, sql/published.sql). */
export const daypartWindowsView = pgView('daypart_windows', {
  id: uuid('id').notNull(),
  channelId: uuid('channel_id').notNull(),
  name: text('name').notNull(),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  daysOfWeek: text('days_of_week').array().notNull(),
  spotFrequency: integer('spot_frequency').notNull(),
}).existing();

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
