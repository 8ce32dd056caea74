/** Opens the media storage the config names: the data folder's `media` folder, or an S3 bucket. */
import path from 'node:path';
import type { Config } from '../config';
import { createLocalStorage, type Storage } from './storage';
import { createS3Storage } from './storage-s3';

export const openStorage = async (config: Pick<Config, 'dataDir' | 'storage' | 'storageCredentials'>): Promise<Storage> =>
  config.storage.kind === 's3'
    ? createS3Storage({ location: config.storage, credentials: config.storageCredentials, scratchDir: path.join(config.dataDir, 'media-work') })
    : createLocalStorage(path.join(config.dataDir, 'media'));
