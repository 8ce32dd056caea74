/** Opens the media storage the config names: the data folder's `media` folder, or an S3 bucket. */
import path from 'node:path';
import type { Config } from '../config';
import { createLocalStorage, type Storage } from './storage';

export const openStorage = async (config: Pick<Config, 'dataDir' | 'storage' | 'storageCredentials'>): Promise<Storage> => {
  if (config.storage.kind !== 's3') return createLocalStorage(path.join(config.dataDir, 'media'));
  // The AWS SDK is loaded only when a bucket is configured (it weighs about 8 MB of resting memory).
  const { createS3Storage } = await import('./storage-s3');
  return createS3Storage({ location: config.storage, credentials: config.storageCredentials, scratchDir: path.join(config.dataDir, 'media-work') });
};
