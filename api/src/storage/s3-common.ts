import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import { type Disk, type Storage, StoragePathError, StorageUnavailableError, StorageWriteError } from './storage.ts';

/*
 * What the rest of the app needs to know about S3 storage without loading the AWS SDK (some 30 MB
 * of memory): the SDK comes in with s3-storage.ts, which is imported only when STORAGE_DRIVER is s3.
 */

/**
 * The S3 client's settings for a configuration. Checksums are computed and checked only where S3
 * requires them: the SDK's default (a CRC32 trailer in aws-chunked bodies) is refused by many
 * S3-compatible servers, and TLS already guards the bytes on the way.
 */
export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    endpoint: config.endpoint,
    region: config.region,
    credentials: config.credentials,
    forcePathStyle: config.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A storage that does not answer must not hold a listener's request for minutes.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  };
}

interface S3ErrorShape {
  name?: string;
  Code?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

export function statusOf(error: unknown): number | undefined {
  return (error as S3ErrorShape | null)?.$metadata?.httpStatusCode;
}

export function nameOf(error: unknown): string {
  const shape = error as S3ErrorShape | null;
  return shape?.Code ?? shape?.name ?? shape?.code ?? '';
}

export function isS3NotFound(error: unknown): boolean {
  return statusOf(error) === 404 || ['NotFound', 'NoSuchKey'].includes(nameOf(error));
}

/** S3 answers that mean the bucket has no room left (quotas of S3-compatible services, MinIO's full disks). */
const FULL = new Set(['QuotaExceeded', 'XMinioStorageFull', 'InsufficientStorage', 'XAmzQuotaExceeded']);

/**
 * What a failed S3 call means for the visitor: the storage refused to keep the bytes (no room, or
 * the credentials may not write: 507, as a full disk is) or could not be reached (503). The
 * original error stays the cause, for the error log; the answer never carries its details.
 */
export function s3Failure(error: unknown, writing: boolean): unknown {
  if (error instanceof StorageWriteError || error instanceof StorageUnavailableError || error instanceof StoragePathError) return error;
  const status = statusOf(error);
  if (writing && (FULL.has(nameOf(error)) || status === 507)) return new StorageWriteError('full', error);
  if (writing && status !== undefined && status >= 400 && status < 500) return new StorageWriteError('unwritable', error);
  return new StorageUnavailableError(error);
}

export interface S3Storage extends Storage {
  readonly client: S3Client;
  readonly bucket: string;
  /** The object key of a stored file. */
  objectKey(disk: Disk, key: string): string;
  /** The object key of anything else the app keeps in the bucket (`tus/…`), under the same prefix. */
  prefixed(key: string): string;
  /** Moves an object already in the bucket (a finished resumable upload) to a stored file's key. */
  adopt(sourceKey: string, disk: Disk, key: string): Promise<void>;
  /** The first bytes of any object of the bucket, to tell its type. */
  readHead(objectKey: string, bytes: number): Promise<Uint8Array>;
  /** Size of any object of the bucket, or undefined when there is none. */
  objectSize(objectKey: string): Promise<number | undefined>;
  deleteObject(objectKey: string): Promise<void>;
  /**
   * An address a browser PUTs one file to, without credentials. Its length is signed, so S3
   * refuses a body of any other size.
   */
  presignPut(objectKey: string, size: number, expiresInSeconds: number): Promise<string>;
  createMultipart(objectKey: string): Promise<string>;
  presignPart(objectKey: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string>;
  /** The parts received so far; undefined when there is no such upload (finished, aborted or never started). */
  listParts(objectKey: string, uploadId: string): Promise<{ PartNumber: number; ETag: string; Size: number }[] | undefined>;
  /** Joins the parts into the object: S3 checks each part's ETag and size (a part other than the last under 5 MiB is refused). */
  completeMultipart(objectKey: string, uploadId: string, parts: { PartNumber: number; ETag: string }[]): Promise<'done' | 'no-such-upload' | 'invalid-parts'>;
  /** False when there was no such upload. */
  abortMultipart(objectKey: string, uploadId: string): Promise<boolean>;
}

export function isS3Storage(storage: Storage): storage is S3Storage {
  return 'adopt' in storage && 'client' in storage;
}
