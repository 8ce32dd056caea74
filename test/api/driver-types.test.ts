/**
 * The two database drivers (PGlite's and node-postgres) must hand the app the same JavaScript values,
 * because CI runs most API tests on PostgreSQL only (decision 032). This file runs on both: what the
 * app reads through Drizzle's schema, and the raw `execute` shapes it relies on.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayparts } from '../../src/server/db/schema';
import { SINGLE_CONNECTION_DEADLOCK } from '../../src/server/platform/single-connection';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`driver values on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('reads schema columns as the same JavaScript types', async () => {
    const [row] = await t.database.db.select().from(dayparts).limit(1);
    expect(typeof row!.baseCpmCents).toBe('number');
    expect(typeof row!.multiplier).toBe('number');
    expect(Array.isArray(row!.daysOfWeek)).toBe(true);
    expect(typeof row!.isPrimeTime).toBe('boolean');
    expect(typeof row!.startTime).toBe('string');
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it('answers raw statements as { rows } with the values the app casts for', async () => {
    const result = (await t.database.db.execute(
      sql`select 7::int as i, 2.5::float8 as f, 'x' as s, true as ok, array['a', 'b'] as arr, '{"a":1}'::jsonb as j, null::text as n`,
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(result.rows).toEqual([{ i: 7, f: 2.5, s: 'x', ok: true, arr: ['a', 'b'], j: { a: 1 }, n: null }]);
  });

  it('keeps a transaction’s writes to itself until it commits, and drops them on rollback', async () => {
    const name = `Driver check ${randomUUID().slice(0, 8)}`;
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.insert(dayparts).values({ name, startTime: '06:00', endTime: '07:00', daysOfWeek: ['Monday'], baseCpmCents: 100 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const rows = (await t.database.db.execute(sql`select count(*)::int as n from dayparts where name = ${name}`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(0);
  });

  // PGlite's one connection, kept on PostgreSQL in tests (src/server/platform/single-connection.ts).
  it.skipIf(!process.env.DATABASE_URL)(
    'on PostgreSQL, a statement outside an open transaction waits for it to end, and awaiting it inside fails as it would hang on PGlite',
    async () => {
      const db = t.database.db;
      const name = `Order check ${randomUUID().slice(0, 8)}`;
      let seen: unknown;
      await db.transaction(async (tx) => {
        await tx.insert(dayparts).values({ name, startTime: '06:00', endTime: '07:00', daysOfWeek: ['Monday'], baseCpmCents: 100 });
        // Not awaited: runs after the commit, as PGlite's queue would run it, and so sees the row.
        seen = db.execute(sql`select count(*)::int as n from dayparts where name = ${name}`);
      });
      expect(((await seen) as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
      const failure = await db.transaction(async () => db.execute(sql`select 1`)).catch((error: Error & { cause?: Error }) => error.cause ?? error);
      expect((failure as Error).message).toBe(SINGLE_CONNECTION_DEADLOCK);
    },
  );
});
