import { desc, eq } from 'drizzle-orm';
import type { Role } from '../../../domain/roles';
import type { UserListItem } from '../../../domain/users';
import { users } from '../../db/schema';
import { isForeignKeyViolation, type Db } from '../../platform/db';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { toProfile } from '../profile/service';

export const listUsers = async ({ db }: { db: Db }): Promise<UserListItem[]> => {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      company: users.company,
      agencyCommissionRate: users.agencyCommissionRate,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(desc(users.createdAt), users.email);
  return rows.map((row) => ({
    ...toProfile(row),
    company: row.company,
    agency_commission_rate: row.agencyCommissionRate === null ? null : Number(row.agencyCommissionRate),
    created_at: row.createdAt.toISOString(),
  }));
};

const refuseSelf = (actorId: string, userId: string, message: string) => {
  if (actorId === userId) throw forbidden(message);
};

export const changeUserRole = async ({ db, actorId, userId, role }: { db: Db; actorId: string; userId: string; role: Role }) => {
  refuseSelf(actorId, userId, 'You cannot change your own role');
  const [row] = await db.transaction((tx) => tx.update(users).set({ role }).where(eq(users.id, userId)).returning({ id: users.id }));
  if (!row) throw notFound('User not found');
};

export const deleteUser = async ({ db, actorId, userId }: { db: Db; actorId: string; userId: string }) => {
  refuseSelf(actorId, userId, 'You cannot delete your own account');
  try {
    const [row] = await db.transaction((tx) => tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id }));
    if (!row) throw notFound('User not found');
  } catch (error) {
    // Orders are business records: a user who placed some is kept (demote them instead).
    if (isForeignKeyViolation(error)) throw conflict('Cannot delete a user who has orders');
    throw error;
  }
};
