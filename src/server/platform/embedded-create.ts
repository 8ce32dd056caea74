/**
 * Creating an embedded database (initdb) grows WebAssembly and allocator memory that a process never
 * gives back, even after the PGlite instance is closed and collected. A new data folder is therefore
 * created and migrated by a short-lived child process running the same entry point; the server then
 * opens the finished folder and rests as low as after a restart (bench/README.md, start-up).
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from './db';

/** Set in the child's environment to the data folder it must create, migrate and close. */
export const CREATE_EMBEDDED_DATABASE = 'SPOTBOOK_CREATE_EMBEDDED_DATABASE';

export const isNewDataDir = (dataDir: string): boolean => !existsSync(path.join(dataDir, 'PG_VERSION'));

/** What the child does: create the database, apply the migrations, close it. */
export const createEmbeddedDatabase = async (dataDir: string): Promise<void> => {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
};

/** Runs `createEmbeddedDatabase` in a child process of this entry point (same node flags, same loaders). */
export const createEmbeddedDatabaseInChild = (dataDir: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = fork(process.argv[1]!, [], { env: { ...process.env, [CREATE_EMBEDDED_DATABASE]: dataDir }, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`creating the embedded database in ${dataDir} failed (${signal ?? `exit code ${code}`})`));
    });
  });
