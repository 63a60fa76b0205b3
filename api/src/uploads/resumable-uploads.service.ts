import type { Upload } from '@tus/server';
import type { AppDeps } from '../context.ts';
import { ConflictError, DomainError, ForbiddenError, MalformedRequestError, notFound } from '../common/errors.ts';
import { isS3Storage } from '../storage/s3-common.ts';
import { storeUpload, type UploadMetadata } from './file-entries.service.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { checkDeclaredUpload, checkRelativePath, uploadRules } from './upload-rules.ts';
import { logger } from '../logging/logger.ts';
import { type Resumable, UPLOAD_ID } from './resumable-upload.ts';
import type { UserAccount } from '../accounts/signed-in-user.ts';

/** Where the tus protocol is served (spec §7: `tus/upload` under the api/v1 prefix). */
export const TUS_PATH = '/api/v1/tus/upload';
const CLEANUP_EVERY_MS = 60 * 60 * 1000;

const servers = new WeakMap<AppDeps, Promise<Resumable>>();

/**
 * One tus server per app. Its state lives in the storage (see Resumable), never in process
 * memory, so any process sharing the storage can continue an upload another one started. (The
 * lock that keeps two requests from writing the same upload at once is per process; a client
 * sends one request at a time per upload.)
 */
export function resumableUploads(deps: AppDeps): Promise<Resumable> {
  let resumable = servers.get(deps);
  if (!resumable) {
    const made = makeResumable(deps);
    servers.set(deps, made);
    // One that could not be made (no room for the upload folder) is tried again on the next request.
    made.catch(() => {
      if (servers.get(deps) === made) servers.delete(deps);
    });
    resumable = made;
  }
  return resumable;
}

/**
 * tus is loaded with the first resumable upload, not at start (some 5 MB of memory most processes
 * never need); the S3 backend brings tus's S3 store and the AWS SDK, so it is loaded only for S3 storage.
 */
async function makeResumable(deps: AppDeps): Promise<Resumable> {
  const { Server } = await import('@tus/server');
  const backend = isS3Storage(deps.storage) ? (await import('./s3-resumable-uploads.ts')).s3Resumable(deps, deps.storage) : (await import('./local-resumable-uploads.ts')).localResumable(deps);
  const server = new Server({
    path: TUS_PATH,
    datastore: backend.store,
    relativeLocation: true,
    // Same-origin only: no CORS headers for other sites.
    allowedOrigins: [],
    maxSize: async () => (await loadSettings(deps.db))['uploads.max_size'],
    // tus answers its own errors with the error's message, paths included. Only the protocol's
    // answers (which carry a status) are its to give; anything else goes to the app's error
    // handler, which answers 507 for a full disk and logs the real error.
    onResponseError: (_request, error) => {
      if (!('status_code' in error)) throw error;
      return undefined;
    },
  });
  return { ...backend, server, lastCleanup: 0 };
}

async function parseMetadata(header: string | undefined): Promise<Record<string, string>> {
  if (!header) return {};
  const { Metadata } = await import('@tus/server');
  try {
    const parsed = Metadata.parse(header);
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    throw new MalformedRequestError('Upload-Metadata is invalid: comma-separated keys, each with a Base64 value.');
  }
}

/**
 * Checks a `POST tus/upload` before the tus server sees it and returns the headers to pass on:
 * the declared length and type against the settings, the file name, and the metadata the server
 * keeps, owner included (whatever the client claimed about the owner is replaced).
 */
export async function prepareCreation(deps: AppDeps, user: UserAccount, headers: Headers): Promise<Headers> {
  const lengthHeader = headers.get('Upload-Length');
  if (headers.has('Upload-Defer-Length') || headers.has('Upload-Concat') || !lengthHeader || !/^\d{1,16}$/.test(lengthHeader)) {
    throw new MalformedRequestError('Upload-Length is required: a resumable upload declares its size when it starts.');
  }
  const metadata = await parseMetadata(headers.get('Upload-Metadata') ?? undefined);
  const rules = uploadRules(await loadSettings(deps.db));
  if (!rules.resumable) throw new ForbiddenError('Resumable uploads are turned off. Upload the file in one request.');
  const clientName = metadata.name ?? metadata.clientName ?? metadata.filename ?? '';
  const { name } = checkDeclaredUpload(rules, { name: clientName, size: Number(lengthHeader), mime: metadata.clientMime ?? metadata.filetype ?? metadata.type });
  const disk = metadata.disk === 'public' ? 'public' : 'uploads';
  const kept: Record<string, string> = {
    clientName: name,
    disk,
    userId: String(user.id),
  };
  const relativePath = checkRelativePath(metadata.relativePath);
  if (relativePath) kept.relativePath = relativePath;
  const clientMime = metadata.clientMime ?? metadata.filetype ?? metadata.type;
  if (clientMime) kept.clientMime = clientMime.slice(0, 255);
  const forwarded = new Headers(headers);
  forwarded.set('Upload-Metadata', (await import('@tus/server')).Metadata.stringify(kept));
  await cleanUpNowAndThen(deps);
  return forwarded;
}

async function cleanUpNowAndThen(deps: AppDeps) {
  const resumable = await resumableUploads(deps);
  if (Date.now() - resumable.lastCleanup < CLEANUP_EVERY_MS) return;
  resumable.lastCleanup = Date.now();
  await resumable.server.cleanUpExpiredUploads().catch((error) => {
    // Before the first upload, the folder the store makes for them may not exist yet: nothing to clean.
    if ((error as NodeJS.ErrnoException)?.code !== 'ENOENT') logger.error({ err: error }, 'Cleaning up expired uploads failed');
  });
}

/** The upload, if it exists and belongs to this user; anyone else's looks like no upload at all. */
export async function findOwnUpload(deps: AppDeps, user: UserAccount, id: string): Promise<Upload | undefined> {
  if (!UPLOAD_ID.test(id)) return undefined;
  try {
    const upload = await (await resumableUploads(deps)).store.getUpload(id);
    return upload.metadata?.userId === String(user.id) ? upload : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `POST tus/entries`: turns a finished upload into a file entry. Its bytes are checked as a
 * plain upload's are; an upload that fails the checks is deleted, not kept.
 */
export async function completeUpload(deps: AppDeps, user: UserAccount, uploadKey: string) {
  const upload = await findOwnUpload(deps, user, uploadKey);
  if (!upload) throw notFound('This upload does not exist or has expired.');
  if (upload.size === undefined || upload.offset !== upload.size) {
    throw new ConflictError(`This upload is not finished: ${upload.offset} of ${upload.size ?? '?'} bytes received.`);
  }
  const meta = upload.metadata ?? {};
  const metadata: UploadMetadata = {
    clientName: meta.clientName ?? '',
    clientMime: meta.clientMime ?? null,
    disk: meta.disk === 'public' ? 'public' : 'uploads',
    parentId: null,
    relativePath: meta.relativePath ?? null,
  };
  const resumable = await resumableUploads(deps);
  try {
    const entry = await storeUpload(deps, user, resumable.finished(upload), metadata);
    await resumable.discard(upload.id);
    return entry;
  } catch (error) {
    // Refused uploads go. So does one whose bytes were moved into storage and removed again (the
    // database had no room for its entry): a record without its file would stop the cleanup of expired uploads.
    const moved = !(await resumable.staged(upload.id));
    if ((error instanceof DomainError) || moved) await resumable.discard(upload.id);
    throw error;
  }
}
