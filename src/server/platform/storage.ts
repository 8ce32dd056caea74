/**
 * The file storage port: keys are ids the server generates (never a user's file name), bodies
 * are streams (never buffers). The local adapter keeps files in one folder; an S3-compatible
 * adapter can replace it behind the same interface.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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
  /** A local path to the file, for tools such as ffmpeg that read files. */
  localPath(key: string): string;
}

/** Keys: letters, digits, dot, dash, underscore; no separators, no leading dot. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const PARTIAL_SUFFIX = '.partial';

export const assertKey = (key: string) => {
  if (!KEY.test(key) || key.includes('..') || key.endsWith(PARTIAL_SUFFIX)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
};

export interface LocalStorage extends Storage {
  /**
   * Removes partial files not written to for maxAgeMs (an upload in progress writes all the time),
   * never one this process is writing: what a process that died while writing left behind.
   */
  sweepPartials(maxAgeMs: number): Promise<number>;
  /** Keys of stored (complete) files older than maxAgeMs, for sweeps of files nothing refers to. */
  listOlderThan(maxAgeMs: number): Promise<string[]>;
  root: string;
}

export const createLocalStorage = async (root: string): Promise<LocalStorage> => {
  await mkdir(root, { recursive: true });
  const file = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };

  const writing = new Set<string>();

  return {
    root,
    async put(key, source, options = {}) {
      const target = file(key);
      const partial = `${target}.${randomUUID()}${PARTIAL_SUFFIX}`;
      const out = createWriteStream(partial, { flags: 'wx', highWaterMark: 1024 * 1024 });
      writing.add(partial);
      try {
        await pipeline(source, out, options.signal ? { signal: options.signal } : {});
        await rename(partial, target);
        return out.bytesWritten;
      } catch (error) {
        source.destroy();
        out.destroy();
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
    async listOlderThan(maxAgeMs) {
      const keys: string[] = [];
      for (const name of await readdir(root)) {
        if (name.endsWith(PARTIAL_SUFFIX) || !KEY.test(name)) continue;
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
