/**
 * The embedded database has one connection: PGlite runs one statement or transaction at a time, and
 * a statement issued outside an open transaction waits until that transaction ends. Code that,
 * inside a transaction, awaits a statement on the root database (instead of on the transaction)
 * therefore waits for itself forever on PGlite, while a PostgreSQL pool simply lends it another
 * connection.
 *
 * So that the API tests can run once, on PostgreSQL, and still catch that mistake (decision 032), a
 * PostgreSQL pool can be made to keep PGlite's order within a request: with
 * SPOTBOOK_TEST_SINGLE_CONNECTION=1 (tests only), a statement issued on the pool from inside an open
 * transaction's async context waits for that transaction to end, as on PGlite, and fails with a
 * clear error when the transaction is itself waiting for it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface OpenTransaction {
  ended: Promise<void>;
}

const scope = new AsyncLocalStorage<OpenTransaction>();

/** How long a statement waits for the transaction it was issued inside before it is called a deadlock. */
const DEADLOCK_AFTER_MS = 5_000;

export const SINGLE_CONNECTION_DEADLOCK =
  'A statement on the database was issued inside an open transaction, outside it, and the transaction waited for it: on the embedded database (one connection) this waits forever. Use the transaction.';

/** Runs `open` (which opens and runs a transaction around `work`) so that statements outside it can wait for its end. */
export const trackTransaction = <T>(open: (inside: <R>(work: () => R) => R) => Promise<T>): Promise<T> => {
  let end!: () => void;
  const transaction: OpenTransaction = { ended: new Promise<void>((resolve) => (end = resolve)) };
  const result = open((work) => scope.run(transaction, work));
  return result.finally(end);
};

/** Waits, when called inside an open transaction's context, for that transaction to end (PGlite's order). */
export const afterOpenTransaction = async (): Promise<void> => {
  const open = scope.getStore();
  if (!open) return;
  let timer: NodeJS.Timeout | undefined;
  const deadlock = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(SINGLE_CONNECTION_DEADLOCK)), DEADLOCK_AFTER_MS);
    timer.unref();
  });
  try {
    await Promise.race([open.ended, deadlock]);
  } finally {
    clearTimeout(timer);
  }
};

export const singleConnectionCheck = (): boolean => process.env.SPOTBOOK_TEST_SINGLE_CONNECTION === '1' && process.env.NODE_ENV !== 'production';
