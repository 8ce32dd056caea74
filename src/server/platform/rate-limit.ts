/**
 * Fixed-window counters kept in the database every instance shares (decision 030), so that N
 * instances never allow N times the attempts. They back the API's per-minute limit
 * (api-rate-limit.ts, through @fastify/rate-limit) and the sign-in, reset and password limits.
 */
import { eq, lt, sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema';
import type { Db } from './db';

export interface SharedCounter {
  /** Counts `amount` (1) for `key` in its window (a new window of `windowMs` when none is open); answers the count and the ms left. */
  hit(key: string, windowMs: number, amount?: number): Promise<{ count: number; ttlMs: number }>;
  /** The count in the open window, without counting. */
  read(key: string): Promise<number>;
  /** Takes back one count (an attempt that turned out not to count). */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Expired windows are swept every this many hits. */
const SWEEP_EVERY = 1_000;

export const createSharedCounter = (db: Db): SharedCounter => {
  let hits = 0;
  const open = sql`${rateLimits.windowEndsAt} > clock_timestamp()`;
  return {
    async hit(key, windowMs, amount = 1) {
      if ((hits += 1) % SWEEP_EVERY === 0) await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, sql`clock_timestamp() - interval '1 hour'`));
      const fresh = sql`clock_timestamp() + make_interval(secs => ${windowMs / 1000})`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: amount, windowEndsAt: fresh })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${open} then ${rateLimits.count} + ${amount} else ${amount} end`,
            windowEndsAt: sql`case when ${open} then ${rateLimits.windowEndsAt} else excluded.window_ends_at end`,
          },
        })
        .returning({
          count: rateLimits.count,
          ttlMs: sql<number>`greatest(0, extract(epoch from ${rateLimits.windowEndsAt} - clock_timestamp()) * 1000)::float8`,
        });
      return { count: row!.count, ttlMs: Math.ceil(Number(row!.ttlMs)) };
    },
    async read(key) {
      const [row] = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${key} and ${open}`)
        .limit(1);
      return row?.count ?? 0;
    },
    async undo(key) {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(sql`${rateLimits.key} = ${key} and ${open}`);
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
};

/**
 * An attempt limit on a shared counter: at most `max` counted attempts per key and window. An attempt
 * is counted before it is verified (a burst cannot pass before its failures are counted, issue 30)
 * and taken back when it should not count (it succeeded, or it was refused).
 */
export interface AttemptLimiter {
  /** Counts an attempt; false (and not counted) when the key is already at its limit. */
  attempt(key: string): Promise<boolean>;
  /** Takes back a counted attempt. */
  undo(key: string): Promise<void>;
  /** Counts a failure after the fact (limits that only refuse once over, such as dead reset links). */
  hit(key: string): Promise<void>;
  /** True when the key is at its limit, without counting. */
  blocked(key: string): Promise<boolean>;
  reset(key: string): Promise<void>;
}

export const createAttemptLimiter = ({
  counter,
  name,
  max,
  windowMs,
}: {
  counter: SharedCounter;
  name: string;
  max: number;
  windowMs: number;
}): AttemptLimiter => {
  const keyOf = (key: string) => `${name}:${key}`;
  return {
    async attempt(key) {
      const { count } = await counter.hit(keyOf(key), windowMs);
      if (count <= max) return true;
      await counter.undo(keyOf(key));
      return false;
    },
    undo: (key) => counter.undo(keyOf(key)),
    hit: async (key) => {
      await counter.hit(keyOf(key), windowMs);
    },
    blocked: async (key) => (await counter.read(keyOf(key))) >= max,
    reset: (key) => counter.reset(keyOf(key)),
  };
};

/** Counts an attempt on every limiter at once; when any refuses, the others take theirs back. */
export const attemptAll = async (limits: [AttemptLimiter, string][]): Promise<boolean> => {
  const admitted = await Promise.all(limits.map(([limiter, key]) => limiter.attempt(key)));
  if (admitted.every(Boolean)) return true;
  await Promise.all(limits.filter((_, i) => admitted[i]).map(([limiter, key]) => limiter.undo(key)));
  return false;
};

/** Takes back the attempts `attemptAll` counted, when what was attempted turned out not to count. */
export const undoAll = async (limits: [AttemptLimiter, string][]): Promise<void> => {
  await Promise.all(limits.map(([limiter, key]) => limiter.undo(key)));
};
