import { createWriteStream, mkdirSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS, type Upload } from '@tus/server';
import type { AppDeps } from '../context.ts';
import { asStorageWriteError, fileWriteFailure } from '../storage/storage.ts';
import { EXPIRATION_MS, type Resumable, UPLOAD_ID } from './resumable-upload.ts';

/*
 * Resumable uploads kept on the local disk, under STORAGE_PATH/tus. Imported by
 * resumable-uploads.service.ts with the first resumable upload, as this module brings tus with it.
 */

/**
 * tus's file store, telling why a write failed: its own `write` reports every failure as "Something
 * went wrong receiving the file", so a full disk could not be told from a dropped connection.
 */
class UploadStore extends FileStore {
  override async create(upload: Upload): Promise<Upload> {
    try {
      return await super.create(upload);
    } catch (error) {
      // The empty file may exist without its JSON (no room left for it): no half-made upload stays.
      await rm(path.join(this.directory, upload.id), { force: true }).catch(() => undefined);
      await rm(path.join(this.directory, `${upload.id}.json`), { force: true }).catch(() => undefined);
      throw asStorageWriteError(error);
    }
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    if (!UPLOAD_ID.test(id)) throw ERRORS.FILE_NOT_FOUND;
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      // The bytes written before a failure stay: the upload's offset is its file's length, so the
      // client asks for it (HEAD) and goes on from there.
      await pipeline(readable, counter, createWriteStream(path.join(this.directory, id), { flags: 'r+', start: offset }));
    } catch (error) {
      if (fileWriteFailure(error)) throw asStorageWriteError(error);
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + received;
  }
}

export function localResumable(deps: AppDeps): Omit<Resumable, 'server' | 'lastCleanup'> {
  const directory = path.join(deps.config.storagePath, 'tus');
  // The store makes its folder in a callback that throws, which would end the process on a full
  // or read-only disk; made here first, a failure is this request's error and the next one tries again.
  try {
    mkdirSync(directory, { recursive: true });
  } catch (error) {
    throw asStorageWriteError(error);
  }
  return {
    store: new UploadStore({ directory, expirationPeriodInMilliseconds: EXPIRATION_MS }),
    finished: (upload) => ({ kind: 'file', path: path.join(directory, upload.id), size: upload.size ?? 0 }),
    staged: async (id) => Boolean(await stat(path.join(directory, id)).catch(() => undefined)),
    async discard(id) {
      await rm(path.join(directory, id), { force: true });
      await rm(path.join(directory, `${id}.json`), { force: true });
    },
  };
}
