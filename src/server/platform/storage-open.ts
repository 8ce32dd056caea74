/** Opens the media storage the config names: the data folder's `media` folder, or an S3 bucket. */
import path from 'node:path';
import { ConfigError, type Config } from '../config';
import { createLocalStorage, type Storage } from './storage';

/** How long the bucket has to answer a first write at start before start-up fails, naming storage. */
export const STORAGE_START_TIMEOUT_MS = 8_000;

/** Settles with the check, or rejects after `ms` with `message`: a storage that never answers cannot hold its caller. */
export const withDeadline = <T>(check: Promise<T>, ms: number, message: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    timer.unref();
  });
  return Promise.race([check, deadline]).finally(() => clearTimeout(timer));
};

export const openStorage = async (
  config: Pick<Config, 'dataDir' | 'storage' | 'storageCredentials'>,
  startTimeoutMs = STORAGE_START_TIMEOUT_MS,
): Promise<Storage> => {
  if (config.storage.kind !== 's3') return createLocalStorage(path.join(config.dataDir, 'media'));
  // The AWS SDK is loaded only when a bucket is configured (it weighs about 8 MB of resting memory).
  const { createS3Storage } = await import('./storage-s3');
  const storage = await createS3Storage({
    location: config.storage,
    credentials: config.storageCredentials,
    scratchDir: path.join(config.dataDir, 'media-work'),
  });
  // Start-up fails early and says storage is why (issue 30, finding 13), rather than a later plugin timing out.
  const where = `s3://${config.storage.bucket}${config.storage.endpoint ? ` at ${config.storage.endpoint}` : ''}`;
  try {
    await withDeadline(storage.checkWritable(), startTimeoutMs, `no answer within ${startTimeoutMs / 1000} s`);
  } catch (error) {
    throw new ConfigError(`media storage (STORAGE_URL ${where}) is not usable: ${(error as Error).message}`);
  }
  return storage;
};
