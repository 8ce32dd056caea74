import type { SQL } from 'drizzle-orm';
import type { Tx } from './db-port';

/**
 * Runs a bulk write's statements one after another in `tx`, making each while the database runs the one
 * before (issue 45): the statements' columns (5,000 rows each) are built in this process and run in the
 * database's, so with a database server the two overlap instead of taking turns. `statements` is read one
 * at a time (a generator makes the next when asked, after the one before was sent); a statement is sent only
 * after the one before it succeeded. `each` is told each statement's result, in order.
 */
export const executeInTurn = async (tx: Tx, statements: Iterable<SQL>, each: (result: unknown) => void = () => {}): Promise<void> => {
  let running: Promise<unknown> | null = null;
  for (const statement of statements) {
    if (running) each(await running);
    // Drizzle's query runs when awaited: `then` sends it now, and the loop makes the next meanwhile.
    running = tx.execute(statement).then((result) => result);
  }
  if (running) each(await running);
};
