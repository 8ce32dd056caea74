import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { KeysetPage } from '../../../domain/list-page';
import type { Role } from '../../../domain/roles';
import { USER_CHANNEL_MESSAGES, type UserCounts, type UserListItem } from '../../../domain/users';
import { users } from '../../db/schema';
import { isForeignKeyViolation, type Db } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { adminChannels, type OrderActor } from '../../../domain/orders';
import { firstUnknownChannel } from '../channels/public';
import { allWordsIn, cursorAtSql, nextCursor } from '../../platform/keyset';
import { toProfile } from '../profile/service';

/** What the screen's search reads of a user: name, e-mail, company and role (as the list labels it, and as stored). */
const searchText = sql`concat_ws(' ', ${users.firstName}, ${users.lastName}, ${users.email}, ${users.company}, case when ${users.role} = 'traffic_admin' then 'admin traffic_admin' else 'client' end)`;

/** After a cursor in the list's order (newest first, then by e-mail); the cursor names the row by id. */
const afterCursor = (after: { at: string; id: string }) =>
  sql`(${users.createdAt} < ${after.at}::timestamptz or (${users.createdAt} = ${after.at}::timestamptz and ${users.email} > (select u.email from ${users} u where u.id = ${after.id}::uuid)))`;

/** Newest first; without `page` the whole list (the specification's reply), with it one keyset page and the next cursor. */
export const listUsers = async ({ db, page }: { db: Db; page?: KeysetPage }): Promise<{ users: UserListItem[]; nextCursor?: string }> => {
  const query = db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      company: users.company,
      agencyCommissionRate: users.agencyCommissionRate,
      createdAt: users.createdAt,
      cursorAt: cursorAtSql(users.createdAt),
    })
    .from(users)
    .where(page ? and(page.after ? afterCursor(page.after) : undefined, allWordsIn(searchText, page.words)) : undefined)
    .orderBy(desc(users.createdAt), users.email)
    .$dynamic();
  const rows = await (page ? query.limit(page.limit) : query);
  return {
    users: rows.map((row) => ({
      ...toProfile(row),
      company: row.company,
      agency_commission_rate: row.agencyCommissionRate === null ? null : Number(row.agencyCommissionRate),
      created_at: row.createdAt.toISOString(),
    })),
    nextCursor: page ? nextCursor(rows, page.limit) : undefined,
  };
};

/** Everyone, by role: the User Management screen's counts when it reads its list by pages. */
export const countUsers = async ({ db }: { db: Db }): Promise<UserCounts> => {
  const [row] = await db.select({ total: count(), admins: count(sql`case when ${users.role} = 'traffic_admin' then 1 end`) }).from(users);
  const total = Number(row?.total ?? 0);
  const admins = Number(row?.admins ?? 0);
  return { total, admins, clients: total - admins };
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

/**
 * Limits a traffic admin to some channels (decision 053; empty: every channel). Only an admin of every
 * channel may, so that a limited admin cannot widen anyone's reach, their own included.
 */
export const setUserChannels = async ({ db, actor, userId, channelIds }: { db: Db; actor: OrderActor; userId: string; channelIds: readonly string[] }) => {
  if (adminChannels(actor) !== null) throw forbidden(USER_CHANNEL_MESSAGES.limitedCannotLimit);
  const ids = [...new Set(channelIds)];
  const unknown = await firstUnknownChannel(db, ids);
  if (unknown >= 0) throw badRequest('Channel not found', `channel_ids[${channelIds.indexOf(ids[unknown]!)}]`);
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('User not found');
  if (user.role !== 'traffic_admin' && ids.length > 0) throw badRequest(USER_CHANNEL_MESSAGES.clientsHaveNoChannels, 'channel_ids');
  await db.update(users).set({ channelIds: ids, updatedAt: new Date() }).where(eq(users.id, userId));
  return { message: USER_CHANNEL_MESSAGES.updated, channel_ids: ids };
};
