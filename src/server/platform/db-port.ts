/**
 * The database port's shared pieces: its types, where the migrations are, and the audited
 * transactions both adapters wrap their Drizzle database in. Their own file so that the PostgreSQL
 * adapter (db-postgres.ts) and db.ts, which loads it, do not import each other.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from '../db/schema';
import { currentAuditActor, setAuditActorSql } from './audit-context';
import { trackTransaction } from './single-connection';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or an open transaction: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The raw PGlite instance (embedded mode only), for tests that dump or clone it. */
  pglite?: PGlite;
  /** The connection string (server mode only), for adapters that need their own connections. */
  url?: string;
  /** The pool's connections (server mode only), for metrics. */
  pool?(): { total: number; idle: number; waiting: number };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

export type DatabaseOptions = { databaseUrl: string } | { dataDir: string } | { memory: true; loadDataDir?: Blob | File };

/**
 * Every transaction opened inside a request first names its actor for the audit triggers. Plain
 * statements outside a transaction are recorded as the system: audited writes run in transactions.
 */
export const auditedTransactions = (db: Db): Db => {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) => {
    // Read here, in the caller's async context: the driver may run the callback from its own queue.
    const actor = currentAuditActor();
    return trackTransaction((inside) =>
      transaction(
        (tx) =>
          inside(async () => {
            if (actor) await tx.execute(setAuditActorSql(actor));
            return work(tx);
          }),
        config,
      ),
    );
  }) as Db['transaction'];
  return db;
};
