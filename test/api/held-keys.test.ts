/**
 * Writes whose keys the transaction already holds (decision 065): an as-run import settles spots and inserts
 * deliveries and its changes list without PostgreSQL's per-row key checks (session_replication_role =
 * replica for those statements). Replica mode skips every ordinary trigger, not only the key checks, so the
 * tables so written must have no other trigger on that write than the ones named here, each with why skipping
 * it changes nothing; and the mode must end with the statements (or their failure), leaving every other write checked.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Tx } from '../../src/server/platform/db';
import { withHeldKeys } from '../../src/server/platform/held-keys';
import { openTestDatabase } from '../support/database';

/** The write each table gets under withHeldKeys, and the triggers (not the keys' own) that would fire on it. */
const HELD_WRITES: Record<string, { event: 'insert' | 'update'; triggers: Record<string, string> }> = {
  traffic_spots: {
    event: 'update',
    triggers: {
      traffic_spots_audit_update: "skips a statement whose every row carries the import's id (decision 055), which every settling statement's rows do",
    },
  },
  campaign_deliveries: { event: 'insert', triggers: {} },
  as_run_changes: { event: 'insert', triggers: {} },
};

// pg_trigger.tgtype: bit 2 insert, bit 4 update (include/catalog/pg_trigger.h).
const EVENT_BIT = { insert: 4, update: 16 } as const;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A change naming an import that does not exist: refused (23503) wherever its key is checked. */
const insertDanglingChange = sql`insert into as_run_changes (import_id, outcome, air_date, air_time, house_code)
  values ('00000000-0000-4000-8000-000000000000', 'skipped', '2027-01-04', '10:00:00', 'H1')`;
/** The code of a failed statement's error, or null when it succeeded. */
const refusal = (tx: Tx) =>
  tx.execute(insertDanglingChange).then(
    () => null,
    (error: unknown) => (error as { cause?: { code?: string } }).cause?.code ?? 'other',
  );
const replicationRole = async (tx: Tx) => rowsOf<{ role: string }>(await tx.execute(sql`select current_setting('session_replication_role') as role`))[0]!.role;
const rolledBack = new Error('rolled back');
/** Runs `work` in a transaction that is then rolled back. */
const inRolledBackTransaction = (work: (tx: Tx) => Promise<void>) =>
  database.db
    .transaction(async (tx) => {
      await work(tx);
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('writes with held keys', () => {
  it.each(Object.entries(HELD_WRITES))('%s has no trigger on that write but the ones named, each harmless to skip', async (table, { event, triggers }) => {
    const found = rowsOf<{ name: string }>(
      await database.db.execute(sql`select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relname = ${table} and not t.tgisinternal and t.tgenabled <> 'D' and (t.tgtype & ${EVENT_BIT[event]}) <> 0 order by 1`),
    ).map((r) => r.name);
    expect(found).toEqual(Object.keys(triggers).sort());
  });

  it('skips the key checks only inside, and every write after it is checked again, after a failure too', async () => {
    const roles: string[] = [];
    const refused: (string | null)[] = [];
    await inRolledBackTransaction(async (tx) => {
      // The test database's role is a superuser, so the checks are skipped here (a role that may not set the mode keeps them).
      await withHeldKeys(tx, async () => {
        roles.push(await replicationRole(tx));
        refused.push(await refusal(tx));
      });
      roles.push(await replicationRole(tx));
      refused.push(await refusal(tx));
    });
    expect(roles).toEqual(['replica', 'origin']);
    expect(refused).toEqual([null, '23503']);

    // An error of this process inside (not a refused statement: the transaction goes on) leaves the checks back.
    const failure = new Error('a statement could not be made');
    await inRolledBackTransaction(async (tx) => {
      await expect(withHeldKeys(tx, () => Promise.reject(failure))).rejects.toBe(failure);
      roles.push(await replicationRole(tx));
    });
    expect(roles.at(-1)).toBe('origin');
    // Nothing of the rolled-back transactions stays.
    expect(rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from as_run_changes`))[0]!.n).toBe(0);
  });

  it('keeps the checks for a role that may not set the mode, and skips them for one granted it', async () => {
    const seen: { role: string; refused: string | null }[] = [];
    const attempt = async (tx: Tx) => {
      await tx.execute(sql`savepoint attempt`);
      await withHeldKeys(tx, async () => {
        const role = await replicationRole(tx);
        const refused = await refusal(tx);
        seen.push({ role, refused });
        // A refused statement aborted the transaction: back to the savepoint.
        if (refused) throw rolledBack;
      }).catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
      await tx.execute(sql`rollback to savepoint attempt`);
    };
    // Roles and grants are transactional: all of it goes with the rollback.
    await inRolledBackTransaction(async (tx) => {
      await tx.execute(sql`create role spotbook_held_keys_probe nologin`);
      await tx.execute(sql`grant insert on as_run_changes to spotbook_held_keys_probe`);
      await tx.execute(sql`grant usage on sequence as_run_changes_id_seq to spotbook_held_keys_probe`);
      await tx.execute(sql`set local role spotbook_held_keys_probe`);
      await attempt(tx);
      await tx.execute(sql`reset role`);
      await tx.execute(sql`grant set on parameter session_replication_role to spotbook_held_keys_probe`);
      await tx.execute(sql`set local role spotbook_held_keys_probe`);
      await attempt(tx);
    });
    expect(seen).toEqual([
      { role: 'origin', refused: '23503' },
      { role: 'replica', refused: null },
    ]);
  });
});
