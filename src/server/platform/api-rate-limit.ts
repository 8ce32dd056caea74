/**
 * The API's rate limit (issue 25, decision 030): RATE_LIMIT_PER_MINUTE calls per API key, signed-in
 * user or, signed out, address, through @fastify/rate-limit on the shared database counter, so every
 * instance counts against the same window. Answers carry the IETF draft's `RateLimit-Policy` and
 * `RateLimit` headers; over the limit, 429 `{ error }` with `Retry-After`.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from './errors';
import type { SharedCounter } from './rate-limit';

const WINDOW_MS = 60_000;
/** Probes and the API's own description are not limited. */
const UNLIMITED = ['/api/health', '/api/ready', '/api/docs'];

const callerOf = (request: FastifyRequest) => {
  const actor = request.actor;
  if (actor?.apiKey) return `key:${actor.apiKey.id}`;
  if (actor) return `user:${actor.id}`;
  return `address:${request.ip}`;
};

/**
 * Counts per caller in leases of `leaseSize` calls: one write to the shared counter claims the next
 * `leaseSize` calls of the window for this instance, the calls after it are counted in memory until
 * the lease is used up. The counter never admits more than `max` a window across instances (a claim
 * admits only what is left under the limit); a lease an instance does not use is lost for the window,
 * so with N instances a caller may be refused up to N × (leaseSize − 1) calls early. Once the window
 * is full, this instance refuses without asking again until it ends. `leaseSize` 1: one count per call.
 * One claim per caller at a time: calls that arrive while it is under way wait for its lease instead
 * of each claiming a lease of their own (200 at once would claim 6,000 and be refused, decision 046).
 */
export const createLeasedCounter = (counter: SharedCounter, { max, leaseSize }: { max: number; leaseSize: number }) => {
  interface Lease {
    endsAt: number;
    /** The shared count after this instance's last claim. */
    shared: number;
    /** Calls of the claims this instance may still admit. */
    left: number;
  }
  const leases = new Map<string, Lease>();
  /** The claim under way per caller; it settles once its lease is in `leases`. */
  const claims = new Map<string, Promise<unknown>>();
  let calls = 0;
  const count = async (key: string, windowMs: number): Promise<{ current: number; ttl: number }> => {
    const nowMs = Date.now();
    const lease = leases.get(key);
    if (lease && lease.endsAt > nowMs) {
      if (lease.left > 0) {
        lease.left -= 1;
        return { current: lease.shared - lease.left, ttl: lease.endsAt - nowMs };
      }
      if (lease.shared >= max) return { current: lease.shared + 1, ttl: lease.endsAt - nowMs };
    }
    const pending = claims.get(key);
    if (pending) {
      // Another call of this caller is claiming: take from its lease (or claim after it).
      await pending.catch(() => undefined);
      return count(key, windowMs);
    }
    const want = Math.max(1, leaseSize);
    const claim = counter.hit(key, windowMs, want);
    claims.set(key, claim);
    let hit: { count: number; ttlMs: number };
    try {
      hit = await claim;
    } finally {
      claims.delete(key);
    }
    // Admitted of this claim: what was left under the limit, at most `want`.
    const granted = Math.max(0, Math.min(want, max - (hit.count - want)));
    const fresh = { endsAt: Date.now() + hit.ttlMs, shared: Math.min(hit.count, max), left: Math.max(0, granted - 1) };
    leases.set(key, fresh);
    if (granted === 0) return { current: max + 1, ttl: hit.ttlMs };
    return { current: fresh.shared - fresh.left, ttl: hit.ttlMs };
  };
  return {
    count: async (key: string, windowMs: number): Promise<{ current: number; ttl: number }> => {
      if ((calls += 1) % 1_000 === 0) for (const [k, l] of leases) if (l.endsAt <= Date.now()) leases.delete(k);
      return count(key, windowMs);
    },
    /** Takes back one counted call of `key`: into this instance's open lease, or from the shared count. */
    giveBack: async (key: string): Promise<void> => {
      const lease = leases.get(key);
      if (lease && lease.endsAt > Date.now()) {
        if (leaseSize > 1) {
          lease.left += 1;
          return;
        }
        lease.shared = Math.max(0, lease.shared - 1);
      }
      await counter.undo(key);
    },
  };
};

export const registerApiRateLimit = async (
  app: FastifyInstance,
  { counter, perMinute, leaseSize }: { counter: SharedCounter; perMinute: number; leaseSize: number },
) => {
  const { count, giveBack } = createLeasedCounter(counter, { max: perMinute, leaseSize });
  const limited = (request: FastifyRequest) => request.url.startsWith('/api/') && !UNLIMITED.some((prefix) => request.url.startsWith(prefix));
  // @fastify/rate-limit's store interface, on the shared counter.
  class SharedStore {
    incr(key: string, done: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      count(`api:${key}`, timeWindow).then(
        (result) => done(null, result),
        (error: Error) => done(error),
      );
    }
    child() {
      return this;
    }
  }
  await app.register(fastifyRateLimit, {
    global: true,
    // After the route's guard (onRequest), so that a key or a user is counted rather than its address.
    hook: 'preHandler',
    max: perMinute,
    timeWindow: WINDOW_MS,
    store: SharedStore,
    keyGenerator: callerOf,
    allowList: (request) => !limited(request),
    enableDraftSpec: true,
    errorResponseBuilder: (_request, context) =>
      Object.assign(
        tooManyRequests(`Too many requests: at most ${context.max} a minute. Please retry in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`),
        {
          retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
        },
      ),
  });
  // A call the server refused as busy (503 and Retry-After: the sign-in queue was full) is not the
  // caller's: it is taken back, so that a crowd retrying as told is not then refused with 429 (decision 046).
  // Only a counted call (it carries the limit's headers): a sign-in refused on arrival never was (issue 40).
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode === 503 && limited(request) && reply.hasHeader('ratelimit-policy')) await giveBack(`api:${callerOf(request)}`);
  });
  // The plugin's ratelimit-limit/-remaining/-reset become the current draft's two structured headers.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const limit = reply.getHeader('ratelimit-limit');
    if (limit !== undefined) {
      const remaining = reply.getHeader('ratelimit-remaining');
      const reset = reply.getHeader('ratelimit-reset');
      reply.header('ratelimit-policy', `"per-minute";q=${String(limit)};w=${WINDOW_MS / 1000}`);
      reply.header('ratelimit', `"per-minute";r=${String(remaining)};t=${String(reset)}`);
      reply.removeHeader('ratelimit-limit');
      reply.removeHeader('ratelimit-remaining');
      reply.removeHeader('ratelimit-reset');
    }
    done(null, payload);
  });
};
