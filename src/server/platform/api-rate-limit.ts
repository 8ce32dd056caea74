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

export const registerApiRateLimit = async (app: FastifyInstance, { counter, perMinute }: { counter: SharedCounter; perMinute: number }) => {
  // @fastify/rate-limit's store interface, on the shared counter.
  class SharedStore {
    incr(key: string, done: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      counter.hit(`api:${key}`, timeWindow).then(
        ({ count, ttlMs }) => done(null, { current: count, ttl: ttlMs }),
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
    allowList: (request) => !request.url.startsWith('/api/') || UNLIMITED.some((prefix) => request.url.startsWith(prefix)),
    enableDraftSpec: true,
    errorResponseBuilder: (_request, context) =>
      Object.assign(tooManyRequests(`Too many requests: at most ${context.max} a minute. Please retry in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`), {
        retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
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
