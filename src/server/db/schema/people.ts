/** People and the platform: users, sessions, reset tokens, API keys, notifications, and the platform's outboxes and limits. */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../../domain/roles';
import { id, createdAt, updatedAt, bytea } from './columns';

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

/** Large payloads of the socket.io PostgreSQL adapter (its default table layout); written only by the adapter. */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});
