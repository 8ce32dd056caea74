/**
 * Files whose asset row is gone. Rows also go without the media module (a brand or a user
 * deleted, with their assets by cascade): their files are found and removed here, at start and
 * then every hour. Only files older than an hour are considered, so an upload whose file is
 * stored just before its row is written is never mistaken for one.
 */
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { mediaAssets } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Storage } from '../../platform/storage';
import { ABANDONED_PARTIAL_MS } from './runtime';

const ASSET_KEY = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\./i;
const MIN_AGE_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const BATCH = 500;

export const sweepOrphanFiles = async ({ db, storage, minAgeMs = MIN_AGE_MS }: { db: Db; storage: Storage; minAgeMs?: number }): Promise<number> => {
  const byAsset = new Map<string, string[]>();
  for (const key of await storage.listOlderThan(minAgeMs)) {
    const id = ASSET_KEY.exec(key)?.[1]?.toLowerCase();
    if (id) byAsset.set(id, [...(byAsset.get(id) ?? []), key]);
  }
  const ids = [...byAsset.keys()];
  let removed = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const alive = new Set((await db.select({ id: mediaAssets.id }).from(mediaAssets).where(inArray(mediaAssets.id, batch))).map((row) => row.id));
    for (const id of batch.filter((candidate) => !alive.has(candidate))) {
      for (const key of byAsset.get(id) ?? []) {
        await storage.delete(key);
        removed += 1;
      }
    }
  }
  return removed;
};

/** Sweeps now and every hour until stopped. */
export const startOrphanSweeps = ({ db, storage, log }: { db: Db; storage: Storage; log: FastifyBaseLogger }) => {
  const sweep = () =>
    Promise.all([sweepOrphanFiles({ db, storage }), storage.sweepPartials(ABANDONED_PARTIAL_MS)])
      .then(
        ([removed, partials]) =>
          (removed > 0 || partials > 0) && log.info({ removed, partials }, 'removed media files of deleted assets and abandoned uploads'),
      )
      .catch((error: unknown) => log.warn({ err: error }, 'media orphan sweep failed'));
  void sweep();
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
};
