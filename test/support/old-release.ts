/**
 * A database as an earlier release left it, for the upgrade tests: that commit's numbered migrations run by its
 * own migrator, then its definition files in the order it applied them, then the rows the test writes in that
 * release's columns. On the PostgreSQL server (a throw-away database) when DATABASE_URL is set, else in memory.
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/platform/db';
import { databaseUrlFor, withServer } from './global-setup';

export interface OldRelease {
  database: Database;
  /** Drops the server database (if one was made) and the release's files; the caller closes what opened the database. */
  remove: () => Promise<void>;
}

export const databaseAtRelease = async ({
  commit,
  definitions,
  seed,
  name,
}: {
  commit: string;
  /** The release's definition files (src/server/db/sql), in the order its migrator applied them. */
  definitions: readonly string[];
  seed: string;
  /** A short name for the temporary folder and the server database. */
  name: string;
}): Promise<OldRelease> => {
  const folder = mkdtempSync(path.join(os.tmpdir(), `spotbook-${name}-`));
  let serverDatabase: string | undefined;
  const remove = async () => {
    if (serverDatabase) await withServer(process.env.DATABASE_URL!, (c) => c.query(`drop database if exists ${serverDatabase} with (force)`));
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    execSync(`git archive ${commit} src/server/db/migrations src/server/db/sql | tar -x -C ${folder}`);
    const migrations = path.join(folder, 'src/server/db/migrations');
    const texts = [...definitions.map((file) => readFileSync(path.join(folder, 'src/server/db/sql', file), 'utf8')), seed];
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl) {
      serverDatabase = `spotbook_${name.replace(/\W/g, '_')}_${process.pid}_${randomBytes(3).toString('hex')}`;
      await withServer(serverUrl, (c) => c.query(`create database ${serverDatabase}`));
      const url = databaseUrlFor(serverUrl, serverDatabase);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder: migrations });
        for (const text of texts) await client.query(text);
      } finally {
        await client.end();
      }
      return { database: await openDatabase({ databaseUrl: url }), remove };
    }
    const database = await openDatabase({ memory: true });
    await migratePglite(drizzlePglite(database.pglite!), { migrationsFolder: migrations });
    for (const text of texts) await database.pglite!.exec(text);
    return { database, remove };
  } catch (error) {
    await remove();
    throw error;
  }
};
