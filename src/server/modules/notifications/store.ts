/** The stored history behind the bell: rows per recipient, newest 50 per user kept. */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { NOTIFICATION_HISTORY_LIMIT, type Notification, type NotificationType, type SystemSubType } from '../../../domain/realtime';
import { notifications, users } from '../../db/schema';
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

const recipientIds = async (tx: Tx, to: Recipients): Promise<string[]> => {
  const ids = new Set(to.userIds ?? []);
  if (to.admins) for (const admin of await tx.select({ id: users.id }).from(users).where(eq(users.role, 'traffic_admin'))) ids.add(admin.id);
  if (ids.size === 0) return [];
  // Only users that exist (a deleted account receives nothing).
  const existing = await tx.select({ id: users.id }).from(users).where(inArray(users.id, [...ids]));
  return existing.map((u) => u.id);
};

/** Stores one row per recipient (in the caller's transaction when given one) and trims each history to the newest 50. */
export const storeNotifications = async (tx: Tx, to: Recipients, input: NotificationInput): Promise<Row[]> => {
  const ids = await recipientIds(tx, to);
  if (ids.length === 0) return [];
  const rows = await tx
    .insert(notifications)
    .values(
      ids.map((userId) => ({
        userId,
        type: input.type,
        message: input.message,
        subType: input.type === 'system_message' ? (input.subType ?? 'info') : null,
        status: input.status ?? null,
        estimateId: input.estimateId ?? null,
        estimateName: input.estimateName ?? null,
        mediaId: input.mediaId ?? null,
        filename: input.filename ?? null,
      })),
    )
    .returning();
  // One statement for every recipient (a new order notifies every admin): each keeps its newest 50.
  await tx.execute(sql`
    delete from notifications n using (
      select id from (
        select id, row_number() over (partition by user_id order by created_at desc, id desc) as place
        from notifications where user_id in ${ids}
      ) ranked where place > ${NOTIFICATION_HISTORY_LIMIT}
    ) old
    where n.id = old.id`);
  return rows;
};

export const listNotifications = async (db: Db, userId: string) => {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_HISTORY_LIMIT);
  const [totals] = await db
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number) })
    .from(notifications)
    .where(eq(notifications.userId, userId));
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
  await db.update(notifications).set({ readAt: new Date() }).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
};

export const clearAll = async (db: Db, userId: string) => {
  await db.delete(notifications).where(eq(notifications.userId, userId));
};
