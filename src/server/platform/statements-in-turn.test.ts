import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from './db-port';
import { executeInTurn } from './statements-in-turn';

/** A transaction that logs when each statement is made, sent and done; `fail` names one that fails. */
const fakeTx = (log: string[], fail?: number) =>
  ({
    execute: (statement: SQL) => {
      const n = (statement.queryChunks[1] as unknown as number) ?? -1;
      // Lazy as Drizzle's query: sent when `then` is called.
      return {
        then: (resolved: (v: unknown) => unknown, rejected?: (e: unknown) => unknown) => {
          log.push(`sent ${n}`);
          return new Promise((resolve, reject) =>
            setTimeout(() => {
              log.push(`done ${n}`);
              if (n === fail) reject(new Error(`statement ${n} failed`));
              else resolve(`result ${n}`);
            }, 5),
          ).then(resolved, rejected);
        },
      };
    },
  }) as unknown as Tx;

const statements = function* (log: string[], count: number) {
  for (let n = 0; n < count; n += 1) {
    log.push(`made ${n}`);
    yield sql`select ${n}`;
  }
};

describe('statements in turn', () => {
  it('makes each statement while the one before runs, sends it after that one is done, and answers the results in order', async () => {
    const log: string[] = [];
    const results: unknown[] = [];
    await executeInTurn(fakeTx(log), statements(log, 3), (r) => results.push(r));
    expect(log).toEqual(['made 0', 'sent 0', 'made 1', 'done 0', 'sent 1', 'made 2', 'done 1', 'sent 2', 'done 2']);
    expect(results).toEqual(['result 0', 'result 1', 'result 2']);
  });

  it('sends nothing after a statement that failed, and throws its error', async () => {
    const log: string[] = [];
    await expect(executeInTurn(fakeTx(log, 1), statements(log, 4))).rejects.toThrow('statement 1 failed');
    expect(log).toEqual(['made 0', 'sent 0', 'made 1', 'done 0', 'sent 1', 'made 2', 'done 1']);
  });

  it('runs nothing for no statements', async () => {
    const log: string[] = [];
    await executeInTurn(fakeTx(log), statements(log, 0));
    expect(log).toEqual([]);
  });
});
