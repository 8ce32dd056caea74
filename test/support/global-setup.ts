/**
 * Migrates one template database per run; each test file then opens its own copy:
 * a PGlite data dump (embedded) or a PostgreSQL database created from a template (DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
/**
 * The tests' template made from it, kept for the next runs of the same build: CI runs vitest ten times (the
 * PGlite pass and the clock sweep's nine instants), and each opened, checked and dumped the same database.
 */
const TEST_TEMPLATE = 'dist/db/test-template.tar';
const newestSource = () =>
  Math.max(
    ...['src/server/db/migrations', 'src/server/db/migrations/meta', 'src/server/db/sql'].flatMap((dir) =>
      readdirSync(dir).map((name) => statSync(path.join(dir, name)).mtimeMs),
    ),
  );
const builtTemplate = (): Blob | undefined => {
  if (!existsSync(BUILT_TEMPLATE)) return undefined;
  return newestSource() <= statSync(BUILT_TEMPLATE).mtimeMs ? new Blob([readFileSync(BUILT_TEMPLATE)]) : undefined;
};
/** The kept test template when it was made from the current build's template (so after every source file). */
const keptTestTemplate = (): string | undefined => {
  if (!existsSync(TEST_TEMPLATE) || !existsSync(BUILT_TEMPLATE)) return undefined;
  const kept = statSync(TEST_TEMPLATE).mtimeMs;
  return kept >= statSync(BUILT_TEMPLATE).mtimeMs && kept >= newestSource() ? path.resolve(TEST_TEMPLATE) : undefined;
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
  const kept = keptTestTemplate();
  if (kept) {
    project.provide('pgliteTemplate', kept);
    project.provide('postgresTemplate', '');
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-tpl-'));
  // From the build's template when it is current (a fifth of the time of migrating an empty database;
  // what a first start does too), else migrated here. Either way migrate() applies what is newer.
  const fromBuild = builtTemplate();
  const database = await openDatabase({ memory: true, loadDataDir: fromBuild });
  await database.migrate();
  const dump = Buffer.from(await (await database.pglite!.dumpDataDir('none')).arrayBuffer());
  await database.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, dump);
  if (fromBuild) {
    // Kept for the next runs; written aside and renamed, so that a run starting beside this one reads it whole or not at all.
    const aside = `${TEST_TEMPLATE}.${process.pid}`;
    writeFileSync(aside, dump);
    renameSync(aside, TEST_TEMPLATE);
  }
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
