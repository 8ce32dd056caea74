/**
 * The storage port on an S3-compatible object store (AWS SDK v3). Writes stream through a
 * multipart upload (@aws-sdk/lib-storage: at most PART_BYTES × QUEUE parts in memory, whatever
 * the file's size); the object appears only when the upload completes, so a failed write leaves
 * no key, only an unfinished multipart upload that is aborted here or by the sweep. Reads stream
 * from GetObject with byte ranges. Tools that need a file get a temporary download.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pipeIntoFile } from './file-write';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertKey, STORAGE_KEY, type Storage } from './storage';
import type { S3Location } from './storage-url';

/** Multipart part size and parallel parts: the memory an upload may hold (8 MiB × 2). */
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE = 2;

export interface S3Storage extends Storage {
  kind: 's3';
  client: S3Client;
  bucket: string;
}

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/** Counts the bytes going through. */
const counter = () => {
  const seen = { bytes: 0 };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen.bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, seen };
};

export const S3_CONNECT_TIMEOUT_MS = 5_000;
export const S3_REQUEST_TIMEOUT_MS = 30_000;

export const createS3Storage = async ({
  location,
  credentials,
  scratchDir,
}: {
  location: S3Location;
  /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; unset = the SDK's default chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where temporary downloads for ffmpeg go. */
  scratchDir: string;
}): Promise<S3Storage> => {
  const client = new S3Client({
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    ...(location.endpoint
      ? {
          endpoint: location.endpoint,
          // S3-compatible servers do not all accept the SDK's newer default checksums (aws-chunked trailers).
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
    ...(credentials ? { credentials } : {}),
    // A bucket that accepts connections and never answers must not hold a request, readiness or the
    // start for good (issue 30, finding 13): 5 s to connect, 30 s without a byte on a request's socket.
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS },
  });
  const { bucket, prefix } = location;
  const objectKey = (key: string) => {
    assertKey(key);
    return `${prefix}${key}`;
  };
  await mkdir(scratchDir, { recursive: true });
  /** Multipart uploads this process is writing: never swept. */
  const writing = new Set<string>();

  const read = (key: string, range?: { start: number; end: number }): Readable => {
    const out = new PassThrough({ highWaterMark: 1024 * 1024 });
    client
      .send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }))
      .then(async (reply) => {
        const body = reply.Body as Readable;
        if (out.destroyed) return body.destroy();
        await pipeline(body, out);
      })
      .catch((error: unknown) => out.destroy(error as Error));
    return out;
  };

  return {
    kind: 's3',
    client,
    bucket,
    async put(key, source, options = {}) {
      const { stream, seen } = counter();
      let sourceError: unknown;
      source.once('error', (error) => (sourceError = error));
      const body = source.pipe(stream);
      source.once('error', (error) => body.destroy(error));
      const upload = new Upload({ client, params: { Bucket: bucket, Key: objectKey(key), Body: body }, partSize: PART_BYTES, queueSize: QUEUE });
      const onAbort = () => void upload.abort();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      let uploadId: string | undefined;
      upload.on('httpUploadProgress', () => {
        const id = (upload as unknown as { uploadId?: string }).uploadId;
        if (id && id !== uploadId) writing.add((uploadId = id));
      });
      try {
        await upload.done();
        return seen.bytes;
      } catch (error) {
        source.destroy();
        // The stream's own failure (size limit, client gone) says more than the abort that followed it.
        throw sourceError ?? (options.signal?.aborted ? options.signal.reason : error);
      } finally {
        options.signal?.removeEventListener('abort', onAbort);
        if (uploadId) writing.delete(uploadId);
      }
    },
    createReadStream: read,
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    async withLocalFile(key, use, options = {}) {
      const dir = await mkdtemp(path.join(scratchDir, 'download-'));
      try {
        const file = path.join(dir, key);
        await pipeIntoFile([read(key)], file, options);
        return await use(file);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async listOlderThan(maxAgeMs) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length);
          if (!key || !STORAGE_KEY.test(key) || !object.LastModified) continue;
          if (Date.now() - object.LastModified.getTime() > maxAgeMs) keys.push(key);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    /**
     * Aborts multipart uploads whose last part (or start, before any part) is older than maxAgeMs:
     * an upload in progress sends a part every few seconds, so these belong to a process that died.
     */
    async sweepPartials(maxAgeMs) {
      let removed = 0;
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      do {
        const page = await client
          .send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix || undefined, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }))
          .catch((error: unknown) => {
            // Some S3-compatible servers cannot list uploads: their bucket's lifecycle rule must abort them.
            if ((error as { name?: string }).name === 'NotImplemented') return undefined;
            throw error;
          });
        if (!page) return removed;
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || writing.has(upload.UploadId)) continue;
          const parts = await client.send(new ListPartsCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }));
          const touched = Math.max(upload.Initiated?.getTime() ?? 0, ...(parts.Parts ?? []).map((part) => part.LastModified?.getTime() ?? 0));
          if (Date.now() - touched <= maxAgeMs) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }));
          removed += 1;
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
      return removed;
    },
    async checkWritable() {
      const probe = `${prefix}ready-${randomUUID()}.probe`;
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: probe, Body: 'ok' }));
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: probe }));
    },
  };
};
