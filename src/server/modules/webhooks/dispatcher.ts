/**
 * Sends the outbox (decision 030) through the job queue: the `webhooks.dispatch` job leases due
 * deliveries (FOR UPDATE SKIP LOCKED, so instances share the work), posts each signed event, and
 * records the attempt. Any 2xx succeeds; 410 disables the endpoint; anything else (or no answer within
 * the timeout) retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 24 h, then fails. A delivery whose
 * instance died is leased again once its lease runs out: at least once, with a stable webhook-id.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { webhookBodyOf } from '../../../domain/webhooks';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { JobQueue } from '../../platform/jobs';
import { guardedLookup, isPrivateAddress } from './address-guard';
import { onEventsWritten } from './outbox';
import { pushAuthHeaders, signWebhook } from './signing';

const JOB = 'webhooks.dispatch';
const BATCH = 20;
/** A lease outlives any attempt its instance is still making (and the write of its outcome): four timeouts, 60 s by default. */
const LEASE_TIMEOUTS = 4;
/** The longest wait between looks at the outbox on an instance (retries due, work left by a stopped instance). */
const SWEEP_MS = 30_000;
/** After a run that failed (the database away for a moment): the next look, without hammering it meanwhile. */
const AFTER_FAILURE_MS = 2_000;
const USER_AGENT = 'Spotbook-Webhooks/1';

export interface DispatcherOptions {
  db: Db;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  allowPrivate: boolean;
  retryDelaysMs: number[];
  timeoutMs: number;
}

interface Outcome {
  status?: number;
  error?: string;
}

