/** Media tests: tiny clips made with ffmpeg at test time, multipart bodies, progress streams. */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Config } from '../../src/server/config';
import { mediaAssets } from '../../src/server/db/schema';
import { mediaTools } from '../../src/server/platform/media-tools';
import { createTestApp, type TestApp } from './app';

const run = promisify(execFile);

/** A clip from ffmpeg's test pattern with a sine tone: tiny, so that the shared CPUs stay free. */
export const makeClip = async (dir: string, name: string, { seconds = 2, size = '320x240', audio = true } = {}) => {
  const file = path.join(dir, name);
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${size}:rate=25`];
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`);
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (audio) args.push('-c:a', 'aac', '-shortest');
  await run(mediaTools().ffmpeg, [...args, file]);
  return file;
};

export interface ProbedStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
}
/** ffprobe's view of a file or of bytes written to a temporary file. */
export const probe = async (file: string): Promise<{ streams: ProbedStream[]; format: { format_name: string; duration?: string } }> => {
  const { stdout } = await run(mediaTools().ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  return JSON.parse(stdout);
};

export type Part = { name: string; value: string } | { name: string; filename: string; type?: string; data: Buffer };

/** A multipart/form-data body with its parts in the given order. */
export const multipart = (parts: Part[]) => {
  const boundary = `----spotbook${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(part.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

export interface MediaTestApp extends TestApp {
  dataDir: string;
  /** Files in the media storage folder. */
  storedFiles(): string[];
  createBrand(token: string, name?: string): Promise<{ id: string }>;
  upload(token: string, parts: Part[]): ReturnType<TestApp['inject']>;
  /** An asset row with a stored original of `bytes`, as if uploaded and processed (no ffmpeg). */
  seedAsset(values: {
    brandId: string;
    uploadedBy: string;
    status?: 'pending' | 'approved' | 'rejected';
    bytes?: Buffer;
  }): Promise<typeof mediaAssets.$inferSelect>;
}

/** A test app with a data folder of its own (storage and scratch), removed on close. */
export const createMediaTestApp = async (overrides: Partial<Config> = {}): Promise<MediaTestApp> => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-media-'));
  const t = await createTestApp({ dataDir, ...overrides });
  return {
    ...t,
    dataDir,
    storedFiles: () => readdirSync(path.join(dataDir, 'media')),
    async createBrand(token, name = 'Sunny Juice') {
      const res = await t.inject({ method: 'POST', url: '/api/brands', token, payload: { common_name: name, legal_name: `${name} LLC` } });
      expect(res.statusCode).toBe(201);
      return res.json();
    },
    upload: (token, parts) => t.inject({ method: 'POST', url: '/api/media/upload', token, ...multipart(parts) }),
    async seedAsset({ brandId, uploadedBy, status = 'pending', bytes = Buffer.from('not really a video') }) {
      const id = randomUUID();
      const storageKey = `${id}.original.mp4`;
      writeFileSync(path.join(dataDir, 'media', storageKey), bytes);
      const [row] = await t.database.db
        .insert(mediaAssets)
        .values({
          id,
          brandId,
          uploadedBy,
          status,
          filename: 'seeded.mp4',
          mimeType: 'video/mp4',
          fileSize: bytes.length,
          storageKey,
          processingStage: 'complete',
          processingProgress: 100,
        })
        .returning();
      return row!;
    },
    async close() {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** Listens on a free loopback port; answers the base URL. */
export const listen = async (app: FastifyInstance) => {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
};

export interface StreamEvent {
  stage: string;
  progress: number;
  message: string;
}
/** Reads a server-sent events stream to its end (bounded by a timeout); answers its events. */
export const readEvents = async (url: string, timeoutMs = 60_000): Promise<{ status: number; contentType: string | null; events: StreamEvent[] }> => {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  const text = await res.text();
  const events = text
    .split('\n\n')
    .map((block) => block.split('\n').find((line) => line.startsWith('data: ')))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice(6)) as StreamEvent);
  return { status: res.status, contentType: res.headers.get('content-type'), events };
};

/**
 * Reads a progress stream to its end, calling `onFirst` once its first event has arrived: a change
 * made then is one the stream must report (made earlier, the stream might never see the asset).
 */
export const readEventsThen = async (url: string, onFirst: () => unknown, timeoutMs = 60_000): Promise<StreamEvent[]> => {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  const decoder = new TextDecoder();
  let text = '';
  let told = false;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    if (!told && text.includes('\n\n')) {
      told = true;
      void Promise.resolve(onFirst());
    }
  }
  return text
    .split('\n\n')
    .map((block) => block.split('\n').find((line) => line.startsWith('data: ')))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice(6)) as StreamEvent);
};

/** Polls a condition until it holds (bounded). */
export const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> => {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || performance.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
