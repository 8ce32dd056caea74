/**
 * Migrates one template database per run; each test file then opens its own copy:
 * a PGlite data dump (embedded) or a PostgreSQL database created from a template (DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/platform/db';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

export const withServer = async <T>(url: string, run: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};

export const databaseUrlFor = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** The build's migrated empty database (scripts/build-db-template.ts), when no migration or definition file is newer. */
const BUILT_TEMPLATE = 'dist/db/template.tar.gz';
const builtTemplate = (): Blob | undefined => {
  if (!existsSync(BUILT_TEMPLATE)) return undefined;
  const built = statSync(BUILT_TEMPLATE).mtimeMs;
  const sources = ['src/server/db/migrations', 'src/server/db/migrations/meta', 'src/server/db/sql'].flatMap((dir) =>
    readdirSync(dir).map((name) => path.join(dir, name)),
  );
  return sources.every((file) => statSync(file).mtimeMs <= built) ? new Blob([readFileSync(BUILT_TEMPLATE)]) : undefined;
};

export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    // One template per project of the run (several projects set up at once): its own token names it
    // and every database copied from it, and the teardown drops only those.
    const token = `${process.pid}_${randomBytes(3).toString('hex')}`;
    const template = `spotbook_tpl_${token}`;
    await withServer(serverUrl, (c) => c.query(`create database ${template}`));
    const database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, template) });
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      await withServer(serverUrl, async (c) => {
        const { rows } = await c.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`spotbook_t%\\_${token}`]);
        for (const row of rows) await c.query(`drop database if exists ${row.datname} with (force)`);
      });
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-tpl-'));
  // From the build's template when it is current (a fifth of the time of migrating an empty database;
  // what a first start does too), else migrated here. Either way migrate() applies what is newer.
  const database = await openDatabase({ memory: true, loadDataDir: builtTemplate() });
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
