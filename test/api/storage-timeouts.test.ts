/**
 * S3 that stops answering (issue 30, finding 13). A proxy in front of the test bucket can turn into a
 * black hole (accepts connections, never answers). Readiness then still answers within 6 s (storage
 * false), it no longer writes a probe object on every call (one check per 10 s), and a start-up against
 * a bucket that never answers fails after 8 s with a message that names the media storage.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStorageUrl } from '../../src/server/platform/storage-url';
import { createTestApp, type TestApp } from '../support/app';
import { S3_BUCKET, S3_CREDENTIALS, startS3, type TestS3 } from '../support/s3-server';

let s3: TestS3;
let t: TestApp | undefined;
let proxy: net.Server;
let blackHole = false;
let probes = 0;
let proxyUrl: string;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  s3 = await startS3();
  const target = new URL(s3.endpoint);
  proxy = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (blackHole) return; // accepted, never answered
    const upstream = net.connect(Number(target.port), target.hostname);
    upstream.on('error', () => client.destroy());
    client.on('data', (chunk: Buffer) => (probes += (chunk.toString('latin1').match(/PUT [^ ]*ready-[^ ]*\.probe/g) ?? []).length));
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as net.AddressInfo).port;
  proxyUrl = `s3://${S3_BUCKET}?endpoint=${encodeURIComponent(`http://127.0.0.1:${port}`)}&region=us-east-1&forcePathStyle=true`;
}, 60_000);
afterAll(async () => {
  await t?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => proxy?.close(resolve));
  await s3?.close();
});

describe('a bucket that stops answering', () => {
  it('leaves readiness answering, without a write on every call', async () => {
    t = await createTestApp({ storage: parseStorageUrl(proxyUrl), storageCredentials: S3_CREDENTIALS });
    const before = probes;
    for (let i = 0; i < 5; i += 1) {
      const res = await t.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().checks.storage).toBe(true);
    }
    expect(probes - before).toBeLessThanOrEqual(1);

    blackHole = true;
    for (const socket of sockets) socket.destroy();
    // Past the cached answer, the next check meets the black hole.
    await new Promise((resolve) => setTimeout(resolve, 10_100));
    const started = performance.now();
    const res = await t.inject({ method: 'GET', url: '/api/ready' });
    expect(performance.now() - started).toBeLessThan(6_000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'not_ready', checks: { storage: false } });
  }, 60_000);

  it('fails a start-up after 8 s, naming the media storage', async () => {
    blackHole = true;
    const started = performance.now();
    const failed = await createTestApp({ storage: parseStorageUrl(proxyUrl), storageCredentials: S3_CREDENTIALS }).then(
      async (app) => {
        await app.close();
        return null;
      },
      (error: Error) => error,
    );
    // The bucket's 8 s, and the test app's own start (a fresh database, slow on a loaded machine) around it.
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(failed?.message).toMatch(/^media storage \(STORAGE_URL s3:\/\/spotbook-media at http:\/\/127\.0\.0\.1:\d+\) is not usable: no answer within 8 s$/);
  }, 60_000);
});
