/**
 * The two private APIs the server leans on (issue 22, decision 039), held to what it expects of them so
 * that a patch upgrade changing them fails here, by name, rather than quietly doing nothing:
 * - PGlite's `_runExclusiveTransaction`, its queue, which db.ts wraps to skip abandoned work (decision 022);
 * - Drizzle's prepared query fields (`fields`, `joinsNotNullableMap`, `customResultMapper`) and SQL
 *   `decoder`, which prepared-select.ts reads and sets (decision 026).
 * Neither has a public equivalent: PGlite's public API has no hook before a queued statement starts, and
 * Drizzle none to replace its row mapping.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, estimates } from '../../src/server/db/schema';
import type { Database } from '../../src/server/platform/db';
import { prepareSelect } from '../../src/server/platform/prepared-select';
import { openTestDatabase } from '../support/database';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe.skipIf(Boolean(process.env.DATABASE_URL))("PGlite's private _runExclusiveTransaction (db.ts skipAbandonedWork)", () => {
  it('still queues every query, exec and transaction', async () => {
    const client = database.pglite!;
    const message =
      "PGlite's private _runExclusiveTransaction no longer queues %s: skipAbandonedWork (src/server/platform/db.ts) would silently do nothing on this PGlite version";
    expect(typeof client._runExclusiveTransaction, message.replace('%s', 'anything (it is gone)')).toBe('function');
    const wrapped = client._runExclusiveTransaction;
    let calls = 0;
    client._runExclusiveTransaction = <T>(work: () => Promise<T>) => {
      calls += 1;
      return wrapped.call(client, work) as Promise<T>;
    };
    try {
      const through = async (what: string, work: () => Promise<unknown>) => {
        const before = calls;
        await work();
        expect(calls, message.replace('%s', what)).toBeGreaterThan(before);
      };
      await through('query()', () => client.query('select 1'));
      await through('exec()', () => client.exec('select 1'));
      await through('transaction()', () => client.transaction((tx) => tx.query('select 1')));
      await through("Drizzle's statements", () => database.db.execute(sql`select 1`));
    } finally {
      client._runExclusiveTransaction = wrapped;
    }
  });
});

describe("Drizzle's prepared query internals (prepared-select.ts)", () => {
  const message = (what: string) => `Drizzle's private ${what} changed: update src/server/platform/prepared-select.ts for this drizzle-orm version`;

  it('still exposes fields and joinsNotNullableMap, and runs customResultMapper', () => {
    const prepared = database.db
      .select({ id: estimates.id, brand: { name: brands.commonName } })
      .from(estimates)
      .leftJoin(brands, eq(brands.id, estimates.brandId))
      .prepare('private_api_probe') as unknown as {
      fields?: { path: string[] }[];
      joinsNotNullableMap?: Record<string, boolean>;
    };
    expect(
      prepared.fields?.map((f) => f.path),
      message('PreparedQuery.fields'),
    ).toEqual([['id'], ['brand', 'name']]);
    expect(prepared.joinsNotNullableMap, message('PreparedQuery.joinsNotNullableMap')).toEqual({ estimates: true, brands: false });
    expect(
      (sql`1`.mapWith(Number) as unknown as { decoder?: { mapFromDriverValue?: unknown } }).decoder?.mapFromDriverValue,
      message('SQL.decoder'),
    ).toBeTypeOf('function');
  });

  it('maps rows with the mapper prepareSelect sets', async () => {
    const prepared = prepareSelect(
      database.db
        .select({ one: sql<number>`1`.mapWith(Number) })
        .from(estimates)
        .limit(1),
    );
    (prepared as unknown as { customResultMapper: () => unknown }).customResultMapper = () => 'mapped by customResultMapper';
    expect(await prepared.execute(), message('PreparedQuery.customResultMapper')).toBe('mapped by customResultMapper');
  });
});
