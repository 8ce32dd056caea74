/**
 * The database port's PostgreSQL adapter (DATABASE_URL): a pg pool, with migrations under an
 * advisory lock so that several instances starting together migrate once. Loaded by db.ts only when
 * a server is configured, so that the embedded default does not load pg.
 */
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema';
import { auditedTransactions, migrationsFolder, type Database, type Db } from './db-port';
import { LOCK_IDS } from './lock-ids';
import { afterOpenTransaction, singleConnectionCheck } from './single-connection';

/** Tests only (single-connection.ts): a statement outside an open transaction waits for its end, as on PGlite. */
const keepPgliteOrder = (pool: pg.Pool) => {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function') return query(...args);
    return afterOpenTransaction().then(() => query(...args));
  }) as typeof pool.query;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    if (typeof args[0] === 'function') return connect(...args);
    return afterOpenTransaction().then(() => connect());
  }) as typeof pool.connect;
};

export const fromPostgres = (url: string): Database => {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  if (singleConnectionCheck()) keepPgliteOrder(pool);
  const db = auditedTransactions(drizzleNodePg(pool, { schema }) as unknown as Db);
  return {
    kind: 'postgres',
    db,
    url,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [LOCK_IDS.migrations]);
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [LOCK_IDS.migrations]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
};