const post = (url: string, headers: Record<string, string>, body: string, timeoutMs: number, allowPrivate: boolean) =>
  new Promise<Outcome>((resolve) => {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    // An address written in the URL is never looked up: check it here.
    if (!allowPrivate && isIP(host) && isPrivateAddress(host)) return resolve({ error: `${host} is a private or local address` });
    const transport = target.protocol === 'https:' ? https : http;
    const request = transport.request(
      target,
      // A connection of its own (`agent: false`): Node's shared agent keeps idle sockets, and a receiver that closes
      // one as an attempt starts on it (Node servers do after 5 s idle) fails that attempt with "socket hang up".
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() }, lookup: guardedLookup(allowPrivate), agent: false },
      (response) => {
        clearTimeout(timer);
        response.resume();
        resolve({ status: response.statusCode });
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`No answer within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      resolve({ error: error.message.slice(0, 500) });
    });
    request.end(body);
  });

export const createWebhookDispatcher = ({ db, jobs, log, allowPrivate, retryDelaysMs, timeoutMs }: DispatcherOptions) => {
  const leaseSeconds = Math.ceil((timeoutMs * LEASE_TIMEOUTS) / 1000);
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;

  /** Runs the job at `at` (or sooner, if already planned sooner). */
  const plan = (at: number) => {
    if (closed || at >= timerAt) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timerAt = Infinity;
        void jobs.enqueue(JOB, {}).catch((error: unknown) => log.warn({ err: error }, 'could not queue webhook dispatch'));
      },
      Math.max(0, at - Date.now()),
    ).unref();
  };

  const lease = () =>
    db
      .update(webhookDeliveries)
      .set({ leasedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(
        inArray(
          webhookDeliveries.id,
          db
            .select({ id: webhookDeliveries.id })
            .from(webhookDeliveries)
            .where(
              and(
                eq(webhookDeliveries.state, 'pending'),
                sql`${webhookDeliveries.nextAttemptAt} <= now()`,
                or(isNull(webhookDeliveries.leasedUntil), lt(webhookDeliveries.leasedUntil, sql`now()`)),
              ),
            )
            .orderBy(asc(webhookDeliveries.nextAttemptAt))
            .limit(BATCH)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning();

  const attempt = async (delivery: typeof webhookDeliveries.$inferSelect) => {
    const [row] = await db
      .select({ endpoint: webhookEndpoints, event: webhookEvents })
      .from(webhookEndpoints)
      .innerJoin(webhookEvents, eq(webhookEvents.id, delivery.eventId))
      .where(eq(webhookEndpoints.id, delivery.endpointId))
      .limit(1);
    if (!row) return;
    const { endpoint, event } = row;
    if (!endpoint.enabled) {
      await db
        .update(webhookDeliveries)
        .set({ state: 'failed', leasedUntil: null, lastError: 'The endpoint is disabled' })
        .where(eq(webhookDeliveries.id, delivery.id));
      return;
    }
    const id = `msg_${event.id}`;
    const body = webhookBodyOf(event.type, event.occurredAt, event.data as Record<string, unknown>);
    const timestamp = Math.floor(Date.now() / 1000);
    const started = Date.now();
    const outcome = await post(
      endpoint.url,
      {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(endpoint.secret, id, timestamp, body),
        ...pushAuthHeaders(endpoint.authScheme, endpoint.secret, timestamp, body),
      },
      body,
      timeoutMs,
      allowPrivate,
    );
    const attempts = delivery.attempts + 1;
    const succeeded = outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300;
    const gone = outcome.status === 410;
    const delay = retryDelaysMs[attempts - 1];
    const state = succeeded ? 'succeeded' : gone || delay === undefined ? 'failed' : 'pending';
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({
        deliveryId: delivery.id,
        statusCode: outcome.status ?? null,
        error: outcome.error ?? (succeeded ? null : `HTTP ${outcome.status}`),
        durationMs: Date.now() - started,
      });
      await tx
        .update(webhookDeliveries)
        .set({
          state,
          attempts,
          leasedUntil: null,
          lastStatusCode: outcome.status ?? null,
          lastError: outcome.error ?? null,
          nextAttemptAt: state === 'pending' ? new Date(Date.now() + delay!) : null,
        })
        .where(eq(webhookDeliveries.id, delivery.id));
      // 410 Gone: the receiver asks for no more; the endpoint is disabled until its owner enables it again.
      if (gone)
        await tx
          .update(webhookEndpoints)
          .set({ enabled: false, disabledReason: 'The endpoint answered 410 Gone', updatedAt: new Date() })
          .where(eq(webhookEndpoints.id, endpoint.id));
    });
  };

  /**
   * A delivery is next due at its next attempt, or, while another instance holds its lease (or held
   * it when it died), when that lease runs out: waiting for the lease instead of looking every 50 ms.
   */
  const planNextDue = async () => {
    const [next] = await db
      .select({ at: sql`min(greatest(${webhookDeliveries.nextAttemptAt}, ${webhookDeliveries.leasedUntil}))`.mapWith(webhookDeliveries.nextAttemptAt) })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.state, 'pending'));
    // Just after events were written, look again soon: their transaction may not have committed at the first look.
    const soon = Date.now() - nudgedAt < 2_000 ? Date.now() + 200 : Infinity;
    plan(Math.min(Date.now() + SWEEP_MS, soon, next?.at ? Math.max(next.at.getTime(), Date.now() + 50) : Infinity));
  };

  jobs.register(
    JOB,
    z.object({}),
    async (_payload, { signal }) => {
      try {
        for (;;) {
          if (signal.aborted || closed) return;
          const due = await lease();
          if (due.length === 0) break;
          await Promise.all(
            due.map((delivery) => attempt(delivery).catch((error: unknown) => log.error({ err: error, delivery: delivery.id }, 'webhook attempt failed'))),
          );
        }
        await planNextDue();
      } catch (error) {
        // Nothing else would look again before the next event: a failed run still plans the next one.
        plan(Date.now() + AFTER_FAILURE_MS);
        throw error;
      }
    },
    { concurrency: 1 },
  );
  // Events written by this process: dispatch right after their transaction has committed.
  let nudgedAt = 0;
  const stopListening = onEventsWritten(() => {
    nudgedAt = Date.now();
    plan(Date.now() + 20);
  });

  return {
    /** Looks at the outbox now (start-up: work left by a stopped instance; a test or a retry). */
    kick: () => plan(Date.now()),
    close() {
      closed = true;
      stopListening();
      clearTimeout(timer);
    },
  };
};
export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
