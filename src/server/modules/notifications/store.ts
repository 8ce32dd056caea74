/** The stored history behind the bell: rows per recipient, newest 50 per user kept. */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { NOTIFICATION_HISTORY_LIMIT, type Notification, type NotificationType, type SystemSubType } from '../../../domain/realtime';
import { notifications } from '../../db/schema';
import { existingUserIds } from '../users/public';
import type { Db, Tx } from '../../platform/db';

type Row = typeof notifications.$inferSelect;

/** What an event says; the recipients' rows add id, timestamp and read state. */
export interface NotificationInput {
  type: NotificationType;
  message: string;
  subType?: SystemSubType | null;
  status?: string | null;
  estimateId?: string | null;
  estimateName?: string | null;
  mediaId?: string | null;
  filename?: string | null;
}

export interface Recipients {
  userIds?: string[];
  admins?: boolean;
}

export const toNotification = (row: Row): Notification => ({
  id: row.id,
  type: row.type,
  message: row.message,
  subType: row.subType,
  status: row.status,
  estimateId: row.estimateId,
  estimateName: row.estimateName,
  mediaId: row.mediaId,
  filename: row.filename,
  timestamp: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

/**
 * Stores one row per recipient (in the caller's transaction when given one), in one statement whatever
 * the number of recipients (after the users module names them) (a new order notifies every admin): an INSERT ... SELECT over the recipients.
 * Each history is trimmed to its newest 50 after the commit (trimNotifications); the reads never show
 * more than the newest 50 meanwhile.
 */
export const storeNotifications = async (tx: Tx, to: Recipients, input: NotificationInput): Promise<Row[]> => {
  // Only users that exist receive anything (a deleted account gets nothing): the users module says which.
  const recipients = await existingUserIds(tx, to);
  if (recipients.length === 0) return [];
  // What every recipient's row says, once: written by the INSERT and given back with each row's own keys.
  const said = {
    type: input.type,
    subType: input.type === 'system_message' ? (input.subType ?? 'info') : null,
    status: input.status ?? null,
    message: input.message,
    estimateId: input.estimateId ?? null,
    mediaId: input.mediaId ?? null,
    estimateName: input.estimateName ?? null,
    filename: input.filename ?? null,
    readAt: null,
  } satisfies Omit<Row, 'id' | 'userId' | 'createdAt'>;
  const text = (value: string | null) => sql<string | null>`${value}::text`;
  const uuid = (value: string | null) => sql<string | null>`${value}::uuid`;
  // Every column in the table's order (Drizzle's INSERT ... SELECT asks for it): defaults spelled out.
  // Only the keys come back: 1,000 whole rows read back cost the submit of a fan-out to every admin.
  const keys = await tx
    .insert(notifications)
    .select(
      tx
        .select({
          id: sql<string>`gen_random_uuid()`.as('id'),
          userId: sql<string>`recipient.id`.as('user_id'),
          type: sql<NotificationType>`${said.type}::text`.as('type'),
          subType: text(said.subType).as('sub_type'),
          status: text(said.status).as('status'),
          message: text(said.message).as('message'),
          estimateId: uuid(said.estimateId).as('estimate_id'),
          mediaId: uuid(said.mediaId).as('media_id'),
          estimateName: text(said.estimateName).as('estimate_name'),
          filename: text(said.filename).as('filename'),
          readAt: sql<Date | null>`null::timestamptz`.as('read_at'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(sql`unnest(${sql.param(recipients)}::uuid[]) as recipient(id)`),
    )
    .returning({ id: notifications.id, userId: notifications.userId, createdAt: notifications.createdAt });
  return keys.map((key) => ({ ...said, ...key }));
};

/**
 * Deletes each user's rows past the newest 50 (decision 022, amended): one statement whatever the
 * number of users, through the (user_id, created_at) index. Run after the fan-out has committed: at
 * 1,000 admins with full histories it took 70–90 ms, three times the INSERT, inside the submit's
 * transaction. Locked in id order and skipping those another transaction holds (another trim of the
 * same people deletes them): two fan-outs to the same admins deadlocked on PostgreSQL when each
 * deleted in its own order.
 */
export const trimNotifications = async (db: Db, userIds: readonly string[]): Promise<void> => {
  if (userIds.length === 0) return;
  await db.execute(sql`
    delete from notifications where id in (
      select n.id from notifications n where n.id in (
        select old.id from unnest(${sql.param([...new Set(userIds)])}::uuid[]) as recipient(user_id)
        cross join lateral (
          select h.id from notifications h where h.user_id = recipient.user_id
          order by h.created_at desc, h.id desc offset ${NOTIFICATION_HISTORY_LIMIT}
        ) old
      )
      order by n.id for update of n skip locked
    )`);
};

export const listNotifications = async (db: Db, userId: string) => {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_HISTORY_LIMIT);
  // Counted over the newest 50 only: a history not yet trimmed after a fan-out shows as trimmed.
  const newest = db
    .select({ readAt: notifications.readAt })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_HISTORY_LIMIT)
    .as('newest');
  const [totals] = await db.select({ total: count(), unread: sql<number>`count(*) filter (where ${newest.readAt} is null)`.mapWith(Number) }).from(newest);
  return { notifications: rows.map(toNotification), unread_count: totals?.unread ?? 0, total: totals?.total ?? 0 };
};

/** False when the notification is not the user's. */
export const markRead = async (db: Db, userId: string, id: string): Promise<boolean> => {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return row !== undefined;
};

export const markAllRead = async (db: Db, userId: string) => {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
};

export const clearAll = async (db: Db, userId: string) => {
  await db.delete(notifications).where(eq(notifications.userId, userId));
};
