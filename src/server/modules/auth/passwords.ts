import { availableParallelism } from 'node:os';
import { hash, verify, type Options } from '@node-rs/argon2';
import { createLoopLag } from '../../platform/loop-lag';
import { BusyError, createWorkGate } from '../../platform/work-gate';

/**
 * Hashing is the costly part of signing in: as many at once as there are cores but one, a short queue,
 * then 503. One core is left to the event loop and the database: with every core hashing, a burst of
 * sign-ins held up every other call (200 users on 2 cores, bench/load: reads p99 0.8 s).
 */
const HASHING = { concurrency: Math.max(1, availableParallelism() - 1), queue: 64 };
/** How many hashings may run or wait at once; one more is refused (test/api/sign-in-busy.test.ts fills it). */
export const HASHING_CAPACITY = HASHING.concurrency + HASHING.queue;
const BUSY = 'The server is busy signing people in. Please try again in a moment.';
export const hashing = createWorkGate({ ...HASHING, message: BUSY });

/**
 * A whole sign-in (its attempt counts, the account's lookup, the verification, the session) waits its
 * turn here before any of its work starts: twice as many at once as hash (one's statements overlap
 * another's hashing), 64 waiting, and none waits longer than 5 s. A sign-in whose expected wait is
 * longer is refused at once (503, Retry-After that wait), one that waited 5 s is refused then: a burst
 * of 3,000 queued its statements on the embedded database's one connection before reaching the
 * hashing gate, and waited there unbounded (issue 40, decision 046).
 */
export const SIGNING_IN = { concurrency: 2 * HASHING.concurrency, queue: HASHING.queue, maxWaitMs: 5_000 };
/**
 * And no new sign-in starts while the event loop runs more than a second late. On the embedded
 * database a sign-in's statements run on the event loop (PGlite: 10.7 s of a 26-s burst's 24.6 s of
 * work, bench/README.md): sign-ins took all of it, and the refusals waited in the loop behind them.
 */
const SIGN_IN_LOOP_LAG_MS = 1_000;
const loop = createLoopLag();
export const signingIn = createWorkGate({ ...SIGNING_IN, message: BUSY, overloaded: () => loop.lagMs() > SIGN_IN_LOOP_LAG_MS });

/**
 * argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum. The test
 * runner (vitest.config.ts) sets SPOTBOOK_TEST_PASSWORD_COST=low so that its thousands of sign-ups
 * hash at argon2's smallest cost; it is refused under NODE_ENV=production, so a server never does.
 * Verifying reads the cost from the hash itself, so either kind of hash verifies anywhere.
 */
export const passwordCostFor = (env: NodeJS.ProcessEnv): Options => {
  if (env.SPOTBOOK_TEST_PASSWORD_COST !== 'low') return {};
  if (env.NODE_ENV === 'production') throw new Error('SPOTBOOK_TEST_PASSWORD_COST is for tests only and cannot be set in production');
  return { memoryCost: 1024, timeCost: 1, parallelism: 1 };
};
const cost = passwordCostFor(process.env);

export const hashPassword = (password: string): Promise<string> => hashing(() => hash(password, cost));

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await hashing(() => verify(passwordHash, password));
  } catch (error) {
    if (error instanceof BusyError) throw error;
    return false;
  }
};

/**
 * A hash to verify against when the e-mail is unknown, so both failures take the same time. It is made
 * once per process outside the hashing gate: a refusal by a full gate must never be what is kept, or
 * every later unknown e-mail would answer 503 while known ones answer 401 (telling which accounts
 * exist). Should making it fail anyway, the failure is dropped and the next call tries again.
 */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = (): Promise<string> => {
  decoyHash ??= hash('decoy-password-never-matches', cost).catch((error: unknown) => {
    decoyHash = undefined;
    throw error;
  });
  return decoyHash;
};
