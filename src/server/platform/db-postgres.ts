/**
 * The database port's PostgreSQL adapter (DATABASE_URL): a pg pool, with migrations under an
 * advisory lock so that several instances starting together migrate once. Loaded by db.ts only when
 * a server is configured, so that the embedded default does not load pg.
 */
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { applyDefinitions } from '../db/definitions';
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

/**
 * Connections for single statements and for transactions: at most 30 a server (decision 046). Under
 * load a statement keeps its connection until the event loop reads its answer, so reads need more
 * than the transactions; 30 statement connections measured no better than 20.
 */
const STATEMENT_CONNECTIONS = 20;
export const TRANSACTION_CONNECTIONS = 10;

/**
 * Two pools on one database, seen by Drizzle as one: its statements outside a transaction (every
 * read, `pool.query`, which takes a connection through the callback form of `connect`) use this
 * pool; a transaction's connection (`connect()` without a callback, which Drizzle's `transaction`
 * calls) comes from `transactions`. A transaction keeps its connection for all its round trips up
 * to the commit; with one pool, the writes of a busy moment held every connection and each read's
 * statements queued behind them (decision 046). Now reads queue only behind statements.
 */
class StatementsAndTransactionsPool extends pg.Pool {
  readonly transactions: pg.Pool;
  constructor(url: string) {
    super({ connectionString: url, max: STATEMENT_CONNECTIONS });
    this.transactions = new pg.Pool({ connectionString: url, max: TRANSACTION_CONNECTIONS });
  }
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
    if (callback) return super.connect(callback);
    return this.transactions.connect();
  }
  override async end() {
    await Promise.all([super.end(), this.transactions.end()]);
  }
}

export const fromPostgres = (url: string): Database => {
  const pool = new StatementsAndTransactionsPool(url);
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  pool.transactions.on('error', () => undefined);
  if (singleConnectionCheck()) keepPgliteOrder(pool);
  const db = auditedTransactions(drizzleNodePg(pool, { schema }) as unknown as Db);
  const pools = [pool, pool.transactions];
  const sum = (count: (p: pg.Pool) => number) => pools.reduce((n, p) => n + count(p), 0);
  return {
    kind: 'postgres',
    db,
    url,
    pool: () => ({ total: sum((p) => p.totalCount), idle: sum((p) => p.idleCount), waiting: sum((p) => p.waitingCount) }),
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
        // Then the definition files whose text changed, under the same lock (decision 049).
        await applyDefinitions({
          query: async (text, params) => (await client.query(text, params)).rows,
          exec: async (text) => void (await client.query(text)),
        });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [LOCK_IDS.migrations]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
};
