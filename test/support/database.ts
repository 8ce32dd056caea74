import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/platform/db';
import { databaseUrlFor, withServer } from './global-setup';

/** A fresh, migrated database of its own for one test file (PGlite, or PostgreSQL when DATABASE_URL is set). */
export const openTestDatabase = async (): Promise<Database> => {
  const serverUrl = process.env.DATABASE_URL;
  const template = inject('postgresTemplate');
  if (serverUrl && template) {
    // Named after its template's token (spotbook_tpl_<token>), which the run's teardown drops by.
    const name = `spotbook_t${randomBytes(4).toString('hex')}_${template.replace('spotbook_tpl_', '')}`;
    await withServer(serverUrl, async (c) => {
      await c.query(`create database ${name} template ${template}`);
      // A commit need not wait for its WAL to reach the disk: only a crash of the PostgreSQL server could lose
      // it, which no test causes; what a transaction sees and locks is unchanged (docs/ci.md: the pass's commits
      // waited on fsync). Real server processes started by tests use databases of their own, unchanged.
      await c.query(`alter database ${name} set synchronous_commit = off`);
    });
    const database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, name) });
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        await withServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ memory: true, loadDataDir: new Blob([dump]) });
};
