import { eq } from 'drizzle-orm';
import { CURRENT_PASSWORD_INCORRECT, type ProfileReply, type UpdateProfileInput } from '../../../domain/profile-schemas';
import { fullName } from '../../../domain/users';
import { users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeOtherSessions } from '../auth/public';

type UserRow = typeof users.$inferSelect;

/** A user as their own profile shows them (the users list adds to it). */
export const toProfile = (row: Pick<UserRow, 'id' | 'email' | 'role' | 'firstName' | 'lastName'>): ProfileReply => ({
  id: row.id,
  email: row.email,
  role: row.role,
  full_name: fullName(row.firstName, row.lastName),
  first_name: row.firstName,
  last_name: row.lastName,
});

export const readProfile = async ({ db, userId }: { db: Db; userId: string }): Promise<ProfileReply> => {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('User not found');
  return toProfile(row);
};

export const updateProfile = async ({ db, userId, input }: { db: Db; userId: string; input: UpdateProfileInput }): Promise<ProfileReply> => {
  const [row] = await db.transaction((tx) =>
    tx.update(users).set({ firstName: input.firstName, lastName: input.lastName }).where(eq(users.id, userId)).returning(),
  );
  if (!row) throw notFound('User not found');
  return toProfile(row);
};

/**
 * Changes the password when the current one matches, and signs out every other session of the
 * user (as a password reset does); the session that asked stays. Answers the revoked sessions' ids.
 */
export const changePassword = async ({
  db,
  userId,
  sessionId,
  currentPassword,
  newPassword,
}: {
  db: Db;
  userId: string;
  sessionId: string;
  currentPassword: string;
  newPassword: string;
}): Promise<string[]> => {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('User not found');
  if (!(await verifyPassword(row.passwordHash, currentPassword))) throw badRequest(CURRENT_PASSWORD_INCORRECT, 'currentPassword');
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    return revokeOtherSessions(tx, userId, sessionId);
  });
};
