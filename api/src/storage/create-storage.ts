import type { Config } from '../config.ts';
import { createS3Storage } from './s3-storage.ts';
import { createLocalStorage, type Storage } from './storage.ts';

/** The storage STORAGE_DRIVER names: the local disk under STORAGE_PATH, or an S3-compatible bucket. */
export function createStorage(config: Pick<Config, 'storage' | 'storagePath'>): Storage {
  return config.storage.driver === 's3' ? createS3Storage(config.storage) : createLocalStorage(config.storagePath);
}
