/**
 * Writes whose keys the transaction already holds (decision 065): an as-run import settles spots and inserts
 * deliveries and its changes list without PostgreSQL's per-row key checks (session_replication_role =
 * replica for those statements). Replica mode skips every ordinary trigger, not only the key checks, so the
 * tables so written must have no other trigger on that write than the ones named here, each with why skipping
 * it changes nothing; and the mode must end with the statements, leaving every other write checked.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/platform/db';
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

  it('skips the key checks only inside, and every write after it is checked again', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const insertChange = sql`insert into as_run_changes (import_id, outcome, air_date, air_time, house_code) values (${missing}, 'skipped', '2027-01-04', '10:00:00', 'H1')`;
    const roles: string[] = [];
    let refused: unknown = null;
    const rolledBack = new Error('rolled back');
    await database.db
      .transaction(async (tx) => {
        // The embedded database's role is a superuser, so the checks are skipped here (a role that may not set the mode keeps them).
        await withHeldKeys(tx, async () => {
          roles.push(rowsOf<{ role: string }>(await tx.execute(sql`select current_setting('session_replication_role') as role`))[0]!.role);
          await tx.execute(insertChange);
        });
        roles.push(rowsOf<{ role: string }>(await tx.execute(sql`select current_setting('session_replication_role') as role`))[0]!.role);
        refused = await tx.execute(insertChange).then(
          () => null,
          (error: unknown) => error,
        );
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    expect((refused as { cause?: { code?: string } } | null)?.cause?.code).toBe('23503');
    expect(roles).toEqual(['replica', 'origin']);
    // Nothing of the rolled-back transaction stays.
    expect(rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from as_run_changes`))[0]!.n).toBe(0);
  });

  it('keeps the checks for a role that may not set the mode, and skips them for one granted it', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const insertChange = sql`insert into as_run_changes (import_id, outcome, air_date, air_time, house_code) values (${missing}, 'skipped', '2027-01-04', '10:00:00', 'H1')`;
    const seen: { role: string; refused: string | null }[] = [];
    const rolledBack = new Error('rolled back');
    const attempt = async (tx: Parameters<Parameters<typeof database.db.transaction>[0]>[0]) => {
      await tx.execute(sql`savepoint attempt`);
      await withHeldKeys(tx, async () => {
        const role = rowsOf<{ role: string }>(await tx.execute(sql`select current_setting('session_replication_role') as role`))[0]!.role;
        const refused = await tx.execute(insertChange).then(
          () => null,
          (error: unknown) => (error as { cause?: { code?: string } }).cause?.code ?? 'other',
        );
        seen.push({ role, refused });
        // A refused statement leaves the transaction to its savepoint: withHeldKeys's reset would not run.
        if (refused) throw rolledBack;
      }).catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
      await tx.execute(sql`rollback to savepoint attempt`);
    };
    await database.db
      .transaction(async (tx) => {
        // Roles and grants are transactional: all of it goes with the rollback.
        await tx.execute(sql`create role spotbook_held_keys_probe nologin`);
        await tx.execute(sql`grant insert on as_run_changes to spotbook_held_keys_probe`);
        await tx.execute(sql`grant usage on sequence as_run_changes_id_seq to spotbook_held_keys_probe`);
        await tx.execute(sql`set local role spotbook_held_keys_probe`);
        await attempt(tx);
        await tx.execute(sql`reset role`);
        await tx.execute(sql`grant set on parameter session_replication_role to spotbook_held_keys_probe`);
        await tx.execute(sql`set local role spotbook_held_keys_probe`);
        await attempt(tx);
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    expect(seen).toEqual([
      { role: 'origin', refused: '23503' },
      { role: 'replica', refused: null },
    ]);
  });
});
