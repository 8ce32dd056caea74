/**
 * On PostgreSQL, statements outside a transaction (every read) and transactions take their
 * connections from two pools (decision 046): writes that hold every transaction connection to
 * their commit do not keep a read waiting. Runs as a server lends connections (not the tests'
 * PGlite-order check, which makes a statement wait for an open transaction on purpose).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/platform/db';
import { TRANSACTION_CONNECTIONS, fromPostgres } from '../../src/server/platform/db-postgres';

describe.skipIf(!process.env.DATABASE_URL)('database pools on PostgreSQL (decision 046)', () => {
  let database: Database;
  beforeAll(() => {
    process.env.SPOTBOOK_TEST_SINGLE_CONNECTION = '';
    database = fromPostgres(process.env.DATABASE_URL!);
  });
  afterAll(() => database?.close());

  it('answers a read while transactions hold every transaction connection, and queues the next transaction behind them', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let open = 0;
    let allOpen!: () => void;
    const opened = new Promise<void>((resolve) => (allOpen = resolve));
    const holders = Array.from({ length: TRANSACTION_CONNECTIONS }, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        if ((open += 1) === TRANSACTION_CONNECTIONS) allOpen();
        await held;
      }),
    );
    let nextStarted = false;
    try {
      await opened;
      const next = database.db.transaction(async (tx) => {
        nextStarted = true;
        await tx.execute(sql`select 1`);
      });
      // Without a pool of its own the read would wait for the holders, which wait for it: the guard says so.
      const read = database.db.execute(sql`select 42 as n`).then((r) => (r as unknown as { rows: { n: number }[] }).rows[0]!.n);
      const guard = new Promise<string>((resolve) => setTimeout(() => resolve('still waiting for a connection'), 10_000));
      expect(await Promise.race([read, guard])).toBe(42);
      expect(nextStarted).toBe(false);
      expect(database.pool?.().waiting).toBe(1);
      release();
      await Promise.all([...holders, next]);
      expect(nextStarted).toBe(true);
    } finally {
      release();
      await Promise.allSettled(holders);
    }
  });
});
