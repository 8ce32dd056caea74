/**
 * A real S3-compatible server for the tests (s3rver: the S3 REST API over HTTP, objects in a
 * temporary folder) on a random loopback port, with one empty bucket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's built-in account. */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const S3_BUCKET = 'spotbook-media';

export interface TestS3 {
  endpoint: string;
  /** STORAGE_URL for the app. */
  storageUrl: string;
  /** Environment variables for a real instance. */
  env: Record<string, string>;
  /** How many times each key was written (PUT or completed multipart upload), as the server saw it. */
  writes: Map<string, number>;
  close(): Promise<void>;
}

export const startS3 = async (): Promise<TestS3> => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'spotbook-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: S3_BUCKET }] });
  const writes = new Map<string, number>();
  server.on('event', (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => {
    for (const record of event.Records) {
      if (record.eventName.startsWith('ObjectCreated')) writes.set(record.s3.object.key, (writes.get(record.s3.object.key) ?? 0) + 1);
    }
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storageUrl = `s3://${S3_BUCKET}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`;
  return {
    endpoint,
    storageUrl,
    writes,
    env: { STORAGE_URL: storageUrl, AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};

/** The keys in the test bucket, read with a client of its own (not the app's adapter). */
export const listBucket = async (s3: TestS3): Promise<string[]> => {
  const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_CREDENTIALS });
  try {
    const page = await client.send(new ListObjectsV2Command({ Bucket: S3_BUCKET }));
    return (page.Contents ?? []).map((object) => object.Key!).sort();
  } finally {
    client.destroy();
  }
};
