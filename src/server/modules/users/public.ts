/**
 * What the users module offers the other modules (issue 39): reads of accounts by id, so that no other
 * module names the users table (auth and profile write it too, decision 042). Batch reads take a list
 * of ids and answer in one query. This file imports no other module, so that any module may import it.
 */
import { and, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Role } from '../../../domain/roles';
import { users } from '../../db/schema';
import type { Tx } from '../../platform/db';

export interface UserSummary {
  id: string;
  email: string;
  role: Role;
  firstName: string | null;
  lastName: string | null;
  /** What invoices and statements print of the customer. */
  company: string | null;
  address: string | null;
  /** An agency's commission (a fraction), null for a direct advertiser. */
  agencyCommissionRate: number | null;
  /** A traffic admin limited to these channels (decision 053); empty: every channel. */
  channelIds: string[];
}

const summary = {
  id: users.id,
  email: users.email,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  company: users.company,
  address: users.address,
  agencyCommissionRate: users.agencyCommissionRate,
  channelIds: users.channelIds,
};

/** One account's name, email and role, or undefined when there is no such account. */
export const userSummary = async (db: Tx, id: string): Promise<UserSummary | undefined> => {
  const [row] = await db.select(summary).from(users).where(eq(users.id, id)).limit(1);
  return row;
};

/** Accounts by id, in one query: the map has an entry for each id that exists. */
export const userSummaries = async (db: Tx, ids: readonly (string | null | undefined)[]): Promise<Map<string, UserSummary>> => {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  // One array parameter, however many ids (a list of every customer passes PostgreSQL's 65,535 parameters).
  const rows = await db
    .select(summary)
    .from(users)
    .where(sql`${users.id} = any(${sql.param(wanted)}::uuid[])`);
  return new Map(rows.map((row) => [row.id, row]));
};

/**
 * The ids of the accounts that exist among `userIds` and/or, with `admins`, of every admin (one array
 * parameter, however many ids): the recipients of a notification.
 */
export const existingUserIds = async (db: Tx, to: { userIds?: readonly string[]; admins?: boolean }): Promise<string[]> => {
  const ids = [...new Set(to.userIds ?? [])];
  const conditions: SQL[] = [
    ...(ids.length > 0 ? [sql`${users.id} = any(${sql.param(ids)}::uuid[])`] : []),
    ...(to.admins ? [eq(users.role, 'traffic_admin')] : []),
  ];
  if (conditions.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(or(...conditions)));
  return rows.map((row) => row.id);
};

/**
 * An account's full name (first and last, space-separated; '' without either), as an SQL expression to
 * search on, written here as userEmailSql is.
 */
export const userNameSql = (id: SQLWrapper): SQL<string | null> =>
  sql<string | null>`(select concat_ws(' ', ${users.firstName}, ${users.lastName}) from ${users} where ${users.id} = ${id})`;

/**
 * The e-mail of the account whose id is `id`, as an SQL expression another module's query may filter
 * or sort on (a correlated lookup by primary key, written here so that the users table has one door).
 */
export const userEmailSql = (id: SQLWrapper): SQL<string | null> => sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${id})`;

/** The names and e-mails of accounts, published for a list that must join and search them in one statement (published.sql). */
export { userNamesView } from '../../db/schema';
