/** In-app notifications and each user's notification settings. */
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES, SYSTEM_SUB_TYPES } from '../../../domain/realtime';
import { id, createdAt, updatedAt } from './columns';
import { users } from './people';
import { mediaAssets, estimates } from './orders';

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
