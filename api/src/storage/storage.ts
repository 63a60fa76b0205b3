import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

export type Disk = 'public' | 'uploads';

/**
 * Where file bytes live. Local disk by default; an S3-compatible backend (s3-storage.ts)
 * implements the same interface, so routes never touch paths directly.
 */
export interface Storage {
  put(disk: Disk, key: string, data: Uint8Array | string): Promise<void>;
  /**
   * Takes over a finished local file (a completed resumable upload) and stores it under `key`;
   * the source is gone afterwards. Local disk renames it; a remote backend streams it up.
   */
  putFile(disk: Disk, key: string, sourcePath: string): Promise<void>;
  /** Size in bytes, or undefined when the file does not exist. */
  size(disk: Disk, key: string): Promise<number | undefined>;
  /** A web stream of the bytes from `start` to `end` inclusive. */
  read(disk: Disk, key: string, range?: { start: number; end: number }): ReadableStream<Uint8Array>;
  delete(disk: Disk, key: string): Promise<void>;
  /** Address at which a public file is served. */
  publicUrl(key: string): string;
}

export class StoragePathError extends Error {}

/**
 * The storage could not be reached or answered with an error of its own (a remote backend that is
 * down, times out or refuses the credentials on a read). Answered 503; the cause is for the error log.
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? `Storage unavailable: ${cause.message}` : 'Storage unavailable', { cause });
    this.name = 'StorageUnavailableError';
  }
}

/** Why a write could not be done: no room left (disk or quota full), or the storage cannot be written (read-only, or not ours to write). */
export type StorageFailure = 'full' | 'unwritable';

/**
 * A write the storage refused. The message keeps the system's own (with its path) for the error
 * log; visitors are only told that it could not be stored (http/errors.ts).
 */
export class StorageWriteError extends Error {
  readonly failure: StorageFailure;
  readonly code: string | undefined;
  constructor(failure: StorageFailure, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'StorageWriteError';
    this.failure = failure;
    this.code = (cause as NodeJS.ErrnoException | null)?.code;
  }
}

/**
 * What a failed file write says about the storage. Permission errors count only here, on writes:
 * a misconfigured folder is a storage that cannot be written, and a reader should not be told so.
 */
export function fileWriteFailure(error: unknown): StorageFailure | undefined {
  if (error instanceof StorageWriteError) return error.failure;
  switch ((error as NodeJS.ErrnoException | null)?.code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return 'full';
    case 'EROFS':
    case 'EACCES':
    case 'EPERM':
    // A file where the storage needs a folder (or a folder where it needs a file): a broken storage
    // folder, not a bad request.
    case 'ENOTDIR':
    case 'EEXIST':
    case 'EISDIR':
      return 'unwritable';
    default:
      return undefined;
  }
}

/** The error to throw for a failed write: a StorageWriteError when the storage is to blame, else the error itself. */
export function asStorageWriteError(error: unknown): unknown {
  const failure = fileWriteFailure(error);
  return failure && !(error instanceof StorageWriteError) ? new StorageWriteError(failure, error) : error;
}

async function makeFolderFor(file: string): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
  } catch (error) {
    throw asStorageWriteError(error);
  }
}

/** Writes a file beside `file` and renames it in place, so a reader never sees half a file; a failed write leaves nothing behind. */
async function writeThenRename(file: string, write: (temporary: string) => Promise<void>): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await write(temporary);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw asStorageWriteError(error);
  }
}

/** Files under `<root>/<disk>/<key>`; keys are server-generated and checked to stay inside the root. */
export function createLocalStorage(root: string): Storage {
  const resolve = (disk: Disk, key: string) => {
    const base = path.resolve(root, disk);
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new StoragePathError(`Storage key "${key}" leaves the storage root`);
    return full;
  };
  return {
    async put(disk, key, data) {
      const file = resolve(disk, key);
      await makeFolderFor(file);
      await writeThenRename(file, (temporary) => writeFile(temporary, data));
    },
    async putFile(disk, key, sourcePath) {
      const file = resolve(disk, key);
      await makeFolderFor(file);
      try {
        await rename(sourcePath, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw asStorageWriteError(error);
        // Another file system: copied, and the source kept until the copy is whole.
        await writeThenRename(file, (temporary) => copyFile(sourcePath, temporary));
        await rm(sourcePath, { force: true });
      }
    },
    async size(disk, key) {
      try {
        const info = await stat(resolve(disk, key));
        return info.isFile() ? info.size : undefined;
      } catch {
        return undefined;
      }
    },
    read(disk, key, range) {
      const stream = createReadStream(resolve(disk, key), range ? { start: range.start, end: range.end } : {});
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },
    async delete(disk, key) {
      await rm(resolve(disk, key), { force: true });
    },
    publicUrl(key) {
      return `/uploads/${key}`;
    },
  };
}
