/** E-mail recipients per notification type (admins only). */
import { asc, eq } from 'drizzle-orm';
import { NOTIFICATION_MESSAGES as M, type NotificationSetting, type SettingCreateInput, type SettingUpdateInput } from '../../../domain/notification-schemas';
import { notificationSettings } from '../../db/schema';
import { isUniqueViolation, type Db } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';

type Row = typeof notificationSettings.$inferSelect;

const present = (row: Row): NotificationSetting => ({
  id: row.id,
  notification_type: row.notificationType,
  recipient_email: row.recipientEmail,
  is_active: row.isActive,
  created_at: row.createdAt.toISOString(),
});

const uniqueOrConflict = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.duplicate);
    throw error;
  }
};

export const listSettings = async (db: Db) => ({
  settings: (await db.select().from(notificationSettings).orderBy(asc(notificationSettings.notificationType), asc(notificationSettings.createdAt))).map(
    present,
  ),
});

export const createSetting = (db: Db, input: SettingCreateInput) =>
  uniqueOrConflict(async () => {
    const [row] = await db
      .insert(notificationSettings)
      .values({ notificationType: input.notification_type, recipientEmail: input.recipient_email })
      .returning();
    return present(row!);
  });

export const updateSetting = async (db: Db, id: string, input: SettingUpdateInput) => {
  const [current] = await db.select().from(notificationSettings).where(eq(notificationSettings.id, id)).limit(1);
  if (!current) throw notFound(M.settingNotFound);
  if (input.notification_type !== undefined && input.notification_type !== current.notificationType) throw badRequest(M.typeFixed, 'notification_type');
  const set = {
    ...(input.recipient_email !== undefined && { recipientEmail: input.recipient_email }),
    ...(input.is_active !== undefined && { isActive: input.is_active }),
  };
  if (Object.keys(set).length === 0) return present(current);
  return uniqueOrConflict(async () => {
    const [row] = await db.update(notificationSettings).set(set).where(eq(notificationSettings.id, id)).returning();
    if (!row) throw notFound(M.settingNotFound);
    return present(row);
  });
};

export const deleteSetting = async (db: Db, id: string) => {
  const [row] = await db.delete(notificationSettings).where(eq(notificationSettings.id, id)).returning({ id: notificationSettings.id });
  if (!row) throw notFound(M.settingNotFound);
};
