import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { FileEntryRow } from '@app/db';
import * as fileEntriesRepository from '@app/db/uploads/file-entries';
import type { AppDeps, AuthState } from '../context.ts';
import { forbidden, notFound, TooLargeError, ValidationError, validationFailed } from '../common/errors.ts';
import type { Disk, Storage } from '../storage/storage.ts';
import { hasPermission } from '../permissions/permissions.ts';
import { loadSettings } from '../settings/settings.service.ts';
import {
  BAD_FILE_NAME,
  checkClientName,
  extensionOf,
  matchesType,
  mayBePublic,
  SNIFF_BYTES,
  sniffType,
  tooLargeMessage,
  TYPE_NOT_ALLOWED,
  typeAllowed,
  uploadRules,
  type UploadRules,
} from './upload-rules.ts';
import type { UserAccount } from '../accounts/signed-in-user.ts';

/** What the uploader says about a file besides its bytes (spec §3, upload metadata). */
export interface UploadMetadata {
  clientName: string;
  clientMime: string | null;
  disk: Disk;
  parentId: number | null;
  relativePath: string | null;
  /** Narrower than the settings for this upload: mime patterns or extensions its real type must match. */
  onlyTypes?: readonly string[];
}

/** What a backstage request's proof and profile image may be: a picture or a document, nothing that runs. */
export const BACKSTAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'] as const;

/** Uploading needs an account allowed to add music or to manage files. */
export function mayUpload(auth: AuthState): boolean {
  return Boolean(auth.user) && (hasPermission(auth.permissions, 'music.create') || hasPermission(auth.permissions, 'files.update'));
}

/**
 * Users who may ask for artist access upload the image and proof of their request, and nothing
 * else: the route holds them to BACKSTAGE_UPLOAD_TYPES.
 */
export function mayUploadForBackstageRequest(auth: AuthState): boolean {
  return Boolean(auth.user) && hasPermission(auth.permissions, 'backstageRequests.create');
}

/** Files managers see every entry; everyone else only their own. */
export function mayManageEntry(auth: AuthState, entry: FileEntryRow): boolean {
  return Boolean(auth.user) && (entry.user_id === auth.user!.id || hasPermission(auth.permissions, 'files.update'));
}

/** A file entry the user may see and change (their own, or any with files.update); others do not exist for them. */
export async function manageableEntry(deps: AppDeps, auth: AuthState, id: number): Promise<FileEntryRow> {
  const entry = await fileEntriesRepository.findFileEntry(deps.db, id);
  if (!entry || !mayManageEntry(auth, entry)) throw notFound('This file does not exist.');
  return entry;
}

export async function loadUploadRules(deps: AppDeps): Promise<UploadRules> {
  return uploadRules(await loadSettings(deps.db));
}

/** Address at which an entry's bytes are read: public files directly, others through a checked route. */
export function fileEntryUrl(storage: Storage, entry: Pick<FileEntryRow, 'id' | 'disk' | 'file_name'>): string {
  return entry.disk === 'public' ? storage.publicUrl(entry.file_name) : `/api/v1/file-entries/${entry.id}/preview`;
}

export function presentFileEntry(storage: Storage, entry: FileEntryRow) {
  return {
    id: entry.id,
    name: entry.name,
    file_name: entry.file_name,
    url: fileEntryUrl(storage, entry),
    file_size: entry.file_size,
    mime: entry.mime,
    extension: entry.extension,
    disk: entry.disk,
    parent_id: entry.parent_id,
    user_id: entry.user_id,
    created_at: entry.created_at,
    updated_at: entry.updated_at,
  };
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export type UploadSource =
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'file'; path: string; size: number }
  /** Bytes already in the storage's backend (a resumable upload finished in the S3 bucket), moved in without a download. */
  | { kind: 'staged'; size: number; readHead(bytes: number): Promise<Uint8Array>; storeAs(disk: Disk, key: string): Promise<void> };

/**
 * Keeps an uploaded file: its real type is read from its bytes and checked against its name and
 * the upload settings, then it is stored under a server-generated name (the client's name is
 * only a label) and recorded as a file entry. Nothing is stored when a check fails.
 */
export async function storeUpload(deps: AppDeps, user: UserAccount, source: UploadSource, metadata: UploadMetadata): Promise<FileEntryRow> {
  const rules = await loadUploadRules(deps);
  const name = checkClientName(metadata.clientName);
  const size = source.kind === 'bytes' ? source.bytes.byteLength : source.size;
  if (size > rules.maxSize) {
    const message = tooLargeMessage(rules.maxSize);
    throw new TooLargeError(message, { file: message });
  }
  const head = source.kind === 'bytes' ? source.bytes.subarray(0, SNIFF_BYTES) : source.kind === 'file' ? await readHead(source.path) : await source.readHead(SNIFF_BYTES);
  const type = await sniffType(head, extensionOf(name));
  const allowed =
    typeAllowed(rules, { extension: type.extension, mimes: [type.mime, metadata.clientMime] }) &&
    (!metadata.onlyTypes || metadata.onlyTypes.some((pattern) => matchesType(pattern, { extension: type.extension, mimes: [type.mime] })));
  if (!allowed) {
    throw new ValidationError(TYPE_NOT_ALLOWED, { file: TYPE_NOT_ALLOWED });
  }
  if (metadata.disk === 'public' && !mayBePublic(type.mime)) throw validationFailed({ disk: 'Only images can be public files.' });

  const key = `${randomUUID()}${type.extension ? `.${type.extension}` : ''}`;
  if (source.kind === 'bytes') await deps.storage.put(metadata.disk, key, source.bytes);
  else if (source.kind === 'file') await deps.storage.putFile(metadata.disk, key, source.path);
  else await source.storeAs(metadata.disk, key);
  try {
    return await fileEntriesRepository.insertFileEntry(deps.db, {
      name,
      file_name: key,
      mime: type.mime,
      extension: type.extension || null,
      file_size: size,
      disk: metadata.disk,
      parent_id: null,
      user_id: user.id,
    });
  } catch (error) {
    await deps.storage.delete(metadata.disk, key);
    throw error;
  }
}

const STORAGE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/**
 * `POST file-entries/delete`: entries by id and by stored name (`paths`). There is no trash, so
 * every deletion is for good whatever `deleteForever` says. Entries that are already gone are
 * skipped, so repeating a deletion is harmless.
 */
export async function deleteEntries(deps: AppDeps, auth: AuthState, request: { entryIds: number[]; paths: string[] }): Promise<number[]> {
  const badPath = request.paths.find((path) => !STORAGE_KEY.test(path) || path.includes('..'));
  if (badPath !== undefined) throw validationFailed({ paths: BAD_FILE_NAME });
  const entries = new Map<number, FileEntryRow>();
  for (const entry of [...(await fileEntriesRepository.findFileEntries(deps.db, request.entryIds)), ...(await fileEntriesRepository.findFileEntriesByNames(deps.db, request.paths))]) {
    entries.set(entry.id, entry);
  }
  if ([...entries.values()].some((entry) => !mayManageEntry(auth, entry))) throw forbidden('You can only delete your own files.');
  await removeEntries(deps, [...entries.values()]);
  return [...entries.keys()];
}

/** Removes the rows, then the bytes: a failure half way leaves bytes without a row, never a row without bytes. */
export async function removeEntries(deps: AppDeps, entries: FileEntryRow[]): Promise<void> {
  await fileEntriesRepository.deleteFileEntries(deps.db, entries.map((entry) => entry.id));
  for (const entry of entries) await deps.storage.delete(entry.disk === 'public' ? 'public' : 'uploads', entry.file_name);
}
