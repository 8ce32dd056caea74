/**
 * The processing job of one upload: probe (is it a playable video?), thumbnail, preview.
 * Each stage is stored on the row and published live. A file that is not a video is removed
 * with its row (its final state stays in the progress hub for late joiners). A failure after a
 * successful probe keeps the asset (its original is a verified video) with stage `error`; one
 * before it (ffprobe missing, say) removes the asset, as the file was never confirmed a video.
 * A shutdown aborts the job and leaves the row mid-way: the next start resumes it.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { MEDIA_MESSAGES, type MediaStage } from '../../../domain/media-schemas';
import { mediaAssets } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { JobContext } from '../../platform/jobs';
import { claimProcessing, releaseLease, startHeartbeat, takeExpiredLeases } from './lease';
import { probeVideo } from './probe';
import { makePreview, makeThumbnail } from './renditions';
import { mediaRow, type MediaRow } from './queries';
import type { MediaRuntime } from './runtime';

export const PROCESS_MEDIA_JOB = 'media.process';
export const processMediaPayload = z.object({ assetId: z.uuid() });

const STAGE_MESSAGES: Record<MediaStage, string> = {
  uploaded: 'Waiting to be processed',
  probing: 'Checking the video',
  thumbnail: 'Making the thumbnail',
  preview: 'Making the preview',
  complete: 'Ready',
  error: MEDIA_MESSAGES.processingFailed,
};
export const stageMessage = (stage: string): string => STAGE_MESSAGES[stage as MediaStage] ?? '';

/** The row went away while it was being processed (deleted by a user). */
class AssetGone extends Error {}

/** Minimum time between two progress writes to the database (live events are not throttled). */
const PROGRESS_WRITE_MS = 1000;

export const deriveKeys = (assetId: string) => ({ thumbnail: `${assetId}.thumbnail.jpg`, preview: `${assetId}.preview.mp4` });

/**
 * Removes an asset's row and then its files; answers false (and keeps the files) when no row
 * matched, e.g. `onlyPending` and the asset was approved meanwhile.
 */
export const removeAsset = async (db: Db, media: MediaRuntime, row: Pick<MediaRow, 'id' | 'storageKey'>, { onlyPending = false } = {}) => {
  // In a transaction so that the audit trail records who deleted it (the system for a refused file).
  const removed = await db.transaction((tx) =>
    tx
      .delete(mediaAssets)
      .where(and(eq(mediaAssets.id, row.id), onlyPending ? eq(mediaAssets.status, 'pending') : undefined))
      .returning({ id: mediaAssets.id }),
  );
  if (removed.length === 0 && onlyPending) return false;
  const keys = deriveKeys(row.id);
  await Promise.all([row.storageKey, keys.thumbnail, keys.preview].map((key) => media.storage.delete(key)));
  return removed.length > 0;
};

export interface ProcessingEvents {
  /** Processing ended: complete, or the file was refused. */
  onFinished?: (outcome: { assetId: string; filename: string; uploaderId: string | null; ok: boolean; message: string }) => Promise<void>;
}

