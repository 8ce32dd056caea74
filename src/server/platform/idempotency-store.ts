/**
 * The store of idempotent answers (decision 030: `idempotency_keys`, per caller and key): the one door
 * to the table, for the HTTP `Idempotency-Key` (./idempotency.ts) and AdCP's `idempotency_key`
 * (modules/adcp/idempotency.ts, issue 39).
 */
import { and, eq, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema';
import type { Db } from './db';

/** A claim whose request never finished (its instance died) may be taken over after this. */
const STALE_RUNNING_MINUTES = 10;

const keyIs = (caller: string, key: string) => and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key));

/**
 * Claims (caller, key) for a request of this fingerprint, kept `ttlHours`: one INSERT … ON CONFLICT, so
 * concurrent repeats on any instance claim it once. An expired answer, or a claim whose instance died
 * mid-request, is taken over. True when claimed.
 */
export const claimIdempotencyKey = async (
  db: Db,
  { caller, key, fingerprint, ttlHours }: { caller: string; key: string; fingerprint: string; ttlHours: number },
) => {
  const expires = sql`now() + make_interval(hours => ${ttlHours})`;
  const [row] = await db
    .insert(idempotencyKeys)
    .values({ caller, key, fingerprint, expiresAt: expires })
    .onConflictDoUpdate({
      target: [idempotencyKeys.caller, idempotencyKeys.key],
      set: { fingerprint, status: null, contentType: null, body: null, createdAt: sql`now()`, expiresAt: expires },
      setWhere: sql`${idempotencyKeys.expiresAt} <= now() or (${idempotencyKeys.status} is null and ${idempotencyKeys.createdAt} < now() - make_interval(mins => ${STALE_RUNNING_MINUTES}))`,
    })
    .returning({ caller: idempotencyKeys.caller });
  return row !== undefined;
};

/** The claim or answer stored under (caller, key), if any (`status` null: still running). */
export const storedIdempotentAnswer = async (db: Db, caller: string, key: string) => {
  const [row] = await db.select().from(idempotencyKeys).where(keyIs(caller, key)).limit(1);
  return row;
};

/** Stores the answer of the claimed (caller, key). */
export const storeIdempotentAnswer = async (db: Db, caller: string, key: string, answer: { status: number; contentType: string | null; body: string }) => {
  await db.update(idempotencyKeys).set(answer).where(keyIs(caller, key));
};

/** Lets (caller, key) go: a retry runs again. */
export const releaseIdempotencyKey = async (db: Db, caller: string, key: string) => {
  await db.delete(idempotencyKeys).where(keyIs(caller, key));
};
