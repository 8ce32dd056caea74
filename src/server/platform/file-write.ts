/**
 * Streams into a new file on this machine. A failed pipeline rejects before its file stream has
 * closed, and that stream opens its file asynchronously: removing the file at once could run before
 * the open creates it, and the file would stay. This settles only once the file is closed.
 */
import { createWriteStream } from 'node:fs';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Writes the source, through the transforms, into `file`; answers the bytes written. */
export const pipeIntoFile = async (
  streams: readonly [Readable, ...Transform[]],
  file: string,
  options: { flags?: 'w' | 'wx'; signal?: AbortSignal } = {},
): Promise<number> => {
  const out = createWriteStream(file, { flags: options.flags ?? 'w', highWaterMark: 1024 * 1024 });
  try {
    await pipeline([...streams, out], options.signal ? { signal: options.signal } : {});
    return out.bytesWritten;
  } catch (error) {
    for (const stream of streams) stream.destroy();
    if (!out.closed) await new Promise<void>((resolve) => out.destroy().once('close', () => resolve()));
    throw error;
  }
};
