/**
 * What the media module runs on: storage, the jobs queue, the progress hub, ffmpeg, limits.
 * Built once per app from the data folder (until the app context carries storage and jobs).
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_MAX_BYTES } from '../../../domain/media-schemas';
import type { AppContext } from '../../context';
import type { JobQueue } from '../../platform/jobs';
import { mediaTools, type MediaTools } from '../../platform/media-tools';
import type { Storage } from '../../platform/storage';
import { leaseOwner } from './lease';
import { createProgressHub, type ProgressHub } from './progress';

export interface MediaRuntime {
  storage: Storage;
  jobs: JobQueue;
  hub: ProgressHub;
  /** Uploads of this many bytes or more are refused. */
  maxBytes: number;
  /** Scratch folder for ffmpeg's outputs before they are stored. */
  workDir: string;
  /** Resolved on first use, so that a missing ffmpeg fails processing, not start-up. */
  tools: () => MediaTools;
  /** This process as the holder of processing leases, and their length (decision 015). */
  owner: string;
  leaseMs: number;
}

/** MEDIA_MAX_BYTES lowers the 2 GB limit (tests, small servers); it can never raise it. */
export const maxUploadBytes = (env: NodeJS.ProcessEnv = process.env): number => {
  const configured = Number(env.MEDIA_MAX_BYTES);
  return Number.isInteger(configured) && configured > 0 ? Math.min(configured, MEDIA_MAX_BYTES) : MEDIA_MAX_BYTES;
};

/** Partial uploads and scratch folders older than this were left by a process that died. */
const STALE_MS = 6 * 60 * 60 * 1000;
/** An upload's partial file untouched this long belongs to no live upload (they write continuously). */
export const ABANDONED_PARTIAL_MS = 10 * 60 * 1000;

const sweepScratch = async (workDir: string) => {
  await mkdir(workDir, { recursive: true });
  for (const name of await readdir(workDir)) {
    const full = path.join(workDir, name);
    const s = await stat(full).catch(() => undefined);
    if (s && Date.now() - s.mtimeMs > STALE_MS) await rm(full, { recursive: true, force: true });
  }
};

export const createMediaRuntime = async (ctx: AppContext): Promise<MediaRuntime> => {
  const { storage } = ctx;
  await storage.sweepPartials(ABANDONED_PARTIAL_MS).catch((error: unknown) => ctx.log.warn({ err: error }, 'sweeping abandoned uploads failed'));
  const workDir = path.join(ctx.config.dataDir, 'media-work');
  await sweepScratch(workDir);
  return {
    storage,
    jobs: ctx.jobs,
    hub: createProgressHub(),
    maxBytes: maxUploadBytes(),
    workDir,
    tools: () => mediaTools(),
    owner: leaseOwner(),
    leaseMs: ctx.config.mediaLeaseSeconds * 1000,
  };
};
