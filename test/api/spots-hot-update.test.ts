/**
 * An as-run import's settling of spots is a HOT update (issue 45, decisions 062 and 065, migrations 0063 and
 * 0068): no index of traffic_spots holds a column the import writes, in its keys, INCLUDE list, expressions or
 * predicate, and the table leaves half of each page free (room for a new version of every row a day's as-run
 * settles). And the embedded database's buffer pool setting reads as documented (.env.example).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pgliteSharedBuffersMb, type Database } from '../../src/server/platform/db';
import { openTestDatabase } from '../support/database';

/** What the import's door writes (src/server/modules/traffic/as-run-door.ts). */
const WRITTEN = ['status', 'aired_at', 'actual_duration_seconds', 'missed_by_close', 'as_run_import_id', 'updated_at'];

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('the spots an as-run import settles', () => {
  it('have no index on a column the import writes, and half of each page free', async () => {
    const { rows } = (await database.db.execute(
      sql`select indexname as name, indexdef as def from pg_indexes where schemaname = 'public' and tablename = 'traffic_spots' order by 1`,
    )) as unknown as { rows: { name: string; def: string }[] };
    expect(rows.length).toBeGreaterThan(5);
    const holding = rows.filter((index) => WRITTEN.some((column) => new RegExp(`\\b${column}\\b`).test(index.def))).map((index) => index.name);
    expect(holding).toEqual([]);
    const { rows: options } = (await database.db.execute(
      sql`select array_to_string(reloptions, ',') as options from pg_class where relname = 'traffic_spots' and relkind = 'r'`,
    )) as unknown as { rows: { options: string | null }[] };
    expect(options[0]?.options).toBe('fillfactor=50');
  });
});

describe('SPOTBOOK_PGLITE_SHARED_BUFFERS', () => {
  it('is 32 MB unset, a whole number of MB from 16 to 1024 when set, and refused otherwise', () => {
    expect(pgliteSharedBuffersMb({})).toBe(32);
    expect(pgliteSharedBuffersMb({ SPOTBOOK_PGLITE_SHARED_BUFFERS: '' })).toBe(32);
    expect(pgliteSharedBuffersMb({ SPOTBOOK_PGLITE_SHARED_BUFFERS: '128' })).toBe(128);
    for (const bad of ['8', '2048', '64.5', 'lots'])
      expect(() => pgliteSharedBuffersMb({ SPOTBOOK_PGLITE_SHARED_BUFFERS: bad })).toThrow(
        'SPOTBOOK_PGLITE_SHARED_BUFFERS must be a whole number of MB from 16 to 1024',
      );
  });
});
