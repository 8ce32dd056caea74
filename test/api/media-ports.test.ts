import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createInProcessJobs } from '../../src/server/platform/jobs';
import { mediaTools } from '../../src/server/platform/media-tools';
import { createLocalStorage } from '../../src/server/platform/storage';
import { msAgo } from '../support/clock';

const dir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-ports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (done: () => boolean) => {
  for (let waited = 0; !done() && waited < 10_000; waited += 10) await sleep(10);
};

describe('local storage', () => {
  it('stores a stream, reads ranges, stats and deletes', async () => {
    const storage = await createLocalStorage(path.join(dir, 'a'));
    expect(await storage.put('k1.original.mp4', Readable.from([Buffer.from('hello '), Buffer.from('world')]))).toBe(11);
    expect((await storage.stat('k1.original.mp4'))?.size).toBe(11);
    const chunks: Buffer[] = [];
    for await (const chunk of storage.createReadStream('k1.original.mp4', { start: 6, end: 10 })) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('world');
    await storage.delete('k1.original.mp4');
    await storage.delete('k1.original.mp4');
    expect(await storage.stat('k1.original.mp4')).toBeUndefined();
  });

  it('leaves nothing behind when the stream fails midway', async () => {
    const storage = await createLocalStorage(path.join(dir, 'b'));
    const failing = new Readable({ read() {} });
    failing.push(Buffer.alloc(1000));
    setTimeout(() => failing.destroy(new Error('client gone')), 20);
    await expect(storage.put('broken', failing)).rejects.toThrow('client gone');
    expect(readdirSync(path.join(dir, 'b'))).toEqual([]);
  });

  it('sweeps partial files of uploads no longer in progress, never one being written (audit finding 9)', async () => {
    const root = path.join(dir, 'partials');
    const storage = await createLocalStorage(root);
    const abandoned = path.join(root, 'dead.original.mp4.1234.partial');
    writeFileSync(abandoned, 'half an upload');
    const twentyMinutesAgo = msAgo(20 * 60_000);
    utimesSync(abandoned, twentyMinutesAgo, twentyMinutesAgo);
    // An upload in progress that has not written for a while (a slow client) is still this process's own.
    const source = new PassThrough();
    const writing = storage.put('live.original.mp4', source);
    source.write('first bytes');
    await until(() => readdirSync(root).some((name) => name.startsWith('live.') && name.endsWith('.partial')));
    const live = path.join(
      root,
      readdirSync(root).find((name) => name.startsWith('live.'))!,
    );
    utimesSync(live, twentyMinutesAgo, twentyMinutesAgo);
    expect(await storage.sweepPartials(10 * 60_000)).toBe(1);
    expect(readdirSync(root).some((name) => name.startsWith('dead.'))).toBe(false);
    source.end('last bytes');
    expect(await writing).toBe(21);
    expect(readdirSync(root)).toEqual(['live.original.mp4']);
  });

  it('refuses keys that could leave its folder', async () => {
    const storage = await createLocalStorage(path.join(dir, 'c'));
    for (const key of ['../x', 'a/b', '.hidden', 'a..b', '', 'x.partial']) expect(() => storage.localPath(key), key).toThrow('Invalid storage key');
  });
});

describe('in-process jobs', () => {
  it('validates payloads and runs one job at a time in order', async () => {
    const jobs = createInProcessJobs({ log });
    const seen: string[] = [];
    let running = 0;
    let most = 0;
    jobs.register('work', z.object({ n: z.number() }), async ({ n }) => {
      running += 1;
      most = Math.max(most, running);
      await sleep(5);
      seen.push(`done ${n}`);
      running -= 1;
    });
    await expect(jobs.enqueue('work', { n: 'x' })).rejects.toThrow();
    await expect(jobs.enqueue('nothing', {})).rejects.toThrow('Unknown job nothing');
    for (const n of [1, 2, 3]) await jobs.enqueue('work', { n });
    await until(() => seen.length === 3);
    expect(seen).toEqual(['done 1', 'done 2', 'done 3']);
    expect(most).toBe(1);
    await jobs.close();
  });

  it('aborts running jobs on close and drops waiting ones; a failing job does not stop the queue', async () => {
    const jobs = createInProcessJobs({ log });
    const ran: number[] = [];
    let aborted = false;
    jobs.register('slow', z.object({ n: z.number() }), async ({ n }, { signal }) => {
      ran.push(n);
      if (n === 0) throw new Error('boom');
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      aborted = signal.aborted;
    });
    for (const n of [0, 1, 2]) await jobs.enqueue('slow', { n });
    await until(() => ran.length === 2);
    await jobs.close();
    expect(ran).toEqual([0, 1]);
    expect(aborted).toBe(true);
    await expect(jobs.enqueue('slow', { n: 3 })).rejects.toThrow('closed');
  });
});

describe('media tools', () => {
  it('prefers FFMPEG_PATH/FFPROBE_PATH, else PATH, else the npm binaries', () => {
    expect(mediaTools({ FFMPEG_PATH: '/opt/ff/ffmpeg', FFPROBE_PATH: '/opt/ff/ffprobe' })).toEqual({ ffmpeg: '/opt/ff/ffmpeg', ffprobe: '/opt/ff/ffprobe' });
    const bundled = mediaTools({ PATH: '' });
    expect(bundled.ffmpeg).toMatch(/@ffmpeg-installer/);
    expect(bundled.ffprobe).toMatch(/@ffprobe-installer/);
    const fakeBin = mkdtempSync(path.join(dir, 'bin-'));
    expect(mediaTools({ PATH: fakeBin }).ffmpeg).toMatch(/@ffmpeg-installer/);
    writeFileSync(path.join(fakeBin, 'ffmpeg'), '#!/bin/sh\n', { mode: 0o755 });
    expect(mediaTools({ PATH: fakeBin })).toEqual({ ffmpeg: path.join(fakeBin, 'ffmpeg'), ffprobe: bundled.ffprobe });
  });
});
