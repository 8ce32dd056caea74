/**
 * AdCP's `idempotency_key` (decision 035), kept in the same store as the HTTP `Idempotency-Key`
 * (decision 030: `idempotency_keys`, per caller, the same TTL), under `adcp:<task>:<key>` so that an
 * HTTP call and a task never answer for each other. A replay answers the stored result with
 * `replayed: true`; another payload under the same key answers IDEMPOTENCY_CONFLICT. A task without a
 * key runs as it is (not deduplicated). Only completed answers are kept: an error may be retried.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../platform/db';
import { claimIdempotencyKey, releaseIdempotencyKey, storeIdempotentAnswer, storedIdempotentAnswer } from '../../platform/idempotency-store';
import { adcpError, AdcpError } from './errors';

const VISIBLE = /^[\x21-\x7e]{1,255}$/;

const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

export const withIdempotency = async <T extends object>({
  db,
  ttlHours,
  callerId,
  task,
  args,
  run,
}: {
  db: Db;
  ttlHours: number;
  callerId: string;
  task: string;
  args: Record<string, unknown>;
  run: () => Promise<T>;
}): Promise<T | (T & { replayed: true })> => {
  const { idempotency_key: key, ...rest } = args;
  if (key === undefined || key === null) return run();
  if (typeof key !== 'string' || !VISIBLE.test(key)) {
    throw adcpError('INVALID_REQUEST', 'idempotency_key must be 1 to 255 visible characters', { field: 'idempotency_key' });
  }
  const caller = `user:${callerId}`;
  const stored = `adcp:${task}:${key}`;
  const fingerprint = createHash('sha256')
    .update(`${task}\n${canonical(rest)}`)
    .digest('base64url');
  const claimed = await claimIdempotencyKey(db, { caller, key: stored, fingerprint, ttlHours });
  if (!claimed) {
    const row = await storedIdempotentAnswer(db, caller, stored);
    if (row && row.fingerprint !== fingerprint) {
      throw new AdcpError({
        code: 'IDEMPOTENCY_CONFLICT',
        message: 'This idempotency_key was already used for a different request',
        field: 'idempotency_key',
        suggestion: 'Use a new idempotency_key for a different request',
        recovery: 'correctable',
      });
    }
    if (!row || row.status === null) {
      throw new AdcpError({
        code: 'IDEMPOTENCY_IN_PROGRESS',
        message: 'A request with this idempotency_key is still running; retry shortly',
        retry_after: 1,
        recovery: 'transient',
      });
    }
    return { ...(JSON.parse(row.body ?? '{}') as T), replayed: true as const };
  }
  try {
    const result = await run();
    await storeIdempotentAnswer(db, caller, stored, { status: 200, contentType: 'application/json', body: JSON.stringify(result) });
    return result;
  } catch (error) {
    await releaseIdempotencyKey(db, caller, stored);
    throw error;
  }
};