export const createMediaProcessor = ({ db, media, log, events = {} }: { db: Db; media: MediaRuntime; log: FastifyBaseLogger; events?: ProcessingEvents }) => {
  const { storage, hub } = media;

  /** Told to the app (notifications); their failure is logged, never the job's. */
  const tell = (work: Promise<void> | undefined) => work?.catch((error: unknown) => log.error({ err: error }, 'media processing event failed'));

  /** Not a usable video: the asset and its files go; the final state says why. */
  const reject = async (row: MediaRow, message: string) => {
    await removeAsset(db, media, row);
    hub.publish(row.id, { stage: 'error', progress: 100, message }, row.uploadedBy);
    await tell(events.onFinished?.({ assetId: row.id, filename: row.filename, uploaderId: row.uploadedBy, ok: false, message }));
  };

  return async ({ assetId }: z.output<typeof processMediaPayload>, { signal: jobSignal }: JobContext) => {
    // Exactly once across instances: only the holder of the row's lease works on it (decision 015).
    if (!(await claimProcessing(db, assetId, media.owner, media.leaseMs))) return;
    const row = await mediaRow(db, assetId);
    if (!row) return;
    let verified = false;
    const scratch = await mkdtemp(path.join(media.workDir, `${assetId}-`));
    const lost = new AbortController();
    const stopHeartbeat = startHeartbeat({ db, assetId, owner: media.owner, leaseMs: media.leaseMs, log, onLost: () => lost.abort(new AssetGone()) });
    const signal = AbortSignal.any([jobSignal, lost.signal]);
    /** Every write of the job holds only while this process holds the lease. */
    const held = and(eq(mediaAssets.id, assetId), eq(mediaAssets.processingOwner, media.owner));
    const finished = { processingOwner: null, processingLeaseUntil: null };
    const publish = (stage: MediaStage, progress: number, message = stageMessage(stage)) => hub.publish(assetId, { stage, progress, message }, row.uploadedBy);
    const save = async (stage: MediaStage, progress: number, extra: Partial<typeof mediaAssets.$inferInsert> = {}, message = stageMessage(stage)) => {
      const updated = await db
        .update(mediaAssets)
        .set({ processingStage: stage, processingProgress: progress, processingMessage: message, ...extra })
        .where(held)
        .returning({ id: mediaAssets.id });
      if (updated.length === 0) throw new AssetGone();
      publish(stage, progress, message);
    };
    const storeRendition = async (file: string, key: string, column: 'thumbnailKey' | 'previewKey', stage: MediaStage) => {
      await storage.put(key, createReadStream(file), { signal });
      try {
        await save(stage, 100, { [column]: key });
      } catch (error) {
        // Removed only with its asset: after a takeover the key is the new holder's rendition too.
        if (!(await mediaRow(db, assetId))) await storage.delete(key);
        throw error;
      }
    };

    try {
      await save('probing', 0);
      if (!(await storage.stat(row.storageKey))) return await reject(row, MEDIA_MESSAGES.fileMissing);
      // On disk ffmpeg reads the stored file itself; from an object store, a temporary download.
      await storage.withLocalFile(
        row.storageKey,
        async (input) => {
          const tools = media.tools();
          const facts = await probeVideo(tools.ffprobe, input, signal);
          if (!facts) return await reject(row, MEDIA_MESSAGES.notAVideo);
          await save('thumbnail', 0, {
            durationSeconds: facts.durationSeconds,
            width: facts.width,
            height: facts.height,
            videoCodec: facts.videoCodec,
            audioCodec: facts.audioCodec,
          });
          verified = true;

          // A takeover keeps the thumbnail its dead predecessor stored.
          if (row.thumbnailKey && (await storage.stat(row.thumbnailKey))) await save('thumbnail', 100);
          else {
            const thumbnail = path.join(scratch, 'thumbnail.jpg');
            await makeThumbnail({ ffmpeg: tools.ffmpeg, input, output: thumbnail, durationSeconds: facts.durationSeconds, signal });
            await storeRendition(thumbnail, deriveKeys(assetId).thumbnail, 'thumbnailKey', 'thumbnail');
          }

          await save('preview', 0);
          let lastWrite = Date.now();
          let lastPercent = 0;
          let writing = Promise.resolve();
          // The progress writes also notice a deletion: the encoding stops then, not at its end.
          const gone = new AbortController();
          const writeProgress = async (percent: number) => {
            const updated = await db.update(mediaAssets).set({ processingProgress: percent }).where(held).returning({ id: mediaAssets.id });
            if (updated.length === 0) gone.abort(new AssetGone());
          };
          const preview = path.join(scratch, 'preview.mp4');
          await makePreview({
            ffmpeg: tools.ffmpeg,
            input,
            output: preview,
            durationSeconds: facts.durationSeconds,
            signal: AbortSignal.any([signal, gone.signal]),
            onProgress: (encoded) => {
              // 100 is said once the preview is stored.
              const percent = Math.min(encoded, 99);
              if (percent <= lastPercent) return;
              lastPercent = percent;
              publish('preview', percent);
              if (Date.now() - lastWrite < PROGRESS_WRITE_MS) return;
              lastWrite = Date.now();
              writing = writing.then(() => writeProgress(percent)).catch(() => undefined);
            },
          });
          await writing;
          await storeRendition(preview, deriveKeys(assetId).preview, 'previewKey', 'preview');
          await save('complete', 100, finished);
          await tell(events.onFinished?.({ assetId, filename: row.filename, uploaderId: row.uploadedBy, ok: true, message: stageMessage('complete') }));
        },
        { signal },
      );
    } catch (error) {
      if (signal.aborted || error instanceof AssetGone) return;
      log.error({ err: error, assetId }, 'media processing failed');
      // A file never confirmed to be a video is not left as an asset that could be approved.
      if (!verified) return await reject(row, MEDIA_MESSAGES.checkFailed).catch(() => undefined);
      await save('error', 100, finished).catch(() => undefined);
    } finally {
      stopHeartbeat();
      // Cut off by a shutdown: the asset is given back so that the next start resumes it at once.
      if (jobSignal.aborted) await releaseLease(db, assetId, media.owner).catch(() => undefined);
      await rm(scratch, { recursive: true, force: true });
    }
  };
};

/**
 * Every lease length, assets whose holder died (lease run out) are queued again; each by one
 * instance only (takeExpiredLeases answers a row to one caller).
 */
export const startLeaseSweeps = ({ db, media, log }: { db: Db; media: MediaRuntime; log: FastifyBaseLogger }) => {
  const sweep = async () => {
    const ids = await takeExpiredLeases(db);
    for (const assetId of ids) await media.jobs.enqueue(PROCESS_MEDIA_JOB, { assetId });
    if (ids.length > 0) log.warn({ assets: ids }, 'media processing taken over from an instance that stopped answering');
  };
  const timer = setInterval(() => void sweep().catch((error: unknown) => log.warn({ err: error }, 'media lease sweep failed')), media.leaseMs);
  timer.unref();
  return () => clearInterval(timer);
};

/** Assets a previous process left mid-way (or queued) are queued again, oldest first. */
export const resumeUnfinished = async ({ db, media }: { db: Db; media: MediaRuntime }) => {
  const rows = await db
    .select({ id: mediaAssets.id })
    .from(mediaAssets)
    .where(notInArray(mediaAssets.processingStage, ['complete', 'error']))
    .orderBy(mediaAssets.createdAt);
  for (const { id } of rows) await media.jobs.enqueue(PROCESS_MEDIA_JOB, { assetId: id });
  return rows.length;
};
