import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config.ts';
import { isS3NotFound, nameOf, s3ClientConfig, s3Failure, type S3Storage, statusOf } from './s3-common.ts';
import { type Disk, StoragePathError, StorageUnavailableError } from './storage.ts';

/** Server-generated keys, one or more plain segments: nothing that could climb out of the prefix. */
function checkKey(key: string): string {
  const segments = key.split('/');
  if (!key || key.length > 512 || /[\\\u0000-\u001f\u007f]/.test(key) || segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new StoragePathError(`Storage key "${key}" leaves the storage root`);
  }
  return key;
}

/**
 * Files as objects `<prefix><disk>/<key>` of one bucket. Public files are still served by the app
 * at `/uploads/<key>` (the bucket may stay private), audio through the permission-checked routes,
 * both reading byte ranges from S3.
 */
export function createS3Storage(config: S3Config, client = new S3Client(s3ClientConfig(config))): S3Storage {
  const Bucket = config.bucket;
  const objectKey = (disk: Disk, key: string) => `${config.prefix}${disk}/${checkKey(key)}`;
  const prefixed = (key: string) => `${config.prefix}${checkKey(key)}`;

  async function send<T>(write: boolean, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw s3Failure(error, write);
    }
  }

  return {
    client,
    bucket: Bucket,
    objectKey,
    prefixed,
    async put(disk, key, data) {
      const Key = objectKey(disk, key);
      const Body = typeof data === 'string' ? Buffer.from(data) : data;
      await send(true, () => client.send(new PutObjectCommand({ Bucket, Key, Body, ContentLength: Body.byteLength })));
    },
    async putFile(disk, key, sourcePath) {
      const Key = objectKey(disk, key);
      // Multipart from 8 MB on, so a large file never sits in memory whole; S3 shows the object only once complete.
      const upload = new Upload({ client, params: { Bucket, Key, Body: createReadStream(sourcePath) }, partSize: 8 * 1024 * 1024, queueSize: 2 });
      await send(true, () => upload.done());
      await rm(sourcePath, { force: true });
    },
    async size(disk, key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(disk, key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        // A key that could not be stored is not there, as on the local disk.
        if (isS3NotFound(error) || error instanceof StoragePathError) return undefined;
        throw s3Failure(error, false);
      }
    },
    read(disk, key, range) {
      const Key = objectKey(disk, key);
      const abort = new AbortController();
      let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
      // Asked for on the first pull: a response that is never read (HEAD, a closed tab) costs no GET.
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            if (!reader) {
              const object = await client.send(new GetObjectCommand({ Bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }), { abortSignal: abort.signal });
              if (!object.Body) throw new Error(`S3 sent no body for ${Key}`);
              reader = object.Body.transformToWebStream().getReader() as ReadableStreamDefaultReader<Uint8Array>;
            }
            const { done, value } = await reader.read();
            if (done) controller.close();
            else controller.enqueue(value);
          } catch (error) {
            controller.error(s3Failure(error, false));
          }
        },
        async cancel(reason) {
          abort.abort(reason);
          await reader?.cancel(reason).catch(() => undefined);
        },
      });
    },
    async delete(disk, key) {
      const Key = objectKey(disk, key);
      await send(true, () => client.send(new DeleteObjectCommand({ Bucket, Key })));
    },
    publicUrl(key) {
      return `/uploads/${key}`;
    },
    async adopt(sourceKey, disk, key) {
      const Key = objectKey(disk, key);
      // CopySource is a URL path: each segment encoded, the slashes kept.
      const CopySource = `${Bucket}/${sourceKey.split('/').map(encodeURIComponent).join('/')}`;
      await send(true, () => client.send(new CopyObjectCommand({ Bucket, Key, CopySource })));
      await send(true, () => client.send(new DeleteObjectCommand({ Bucket, Key: sourceKey })));
    },
    async objectSize(objectKey) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: objectKey }))).ContentLength ?? 0;
      } catch (error) {
        if (isS3NotFound(error)) return undefined;
        throw s3Failure(error, false);
      }
    },
    async deleteObject(objectKey) {
      await send(true, () => client.send(new DeleteObjectCommand({ Bucket, Key: objectKey })));
    },
    presignPut(objectKey, size, expiresIn) {
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: objectKey, ContentLength: size }), { expiresIn, signableHeaders: new Set(['content-length']) });
    },
    async createMultipart(objectKey) {
      const created = await send(true, () => client.send(new CreateMultipartUploadCommand({ Bucket, Key: objectKey })));
      if (!created.UploadId) throw new StorageUnavailableError(new Error('S3 started a multipart upload without an id'));
      return created.UploadId;
    },
    presignPart(objectKey, uploadId, partNumber, expiresIn) {
      return getSignedUrl(client, new UploadPartCommand({ Bucket, Key: objectKey, UploadId: uploadId, PartNumber: partNumber }), { expiresIn });
    },
    async listParts(objectKey, uploadId) {
      const parts: { PartNumber: number; ETag: string; Size: number }[] = [];
      let marker: string | undefined;
      try {
        do {
          const page = await client.send(new ListPartsCommand({ Bucket, Key: objectKey, UploadId: uploadId, PartNumberMarker: marker }));
          for (const part of page.Parts ?? []) parts.push({ PartNumber: part.PartNumber ?? 0, ETag: part.ETag ?? '', Size: part.Size ?? 0 });
          marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
        } while (marker);
      } catch (error) {
        if (isS3NotFound(error) || nameOf(error) === 'NoSuchUpload') return undefined;
        throw s3Failure(error, false);
      }
      return parts;
    },
    async completeMultipart(objectKey, uploadId, parts) {
      try {
        await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: objectKey, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
        return 'done';
      } catch (error) {
        if (isS3NotFound(error) || nameOf(error) === 'NoSuchUpload') return 'no-such-upload';
        if (['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'MalformedXML'].includes(nameOf(error))) return 'invalid-parts';
        throw s3Failure(error, true);
      }
    },
    async abortMultipart(objectKey, uploadId) {
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: objectKey, UploadId: uploadId }));
        return true;
      } catch (error) {
        if (isS3NotFound(error) || nameOf(error) === 'NoSuchUpload') return false;
        throw s3Failure(error, true);
      }
    },
    async readHead(sourceKey, bytes) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: sourceKey, Range: `bytes=0-${bytes - 1}` }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        // An empty object has no byte 0 to start a range at.
        if (statusOf(error) === 416) return new Uint8Array();
        throw s3Failure(error, false);
      }
    },
  };
}

/** Stops the start with a clear reason when the bucket cannot be reached with this configuration. */
export async function checkS3Bucket(config: S3Config, client = new S3Client(s3ClientConfig(config))): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (error) {
    const status = statusOf(error);
    const where = config.endpoint ?? `AWS S3 (${config.region})`;
    const reason =
      status === 404 ? 'it does not exist' : status === 403 || status === 401 ? 'the credentials may not use it (STORAGE_S3_ACCESS_KEY_ID, STORAGE_S3_SECRET_ACCESS_KEY)' : `${nameOf(error) || 'no answer'}${status ? ` (${status})` : ''}`;
    throw new Error(`STORAGE_S3_BUCKET "${config.bucket}" at ${where} cannot be used: ${reason}.`);
  } finally {
    client.destroy();
  }
}
