/**
 * Idempotent writes (issue 25, decision 030). A signed-in POST, PUT, PATCH or DELETE under /api
 * with `Idempotency-Key` claims (caller, key) in the database before its handler runs; its answer
 * (status and body) is stored before it is sent. A repeat with the same fingerprint (method, path and
 * query, canonical body) replays it with `Idempotency-Replayed: true` and runs nothing; another
 * request under the same key answers 422; a repeat while the first still runs answers 409 with
 * Retry-After. 5xx answers are not stored, so a retry runs again. The claim is one INSERT … ON
 * CONFLICT, so concurrent repeats on any instance and either database run the work once.
 */
import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../db/schema';
import type { Db } from './db';
import { HttpError } from './errors';
import { claimIdempotencyKey, releaseIdempotencyKey, storeIdempotentAnswer, storedIdempotentAnswer } from './idempotency-store';

export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 1 to 255 visible characters';
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different request';
export const IDEMPOTENCY_KEY_RUNNING = 'A request with this Idempotency-Key is still running; retry shortly';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const VISIBLE = /^[\x21-\x7e]{1,255}$/;

/** JSON with object keys sorted, so that the same body written in another key order is the same request. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

const fingerprintOf = (request: FastifyRequest) => {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  // A streamed (multipart) body is not read before the handler: its type and length stand for it.
  if (request.body === undefined && request.headers['content-length']) {
    hash.update(`${String(request.headers['content-type'] ?? '').split(';')[0]} ${request.headers['content-length']}`);
  } else hash.update(canonical(request.body));
  return hash.digest('base64url');
};

interface Claim {
  caller: string;
  key: string;
}

export const registerIdempotency = (app: FastifyInstance, { db, ttlHours }: { db: Db; ttlHours: number }) => {
  const claims = new WeakMap<FastifyRequest, Claim>();
  let claimsSinceSweep = 0;

  const claim = (caller: string, key: string, fingerprint: string) => claimIdempotencyKey(db, { caller, key, fingerprint, ttlHours });

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !WRITES.has(request.method) || !request.url.startsWith('/api/')) return;
    if (typeof header !== 'string' || !VISIBLE.test(header)) throw new HttpError(400, IDEMPOTENCY_KEY_INVALID);
    // Calls made without a caller (signing in or up, resets) are not kept: their answers hold secrets.
    if (!request.actor) return;
    const caller = `user:${request.actor.id}`;
    const fingerprint = fingerprintOf(request);
    if ((claimsSinceSweep += 1) >= 500) {
      claimsSinceSweep = 0;
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`));
    }
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (await claim(caller, header, fingerprint)) {
        claims.set(request, { caller, key: header });
        return;
      }
      const stored = await storedIdempotentAnswer(db, caller, header);
      if (!stored) continue; // answered 5xx and released meanwhile: claim again
      if (stored.fingerprint !== fingerprint) throw new HttpError(422, IDEMPOTENCY_KEY_REUSED);
      if (stored.status === null) throw Object.assign(new HttpError(409, IDEMPOTENCY_KEY_RUNNING), { retryAfterSeconds: 1 });
      reply.code(stored.status).header('idempotency-replayed', 'true');
      if (stored.contentType) reply.type(stored.contentType);
      return reply.send(stored.body ?? '');
    }
    throw Object.assign(new HttpError(409, IDEMPOTENCY_KEY_RUNNING), { retryAfterSeconds: 1 });
  });

  // The answer is stored before it is sent: a client that sees it can always have it replayed.
  app.addHook('onSend', async (request, reply, payload) => {
    const held = claims.get(request);
    if (!held) return payload;
    claims.delete(request);
    const contentType = reply.getHeader('content-type');
    const textual =
      payload === null || payload === undefined || typeof payload === 'string' || (Buffer.isBuffer(payload) && /json|text/.test(String(contentType)));
    // 5xx, a rate limit (429), a client gone before its work started (499) and file or stream answers are not kept: a retry runs again.
    if (reply.statusCode >= 500 || reply.statusCode === 499 || reply.statusCode === 429 || !textual) {
      await releaseIdempotencyKey(db, held.caller, held.key);
      return payload;
    }
    await storeIdempotentAnswer(db, held.caller, held.key, {
      status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : null,
      body: payload == null ? '' : payload.toString(),
    });
    return payload;
  });
};
