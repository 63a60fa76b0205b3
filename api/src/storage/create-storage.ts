import type { Config } from '../config.ts';
import { createLocalStorage, type Storage } from './storage.ts';

/**
 * The S3 code, and the AWS SDK with it (some 30 MB of memory), loads only when STORAGE_DRIVER is
 * s3: a server on the local disk never pays for it.
 */
const loadS3 = () => import('./s3-storage.ts');

/** The storage STORAGE_DRIVER names: the local disk under STORAGE_PATH, or an S3-compatible bucket. */
export async function createStorage(config: Pick<Config, 'storage' | 'storagePath'>): Promise<Storage> {
  return config.storage.driver === 's3' ? (await loadS3()).createS3Storage(config.storage) : createLocalStorage(config.storagePath);
}

/** Stops the start with a clear reason when the configured bucket cannot be used; the local disk has nothing to check here. */
export async function checkStorage(config: Pick<Config, 'storage'>): Promise<void> {
  if (config.storage.driver === 's3') await (await loadS3()).checkS3Bucket(config.storage);
}
