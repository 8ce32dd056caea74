/**
 * The checked-in schema (src/server/db/schema.sql) is what the migrations make (issue 22): a migration
 * whose effect is not in the file fails here, so that review reads the schema as it is. Run on the
 * embedded database only (decision 032): a server of another major version prints some definitions
 * differently.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaDump } from '../../src/server/db/schema-dump';
import type { Database } from '../../src/server/platform/db';
import { openTestDatabase } from '../support/database';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe.skipIf(Boolean(process.env.DATABASE_URL))('the checked-in schema', () => {
  it('is what the migrations make (after a migration: npm run db:dump, and commit src/server/db/schema.sql)', async () => {
    const checkedIn = readFileSync('src/server/db/schema.sql', 'utf8');
    expect(await schemaDump(database.db)).toBe(checkedIn);
  });
});
