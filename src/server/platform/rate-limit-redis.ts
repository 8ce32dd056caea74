/**
 * The shared counters on Redis (REDIS_URL, decision 030): the same fixed windows as the database's,
 * one Redis key per counter that expires with its window. Each count is one round trip (a script:
 * INCRBY, and PEXPIRE when the window opens), shared by every instance that uses the same Redis.
 */
import { Redis } from 'ioredis';
import type { SharedCounter } from './rate-limit';

const PREFIX = 'spotbook:rate:';

/** KEYS[1]; ARGV: window ms, amount. Answers { count, ms left }. */
const HIT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

const UNDO = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export interface RedisCounter extends SharedCounter {
  close(): Promise<void>;
}

export const createRedisCounter = (url: string): RedisCounter => {
  // Commands fail fast while Redis is unreachable instead of queueing without end.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 5_000, lazyConnect: false });
  redis.on('error', () => undefined); // reported by the commands that fail; the client reconnects by itself
  return {
    async hit(key, windowMs, amount = 1) {
      const [count, ttl] = (await redis.eval(HIT, 1, PREFIX + key, String(Math.ceil(windowMs)), String(amount))) as [number, number];
      return { count, ttlMs: ttl };
    },
    async read(key) {
      return Number((await redis.get(PREFIX + key)) ?? 0);
    },
    async undo(key) {
      await redis.eval(UNDO, 1, PREFIX + key);
    },
    async reset(key) {
      await redis.del(PREFIX + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
};
