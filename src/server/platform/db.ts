/**
 * The database port: one Drizzle database over either embedded PGlite or a PostgreSQL server.
 * Both speak the same SQL; migrations are applied at start under an advisory lock so that
 * several instances starting together migrate once.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { applyDefinitions } from '../db/definitions';
import * as schema from '../db/schema';
import { requestGoneCheck } from './audit-context';
import { auditedTransactions, migrationsFolder, type Database, type DatabaseOptions, type Db } from './db-port';
import { ClientGoneError } from './errors';

export { auditedTransactions, migrationsFolder, type Database, type DatabaseOptions, type Db, type Schema, type Tx } from './db-port';

/**
 * PGlite runs one statement or transaction at a time; the others wait in its queue. When a request's
 * turn comes after its client has gone (an abandoned request), its work is not started: the one
 * connection goes to requests someone still waits for (decision 022).
 */
const skipAbandonedWork = (client: PGlite) => {
  // `_runExclusiveTransaction` is PGlite's own queue, not its public API (issue 22, decision 039): should an
  // upgrade rename it, every start fails here; should statements stop going through it,
  // test/api/private-apis.test.ts fails. Either way loudly, not with the guard silently doing nothing.
  if (typeof client._runExclusiveTransaction !== 'function') {
    throw new Error('PGlite no longer has _runExclusiveTransaction: update skipAbandonedWork (src/server/platform/db.ts) for this PGlite version');
  }
  const runExclusive = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = <T>(work: () => Promise<T>): Promise<T> => {
    const gone = requestGoneCheck();
    return runExclusive(() => (gone() ? Promise.reject(new ClientGoneError()) : work()));
  };
};

const fromPglite = (client: PGlite): Database => {
  skipAbandonedWork(client);
  const db = auditedTransactions(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    kind: 'pglite',
    db,
    pglite: client,
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
      // Then the definition files whose text changed (decision 049); one process, one connection: no lock needed.
      await applyDefinitions({
        query: async (text, params) => (await client.query(text, params)).rows as never,
        exec: async (text) => void (await client.exec(text)),
      });
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
};

/**
 * PGlite's PostgreSQL keeps its shared buffers in WebAssembly memory, zero-filled at start and never
 * shrunk: they are the embedded server's resting memory. 32 MB (the default) keeps it small; its data files
 * go through the operating system's page cache anyway. A station that imports large as-runs daily may
 * trade memory for speed: `SPOTBOOK_PGLITE_SHARED_BUFFERS=128` (MB, 16–1024) keeps the import's working
 * set (the spots, their indexes, the airings, the changes list) in the pool, about 100 MB more at rest
 * (decision 062, bench/README.md).
 */
export const pgliteSharedBuffersMb = (env: NodeJS.ProcessEnv = process.env): number => {
  const raw = env.SPOTBOOK_PGLITE_SHARED_BUFFERS;
  if (raw === undefined || raw === '') return 32;
  const mb = Number(raw);
  if (!Number.isInteger(mb) || mb < 16 || mb > 1024) throw new Error('SPOTBOOK_PGLITE_SHARED_BUFFERS must be a whole number of MB from 16 to 1024');
  return mb;
};

const embeddedStartParams = () => [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffersMb()}MB`];

/**
 * A migrated empty database made by the build (scripts/build-db-template.ts), beside the compiled
 * migrations. A new data folder starts from it rather than from initdb: a first start then takes about
 * as long, and rests as low, as a restart (decision 024). Running from sources (tsx) there is none.
 */
const TEMPLATE = path.join(migrationsFolder, '../template.tar.gz');

/** Unpacks the template into a new data folder; PGlite then opens it as it would after a restart. */
const unpackTemplate = async (dataDir: string) => {
  if (existsSync(path.join(dataDir, 'PG_VERSION')) || !existsSync(TEMPLATE)) return;
  // The tarball's entries are absolute (PGlite's dumpDataDir); tar makes them relative to the folder.
  // tar is loaded here, on a first start only.
  const { extract } = await import('tar');
  await extract({ file: TEMPLATE, cwd: dataDir, onwarn: () => undefined });
};

export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  // The PostgreSQL driver is loaded only when a server is configured: the embedded default never needs it.
  if ('databaseUrl' in options) return (await import('./db-postgres')).fromPostgres(options.databaseUrl);
  if ('dataDir' in options) {
    mkdirSync(options.dataDir, { recursive: true });
    await unpackTemplate(options.dataDir);
    return fromPglite(await PGlite.create(options.dataDir, { startParams: embeddedStartParams() }));
  }
  return fromPglite(await PGlite.create({ startParams: embeddedStartParams(), ...(options.loadDataDir && { loadDataDir: options.loadDataDir }) }));
};

/** Opens the database and applies the migrations, then the changed definition files (under an advisory lock on PostgreSQL; on a template, those newer than it). */
export const openMigratedDatabase = async (options: DatabaseOptions): Promise<Database> => {
  const database = await openDatabase(options);
  await database.migrate();
  return database;
};

export const isUniqueViolation = (error: unknown): boolean => pgCode(error) === '23505';
// 23503 foreign_key_violation; 23001 restrict_violation (ON DELETE RESTRICT).
export const isForeignKeyViolation = (error: unknown): boolean => ['23503', '23001'].includes(pgCode(error) ?? '');

/** The constraint (or unique index) a refused write broke, when the database names it. */
export const violatedConstraint = (error: unknown): string | undefined => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
};

const pgCode = (error: unknown): string | undefined => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
};

export { sql };

/**
 * The station's time zone as an SQL literal, for `at time zone` in day buckets. A literal, not a
 * parameter, so that the same expression in SELECT and GROUP BY is one expression to PostgreSQL.
 * (The name was checked against the IANA database at start; quotes are doubled all the same.)
 */
export const stationZoneSql = (timeZone: string) => sql.raw(`'${timeZone.replace(/'/g, "''")}'`);

/** An ILIKE pattern matching `text` anywhere, its own %, _ and backslash taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
