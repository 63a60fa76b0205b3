import { randomUUID } from 'node:crypto';
import type { FileEntryRow } from '@app/db';
import type { AppDeps } from '../context.ts';
import { isS3Storage, type S3Storage } from '../storage/s3-common.ts';
import type { Disk } from '../storage/storage.ts';
import { DomainError, notFound, validationFailed } from '../common/errors.ts';
import { loadUploadRules, storeUpload } from './file-entries.service.ts';
import { checkDeclaredUpload, checkRelativePath } from './upload-rules.ts';
import type { UserAccount } from '../accounts/signed-in-user.ts';

/**
 * The spec's direct uploads (§7 "s3/…"): with S3 storage the browser sends the bytes to the
 * bucket itself, through presigned addresses, and then asks for a file entry. The bytes land in
 * a staging area, `direct/<user id>/<random>` under the prefix, so the key alone says whose they
 * are and nothing is kept in the database or in memory between the calls. `s3/entries` then
 * checks them as any upload (real type, settings) and moves them to their stored name.
 */

/** Long enough for a large file on a slow line; an address that leaks stops working soon after. */
const PRESIGN_SECONDS = 30 * 60;
const STAGING_KEY = /^direct\/(\d{1,12})\/([0-9a-f]{32})$/;
const GONE = 'This upload does not exist or has expired.';

export interface DeclaredFile {
  filename: string;
  mime?: string | null;
  size: number;
}

/**
 * Whether this server takes direct uploads: only an S3 storage has addresses a browser can send
 * to, and only when STORAGE_S3_DIRECT_UPLOADS says the bucket lets the site's pages do so (CORS).
 */
export function directUploadsEnabled(deps: AppDeps): boolean {
  return isS3Storage(deps.storage) && deps.config.storage.driver === 's3' && deps.config.storage.directUploads;
}

function bucketOf(deps: AppDeps): S3Storage {
  if (!directUploadsEnabled(deps)) throw notFound('Direct uploads are not turned on for this site.');
  return deps.storage as S3Storage;
}

async function checkDeclared(deps: AppDeps, file: DeclaredFile) {
  checkDeclaredUpload(await loadUploadRules(deps), { name: file.filename, size: file.size, mime: file.mime });
}

const newStagingKey = (user: UserAccount) => `direct/${user.id}/${randomUUID().replaceAll('-', '')}`;

/** The staging object of this user's upload; anyone else's (or a made-up key) does not exist for them. */
function ownObject(storage: S3Storage, user: UserAccount, key: string): string {
  const match = STAGING_KEY.exec(key);
  if (!match || Number(match[1]) !== user.id) throw notFound(GONE);
  return storage.prefixed(key);
}

/** `POST s3/simple/presign`: one PUT for the whole file, of exactly the declared size. */
export async function presignSimpleUpload(deps: AppDeps, user: UserAccount, file: DeclaredFile) {
  const storage = bucketOf(deps);
  await checkDeclared(deps, file);
  const key = newStagingKey(user);
  return { url: await storage.presignPut(storage.prefixed(key), file.size, PRESIGN_SECONDS), key, acl: 'private' as const };
}

/** `POST s3/multipart/create`. */
export async function createMultipartUpload(deps: AppDeps, user: UserAccount, file: DeclaredFile) {
  const storage = bucketOf(deps);
  await checkDeclared(deps, file);
  const key = newStagingKey(user);
  return { uploadId: await storage.createMultipart(storage.prefixed(key)), key };
}

/** `POST s3/multipart/get-uploaded-parts`: where a resumed upload stands. */
export async function uploadedParts(deps: AppDeps, user: UserAccount, key: string, uploadId: string) {
  const storage = bucketOf(deps);
  const parts = await storage.listParts(ownObject(storage, user, key), uploadId);
  if (!parts) throw notFound(GONE);
  return parts;
}

/** `POST s3/multipart/batch-sign-part-urls`. */
export async function signPartUrls(deps: AppDeps, user: UserAccount, key: string, uploadId: string, partNumbers: number[]) {
  const storage = bucketOf(deps);
  const objectKey = ownObject(storage, user, key);
  // Signing needs no call to S3; asking first keeps addresses from being handed out for an upload that is gone.
  if (!(await storage.listParts(objectKey, uploadId))) throw notFound(GONE);
  return Promise.all(partNumbers.map(async (partNumber) => ({ partNumber, url: await storage.presignPart(objectKey, uploadId, partNumber, PRESIGN_SECONDS) })));
}

/** `POST s3/multipart/complete`: S3 joins the parts; the bytes are checked at `s3/entries`. */
export async function completeMultipartUpload(deps: AppDeps, user: UserAccount, key: string, uploadId: string, parts: { PartNumber: number; ETag: string }[]) {
  const storage = bucketOf(deps);
  const objectKey = ownObject(storage, user, key);
  const received = await storage.listParts(objectKey, uploadId);
  if (!received) throw notFound(GONE);
  // Refused before S3 spends time joining what could never be kept.
  const { maxSize } = await loadUploadRules(deps);
  if (received.reduce((sum, part) => sum + part.Size, 0) > maxSize) {
    await storage.abortMultipart(objectKey, uploadId);
    throw validationFailed({ file: 'The uploaded parts are larger than the file may be.' });
  }
  const sorted = [...parts].sort((a, b) => a.PartNumber - b.PartNumber);
  const result = await storage.completeMultipart(objectKey, uploadId, sorted);
  if (result === 'no-such-upload') throw notFound(GONE);
  if (result === 'invalid-parts') throw validationFailed({ parts: 'The parts do not match what was uploaded.' });
}

/** `POST s3/multipart/abort`: the parts received so far are dropped. */
export async function abortMultipartUpload(deps: AppDeps, user: UserAccount, key: string, uploadId: string) {
  const storage = bucketOf(deps);
  if (!(await storage.abortMultipart(ownObject(storage, user, key), uploadId))) throw notFound(GONE);
}

export interface DirectEntryRequest {
  /** The staging key `s3/simple/presign` or `s3/multipart/create` answered. */
  filename: string;
  clientName: string;
  clientMime: string | null;
  disk: Disk;
  relativePath: string | null;
}

/**
 * `POST s3/entries`: turns uploaded bytes into a file entry, checked as a plain upload's are. Bytes
 * that fail the checks are deleted, not kept.
 */
export async function completeDirectUpload(deps: AppDeps, user: UserAccount, request: DirectEntryRequest): Promise<FileEntryRow> {
  const storage = bucketOf(deps);
  const objectKey = ownObject(storage, user, request.filename);
  const size = await storage.objectSize(objectKey);
  if (size === undefined) throw notFound(GONE);
  try {
    return await storeUpload(
      deps,
      user,
      { kind: 'staged', size, readHead: (bytes) => storage.readHead(objectKey, bytes), storeAs: (disk, key) => storage.adopt(objectKey, disk, key) },
      { clientName: request.clientName, clientMime: request.clientMime, disk: request.disk, parentId: null, relativePath: checkRelativePath(request.relativePath ?? undefined) },
    );
  } catch (error) {
    if (error instanceof DomainError) await storage.deleteObject(objectKey);
    throw error;
  }
}
