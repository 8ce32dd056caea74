/**
 * Exactly-once media processing across instances (decision 015). A job processes an asset only
 * after claiming it with a conditional UPDATE of its row: free, its own, or a lease that ran out
 * (its holder died). The holder renews the lease by a heartbeat and every write of the job is
 * conditional on still holding it, so a job that lost its lease stops and writes nothing more.
 * Expired leases are released and their assets queued again, by one instance each.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { mediaAssets } from '../../db/schema';
import type { Db } from '../../platform/db';

const FINISHED = ['complete', 'error'];

/** This process, as a lease holder: host, pid and a random part (pids repeat across restarts). */
export const leaseOwner = () => `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;

/** Takes the asset for processing; false when another live holder has it or it is finished. */
export const claimProcessing = async (db: Db, assetId: string, owner: string, leaseMs: number): Promise<boolean> => {
  const claimed = await db
    .update(mediaAssets)
    .set({ processingOwner: owner, processingLeaseUntil: leaseEnd(leaseMs), processingAttempts: sql`${mediaAssets.processingAttempts} + 1` })
    .where(
      and(
        eq(mediaAssets.id, assetId),
        notInArray(mediaAssets.processingStage, FINISHED),
        sql`(${mediaAssets.processingOwner} is null or ${mediaAssets.processingOwner} = ${owner} or ${mediaAssets.processingLeaseUntil} < now())`,
      ),
    )
    .returning({ id: mediaAssets.id });
  return claimed.length > 0;
};

/** Extends the lease; false when it is no longer held (taken over, or the asset is gone). */
export const renewLease = async (db: Db, assetId: string, owner: string, leaseMs: number): Promise<boolean> => {
  const renewed = await db
    .update(mediaAssets)
    .set({ processingLeaseUntil: leaseEnd(leaseMs) })
    .where(and(eq(mediaAssets.id, assetId), eq(mediaAssets.processingOwner, owner)))
    .returning({ id: mediaAssets.id });
  return renewed.length > 0;
};

/** Gives the asset back (a shutdown mid-way): the next start claims it at once. */
export const releaseLease = (db: Db, assetId: string, owner: string) =>
  db
    .update(mediaAssets)
    .set({ processingOwner: null, processingLeaseUntil: null })
    .where(and(eq(mediaAssets.id, assetId), eq(mediaAssets.processingOwner, owner)));

/** Renews the lease every third of its length; calls onLost once when it cannot. Answers a stop function. */
export const startHeartbeat = ({
  db,
  assetId,
  owner,
  leaseMs,
  onLost,
  log,
}: {
  db: Db;
  assetId: string;
  owner: string;
  leaseMs: number;
  onLost: () => void;
  log: FastifyBaseLogger;
}) => {
  let stopped = false;
  const timer = setInterval(
    () => {
      renewLease(db, assetId, owner, leaseMs).then(
        (held) => {
          if (held || stopped) return;
          stopped = true;
          clearInterval(timer);
          onLost();
        },
        // A failed renewal is tried again; the lease outlives two missed beats.
        (error: unknown) => log.warn({ err: error, assetId }, 'media lease renewal failed'),
      );
    },
    Math.max(100, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
};

/**
 * Releases the leases that ran out (their holder died) and answers those assets: each is
 * answered to one caller only, which queues it again.
 */
export const takeExpiredLeases = async (db: Db): Promise<string[]> => {
  const rows = await db
    .update(mediaAssets)
    .set({ processingOwner: null, processingLeaseUntil: null })
    .where(and(notInArray(mediaAssets.processingStage, FINISHED), lt(mediaAssets.processingLeaseUntil, sql`now()`)))
    .returning({ id: mediaAssets.id });
  return rows.map((row) => row.id);
};
