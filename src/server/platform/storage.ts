/**
 * The file storage port: keys are ids the server generates (never a user's file name), bodies
 * are streams (never buffers). The local adapter keeps files in one folder (the default); the
 * S3-compatible adapter (storage-s3.ts, STORAGE_URL=s3://...) implements the same interface.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeIntoFile } from './file-write';

export interface StoredFile {
  size: number;
  modifiedAt: Date;
}

export interface Storage {
  /**
   * Writes a stream under a key and answers the number of bytes written. The key appears only
   * once the whole stream is stored: a failed or aborted write leaves nothing behind.
   */
  put(key: string, source: Readable, options?: { signal?: AbortSignal }): Promise<number>;
  /** Reads a stored file, optionally only bytes start..end (inclusive). */
  createReadStream(key: string, range?: { start: number; end: number }): Readable;
  stat(key: string): Promise<StoredFile | undefined>;
  /** Removes a file; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /**
   * Runs `use` with a path on this machine holding the file, for tools such as ffmpeg that read
   * files: the stored file itself on disk (no copy), a temporary download from an object store
   * (removed once `use` settles).
   */
  withLocalFile<T>(key: string, use: (file: string) => Promise<T>, options?: { signal?: AbortSignal }): Promise<T>;
  /**
   * Removes unfinished writes untouched for maxAgeMs (an upload in progress writes all the time),
   * never one this process is writing: what a process that died while writing left behind.
   */
  sweepPartials(maxAgeMs: number): Promise<number>;
  /** Keys of stored (complete) files older than maxAgeMs, for sweeps of files nothing refers to. */
  listOlderThan(maxAgeMs: number): Promise<string[]>;
  /** Throws unless a small object can be written and removed (readiness). */
  checkWritable(): Promise<void>;
  /** Where files go, for logs and readiness: "disk" or "s3". */
  kind: 'disk' | 's3';
}

/** Keys: letters, digits, dot, dash, underscore; no separators, no leading dot. */
export const STORAGE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const PARTIAL_SUFFIX = '.partial';

export const assertKey = (key: string) => {
  if (!STORAGE_KEY.test(key) || key.includes('..') || key.endsWith(PARTIAL_SUFFIX)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
};

export interface LocalStorage extends Storage {
  root: string;
  /** The path of a stored file in the folder. */
  localPath(key: string): string;
}

export const createLocalStorage = async (root: string): Promise<LocalStorage> => {
  await mkdir(root, { recursive: true });
  const file = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };

  const writing = new Set<string>();

  return {
    kind: 'disk',
    root,
    async put(key, source, options = {}) {
      const target = file(key);
      const partial = `${target}.${randomUUID()}${PARTIAL_SUFFIX}`;
      writing.add(partial);
      try {
        const written = await pipeIntoFile([source], partial, { flags: 'wx', ...options });
        await rename(partial, target);
        return written;
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      } finally {
        writing.delete(partial);
      }
    },
    createReadStream: (key, range) => createReadStream(file(key), range ? { start: range.start, end: range.end } : {}),
    async stat(key) {
      try {
        const s = await stat(file(key));
        return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : undefined;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    delete: (key) => rm(file(key), { force: true }),
    localPath: file,
    withLocalFile: (key, use) => use(file(key)),
    async checkWritable() {
      const probe = path.join(root, `.ready-${randomUUID()}`);
      await writeFile(probe, 'ok');
      await rm(probe, { force: true });
    },
    async listOlderThan(maxAgeMs) {
      const keys: string[] = [];
      for (const name of await readdir(root)) {
        if (name.endsWith(PARTIAL_SUFFIX) || !STORAGE_KEY.test(name)) continue;
        const s = await stat(path.join(root, name)).catch(() => undefined);
        if (s?.isFile() && Date.now() - s.mtimeMs > maxAgeMs) keys.push(name);
      }
      return keys;
    },
    async sweepPartials(maxAgeMs) {
      let removed = 0;
      for (const name of await readdir(root)) {
        if (!name.endsWith(PARTIAL_SUFFIX)) continue;
        const full = path.join(root, name);
        if (writing.has(full)) continue;
        const s = await stat(full).catch(() => undefined);
        if (s && Date.now() - s.mtimeMs > maxAgeMs) {
          await rm(full, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
};
