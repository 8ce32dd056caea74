/** AdCP media buys, tasks and creatives (the sales agent). */
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns';
import { users } from './people';
import { webhookEndpoints } from './webhooks';
import { mediaAssets, estimates } from './orders';

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
