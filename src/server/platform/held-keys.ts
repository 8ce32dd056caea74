import { sql } from 'drizzle-orm';
import type { Tx } from './db-port';

type Rows<T> = { rows: T[] };

/** A superuser may; on PostgreSQL 15 or later, a role granted SET ON PARAMETER session_replication_role may too. */
const maySetReplicationRole = async (tx: Tx): Promise<boolean> => {
  const [role] = (
    (await tx.execute(
      sql`select current_setting('is_superuser') = 'on' as superuser, current_setting('server_version_num')::int >= 150000 as grantable`,
    )) as unknown as Rows<{ superuser: boolean; grantable: boolean }>
  ).rows;
  if (role?.superuser) return true;
  if (!role?.grantable) return false;
  // Asked apart: the function does not exist before PostgreSQL 15.
  const [granted] = ((await tx.execute(sql`select has_parameter_privilege('session_replication_role', 'SET') as may`)) as unknown as Rows<{ may: boolean }>)
    .rows;
  return granted?.may === true;
};

/**
 * Runs bulk writes whose every foreign key names a row this transaction already holds (decision 065):
 * a row it inserted, updated or locked, which no other transaction can delete before this one ends. Each
 * such key's check (PostgreSQL looks the referenced row up and locks it, once per inserted row) can only
 * pass, so `run` is done without those checks: `session_replication_role = replica` for its statements
 * (SET LOCAL, undone by a rollback). The constraints stay declared, and checked for every other write.
 *
 * Replica mode skips every trigger that is not marked ALWAYS, not only the key checks: a table written
 * here must have no other trigger that fires on that write (a test lists them). Only a role that may set the
 * mode (a superuser, as the embedded database's always is, or a role granted it) skips the checks; any other
 * runs `run` with them.
 */
export const withHeldKeys = async <T>(tx: Tx, run: () => Promise<T>): Promise<T> => {
  if (!(await maySetReplicationRole(tx))) return run();
  const origin = () => tx.execute(sql`set local session_replication_role = origin`);
  await tx.execute(sql`set local session_replication_role = replica`);
  let result: T;
  try {
    result = await run();
  } catch (error) {
    // A failed statement aborted the transaction (its rollback undoes the setting, and this reset fails with it); an
    // error of this process did not, and a caller that goes on in the transaction must have its checks back.
    await origin().catch(() => {});
    throw error;
  }
  await origin();
  return result;
};
