import { sql } from 'drizzle-orm';
import type { Tx } from './db-port';

/**
 * Runs bulk inserts whose every foreign key names a row this transaction already holds (decision 065):
 * a row it inserted, updated or locked, which no other transaction can delete before this one ends. Each
 * such key's check (PostgreSQL looks the referenced row up and locks it, once per inserted row) can only
 * pass, so `run` is done without those checks: `session_replication_role = replica` for its statements
 * (SET LOCAL, undone by a rollback). The constraints stay declared, and checked for every other write.
 *
 * Replica mode skips every trigger that is not marked ALWAYS, not only the key checks: a table written
 * here must have no other trigger that fires on insert (a test lists them). Only a role that may set the
 * mode (a superuser: the embedded database's always is) skips the checks; any other runs `run` with them.
 */
export const withHeldKeys = async <T>(tx: Tx, run: () => Promise<T>): Promise<T> => {
  const { rows } = (await tx.execute(sql`select current_setting('is_superuser') = 'on' as may`)) as unknown as { rows: { may: boolean }[] };
  if (!rows[0]?.may) return run();
  await tx.execute(sql`set local session_replication_role = replica`);
  // On an error the transaction (or its savepoint) is rolled back, and the setting with it.
  const result = await run();
  await tx.execute(sql`set local session_replication_role = origin`);
  return result;
};
