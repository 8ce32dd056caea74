/**
 * The dashboards' rollups (migration 0016, decision 023): written only by triggers in the writing
 * transaction, read by the analytics, order stats and reconciliation dashboard queries.
 */
import { bigint, date, index, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The scope_id of the whole station's rows, and the brand_id of orders without a brand. */
export const NO_ID = '00000000-0000-0000-0000-000000000000';

/** Orders, budget and reconciled orders per status: scope 'all' (scope_id NO_ID), 'owner', 'brand' or 'channel'. */
export const orderCounts = pgTable(
  'order_counts',
  {
    scope: text('scope', { enum: ['all', 'owner', 'brand', 'channel'] }).notNull(),
    scopeId: uuid('scope_id').notNull(),
    status: text('status').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    spendCents: bigint('spend_cents', { mode: 'number' }).notNull().default(0),
    reconciled: bigint('reconciled', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'order_counts_pkey', columns: [t.scope, t.scopeId, t.status] })],
);

/** Reconciled spend per UTC day of reconciled_at and brand of the order (NO_ID: no brand). */
export const reconciliationBrandDays = pgTable(
  'reconciliation_brand_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    brandId: uuid('brand_id').notNull(),
    reconciliations: bigint('reconciliations', { mode: 'number' }).notNull().default(0),
    projectedSpendCents: bigint('projected_spend_cents', { mode: 'number' }).notNull().default(0),
    actualSpendCents: bigint('actual_spend_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'reconciliation_brand_days_pkey', columns: [t.day, t.brandId] })],
);

/** Orders and their amounts (total_amount) per UTC hour of the order, status and brand (NO_ID: no brand). */
export const brandHours = pgTable(
  'brand_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    brandId: uuid('brand_id').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'brand_hours_pkey', columns: [t.hour, t.status, t.brandId] })],
);

/**
 * Orders per UTC hour of the order and status alone (migration 0035, decision 037): what the
 * station-wide analytics windows add up (a few rows an hour, whatever the number of orders).
 * `days` sums end_date - start_date and `dated` counts the orders that have both.
 */
export const statusHours = pgTable(
  'status_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    spendCents: bigint('spend_cents', { mode: 'number' }).notNull().default(0),
    days: bigint('days', { mode: 'number' }).notNull().default(0),
    dated: bigint('dated', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'status_hours_pkey', columns: [t.hour, t.status] })],
);

/**
 * Orders' amounts split between their dayparts (the analytics split), per UTC hour of the order,
 * status and daypart; `orders` counts items. Amounts are exact sums (numeric) of each item's share,
 * so that they can be kept by deltas (migration 0019).
 */
export const daypartHours = pgTable(
  'daypart_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    daypartId: uuid('daypart_id').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
    spots: bigint('spots', { mode: 'number' }).notNull(),
    amountCents: numeric('amount_cents', { mode: 'number' }).notNull(),
    spendCents: numeric('spend_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'daypart_hours_pkey', columns: [t.hour, t.status, t.daypartId] })],
);

/**
 * daypart_hours summed per UTC day of the order's hour (migration 0066, decision 053 "Scale"): a window's
 * whole days up to its first Monday, a few rows a day per status and daypart.
 */
export const daypartDays = pgTable(
  'daypart_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    daypartId: uuid('daypart_id').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
    spots: bigint('spots', { mode: 'number' }).notNull(),
    amountCents: numeric('amount_cents', { mode: 'number' }).notNull(),
    spendCents: numeric('spend_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'daypart_days_pkey', columns: [t.day, t.status, t.daypartId] })],
);

/** daypart_hours summed per UTC week (from Monday) of the order's hour (migration 0066): a window's whole weeks. */
export const daypartWeeks = pgTable(
  'daypart_weeks',
  {
    week: date('week', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    daypartId: uuid('daypart_id').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
    spots: bigint('spots', { mode: 'number' }).notNull(),
    amountCents: numeric('amount_cents', { mode: 'number' }).notNull(),
    spendCents: numeric('spend_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'daypart_weeks_pkey', columns: [t.week, t.status, t.daypartId] })],
);

/**
 * Each order's split between its dayparts as last added to daypart_hours (migration 0019): what an
 * order's change takes off before it adds the order's new split.
 */
export const daypartOrderShares = pgTable(
  'daypart_order_shares',
  {
    estimateId: uuid('estimate_id').notNull(),
    daypartId: uuid('daypart_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    items: bigint('items', { mode: 'number' }).notNull(),
    spots: bigint('spots', { mode: 'number' }).notNull(),
    amountCents: numeric('amount_cents', { mode: 'number' }).notNull(),
    spendCents: numeric('spend_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'daypart_order_shares_pkey', columns: [t.estimateId, t.daypartId] })],
);

/**
 * Campaign stats for the station (migration 0041, decision 045): campaigns, impressions, spend and budget
 * per status and end date ('infinity' when none: never past, so an active campaign without one stays
 * active). The dashboard's "active" is read from status and end date. Clients' own stats read their rows.
 */
export const campaignCounts = pgTable(
  'campaign_counts',
  {
    status: text('status').notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    campaigns: bigint('campaigns', { mode: 'number' }).notNull().default(0),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    spendCents: bigint('spend_cents', { mode: 'number' }).notNull().default(0),
    budgetCents: bigint('budget_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'campaign_counts_pkey', columns: [t.status, t.endDate] })],
);

/**
 * Receivables (migration 0041, decision 045): open invoices and their balance per customer (NO_ID:
 * every customer) and due date. Ageing's buckets move with today, so they are summed at read time
 * from the recent due dates; what is older is the customer's total less those.
 */
export const receivableDays = pgTable(
  'receivable_days',
  {
    customerId: uuid('customer_id').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    invoices: bigint('invoices', { mode: 'number' }).notNull().default(0),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'receivable_days_pkey', columns: [t.customerId, t.dueDate] }),
    // Ageing's recent due dates of every customer, from the index alone: migration 0041 adds INCLUDE (invoices, balance_cents).
    index('receivable_days_due_idx').on(t.dueDate, t.customerId),
  ],
);

/** Each customer's open invoices and balance, every due date together (migration 0041). */
export const receivableCustomers = pgTable('receivable_customers', {
  customerId: uuid('customer_id').primaryKey(),
  invoices: bigint('invoices', { mode: 'number' }).notNull().default(0),
  balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
});
