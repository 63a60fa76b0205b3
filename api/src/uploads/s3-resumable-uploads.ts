import type { Readable } from 'node:stream';
import { DeleteObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { S3Store, type Options as S3StoreOptions } from '@tus/s3-store';
import { ERRORS, type Upload } from '@tus/server';
import type { AppDeps } from '../context.ts';
import { isS3NotFound, s3ClientConfig, s3Failure, type S3Storage } from '../storage/s3-common.ts';
import { EXPIRATION_MS, type Resumable, UPLOAD_ID } from './resumable-upload.ts';

/*
 * Resumable uploads kept in the S3 bucket. Imported by resumable-uploads.service.ts only when the
 * storage is S3, as this module brings tus's S3 store and the AWS SDK with it.
 */

/**
 * S3 parts other than the last must be at least 5 MiB. tus chunks of the default size
 * (uploads.chunk_size, 5 MB) then make exactly one part each; a smaller chunk is kept as an
 * incomplete part object until the next one completes it.
 */
const S3_PART_SIZE = 5 * 1024 * 1024;

/** No cache: another process may have moved the upload on, so each request reads its record from S3. */
const uncached: NonNullable<S3StoreOptions['cache']> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

/**
 * tus's S3 store with its objects under a prefix (`<prefix>tus/<id>`, `.info`, `.part`): the
 * store names objects by upload id alone, so its client adds the prefix to every key it sends and
 * takes it off the keys it lists. S3's errors become the storage errors the app answers with
 * 503 or 507 instead of tus's generic 500.
 */
class PrefixedS3Store extends S3Store {
  constructor(options: S3StoreOptions, prefix: string) {
    super(options);
    this.client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { Key?: string; Prefix?: string; Delete?: { Objects?: { Key?: string }[] } };
        if (typeof input.Key === 'string') input.Key = prefix + input.Key;
        for (const object of input.Delete?.Objects ?? []) object.Key = prefix + object.Key;
        if (context.commandName === 'ListMultipartUploadsCommand') input.Prefix = prefix;
        const result = await next(args);
        const output = result.output as { Uploads?: { Key?: string }[] };
        for (const upload of output.Uploads ?? []) if (upload.Key?.startsWith(prefix)) upload.Key = upload.Key.slice(prefix.length);
        return result;
      },
      { step: 'initialize', name: 'tusObjectPrefix' },
    );
  }

  override async create(upload: Upload): Promise<Upload> {
    return this.failing(true, () => super.create(upload));
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    if (!UPLOAD_ID.test(id)) throw ERRORS.FILE_NOT_FOUND;
    return this.failing(true, () => super.write(readable, id, offset));
  }

  override async getUpload(id: string): Promise<Upload> {
    if (!UPLOAD_ID.test(id)) throw ERRORS.FILE_NOT_FOUND;
    return this.failing(false, () => super.getUpload(id));
  }

  override async remove(id: string): Promise<void> {
    return this.failing(true, () => super.remove(id));
  }

  private async failing<T>(writing: boolean, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      // tus's own answers (a wrong offset, no such upload) carry their status and stay as they are.
      if (error && typeof error === 'object' && 'status_code' in error) throw error;
      throw s3Failure(error, writing);
    }
  }
}

export function s3Resumable(deps: AppDeps, storage: S3Storage): Omit<Resumable, 'server' | 'lastCleanup'> {
  if (deps.config.storage.driver !== 's3') throw new Error('An S3 storage needs the S3 configuration (STORAGE_DRIVER=s3).');
  const prefix = `${storage.prefixed('tus')}/`;
  const store = new PrefixedS3Store(
    {
      partSize: S3_PART_SIZE,
      s3ClientConfig: { ...s3ClientConfig(deps.config.storage), bucket: storage.bucket },
      cache: uncached,
      // Expiry tags need S3's object tagging, which many S3-compatible servers lack; expired uploads
      // are found by listing the unfinished multipart uploads instead.
      useTags: false,
      expirationPeriodInMilliseconds: EXPIRATION_MS,
    },
    prefix,
  );
  const deleteObject = async (key: string) => {
    await storage.client.send(new DeleteObjectCommand({ Bucket: storage.bucket, Key: key })).catch((error) => {
      if (!isS3NotFound(error)) throw s3Failure(error, true);
    });
  };
  return {
    store,
    finished: (upload) => ({
      kind: 'staged',
      size: upload.size ?? 0,
      readHead: (bytes) => storage.readHead(prefix + upload.id, bytes),
      storeAs: (disk, key) => storage.adopt(prefix + upload.id, disk, key),
    }),
    staged: async (id) => {
      try {
        await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: prefix + id }));
        return true;
      } catch (error) {
        if (isS3NotFound(error)) return false;
        throw s3Failure(error, false);
      }
    },
    async discard(id) {
      // A finished upload has no multipart upload left to abort: only its objects go.
      await deleteObject(`${prefix}${id}`);
      await deleteObject(`${prefix}${id}.info`);
      await deleteObject(`${prefix}${id}.part`);
    },
  };
}

