/**
 * Repeatable definitions (decision 049): a database migrated by the previous release (numbered
 * migrations through 0042, the definitions inside them) upgrades with the new migrator to the schema a
 * fresh database has; a changed file is applied again with every file after it. On PGlite and PostgreSQL.
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFINITION_FILES } from '../../src/server/db/definitions';
import { schemaDump } from '../../src/server/db/schema-dump';
import { openDatabase, type Database } from '../../src/server/platform/db';
import { databaseUrlFor, withServer } from '../support/global-setup';
import { openTestDatabase } from '../support/database';

/** The last commit before repeatable definitions: its migrations end with 0042, definitions copied in. */
const PREVIOUS_RELEASE = 'a68ce7c';

let previousRelease: string;
let previousMigrations: string;
let upgraded: Database;
let fresh: Database;
let serverDatabase: string | undefined;

/** A database as the previous release left it: its own migrations, applied by its own migrator. */
const previousReleaseDatabase = async (): Promise<Database> => {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    serverDatabase = `spotbook_upgrade_${process.pid}_${randomBytes(3).toString('hex')}`;
    await withServer(serverUrl, (c) => c.query(`create database ${serverDatabase}`));
    const url = databaseUrlFor(serverUrl, serverDatabase);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder: previousMigrations });
    } finally {
      await client.end();
    }
    return openDatabase({ databaseUrl: url });
  }
  const database = await openDatabase({ memory: true });
  await migratePglite(drizzlePglite(database.pglite!), { migrationsFolder: previousMigrations });
  return database;
};

const rows = async <T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  previousRelease = mkdtempSync(path.join(os.tmpdir(), 'spotbook-previous-'));
  execSync(`git archive ${PREVIOUS_RELEASE} src/server/db/migrations | tar -x -C ${previousRelease}`);
  previousMigrations = path.join(previousRelease, 'src/server/db/migrations');
  upgraded = await previousReleaseDatabase();
  fresh = await openTestDatabase();
});
afterAll(async () => {
  await upgraded?.close();
  await fresh?.close();
  if (serverDatabase) await withServer(process.env.DATABASE_URL!, (c) => c.query(`drop database if exists ${serverDatabase} with (force)`));
  if (previousRelease) rmSync(previousRelease, { recursive: true, force: true });
});

describe('upgrading the previous release’s database', () => {
  it('has no definition checksums before, then the schema of a fresh database after', async () => {
    const before = await rows<{ exists: boolean }>(upgraded, sql`select to_regclass('public.schema_definitions') is not null as exists`);
    expect(before, 'the previous release has no schema_definitions').toEqual([{ exists: false }]);
    await upgraded.migrate();
    expect(await schemaDump(upgraded.db)).toBe(await schemaDump(fresh.db));
    const recorded = await rows<{ file: string }>(upgraded, sql`select file from schema_definitions order by file`);
    expect(recorded.map((r) => r.file)).toEqual([...DEFINITION_FILES].sort());
  });

  it('applies nothing when no file changed', async () => {
    const before = await rows<{ file: string; applied_at: string }>(upgraded, sql`select file, applied_at::text from schema_definitions order by file`);
    await upgraded.migrate();
    expect(await rows(upgraded, sql`select file, applied_at::text from schema_definitions order by file`)).toEqual(before);
  });

  it('applies a changed file again and every file after it, not those before', async () => {
    const changed = DEFINITION_FILES.indexOf('audit.sql');
    await upgraded.db.execute(sql`update schema_definitions set checksum = 'changed', applied_at = '2000-01-01' where file = 'audit.sql'`);
    await upgraded.db.execute(sql`update schema_definitions set applied_at = '2000-01-01'`);
    await upgraded.migrate();
    const applied = await rows<{ file: string; again: boolean }>(upgraded, sql`select file, applied_at > '2000-01-01' as again from schema_definitions`);
    const again = new Set(applied.filter((r) => r.again).map((r) => r.file));
    expect(DEFINITION_FILES.filter((file) => again.has(file))).toEqual(DEFINITION_FILES.slice(changed));
    expect(await schemaDump(upgraded.db)).toBe(await schemaDump(fresh.db));
  });
});
