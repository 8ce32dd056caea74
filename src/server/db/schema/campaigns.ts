/** Campaigns (a booked order's delivery) and reconciliations. */
import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, pgTable, pgView, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CAMPAIGN_STATUSES } from '../../../domain/campaigns';
import { id, createdAt, updatedAt, cents } from './columns';
import { users } from './people';
import { brands } from './catalogue';
import { estimates } from './orders';

/** The delivery of a booked order (one per order); counters are totals of its deliveries. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    /** Its order's channel (migration 0064, decision 053): written from the order, kept its by campaigns_estimate_channel_fkey. */
    channelId: uuid('channel_id')
      .notNull()
      .default(sql`default_channel_id()`),
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
    // One channel's campaigns (decision 053): the list, newest first, and their ids; those running in a period.
    index('campaigns_channel_created_idx').on(t.channelId, t.createdAt, t.id),
    index('campaigns_channel_end_date_idx').on(t.channelId, t.endDate),
    foreignKey({ name: 'campaigns_estimate_channel_fkey', columns: [t.estimateId, t.channelId], foreignColumns: [estimates.id, estimates.channelId] }).onDelete(
      'cascade',
    ),
    check('campaigns_status_check', sql`${t.status} in ('scheduled', 'active', 'paused', 'completed', 'cancelled')`),
    check('campaigns_counters_check', sql`${t.spendCents} >= 0 and ${t.airedSpots} >= 0 and ${t.totalImpressions} >= 0`),
  ],
);

export const campaignStatesView = pgView('campaign_states', {
  id: uuid('id').notNull(),
  estimateId: uuid('estimate_id').notNull(),
  status: text('status', { enum: CAMPAIGN_STATUSES }).notNull(),
  totalBudgetCents: cents('total_budget_cents').notNull(),
  spendCents: cents('spend_cents').notNull(),
  totalSpots: integer('total_spots').notNull(),
  airedSpots: integer('aired_spots').notNull(),
}).existing();

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
