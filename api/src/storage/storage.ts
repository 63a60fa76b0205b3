import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

export type Disk = 'public' | 'uploads';

/**
 * Where file bytes live. Local disk by default; an S3-compatible backend implements the same
 * interface, so routes never touch paths directly.
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
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file);
    },
    async putFile(disk, key, sourcePath) {
      const file = resolve(disk, key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await rename(sourcePath, file);
      } catch (error) {
        // Another file system: copy beside the target, then rename, so a reader never sees half a file.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const temporary = `${file}.${process.pid}.tmp`;
        await copyFile(sourcePath, temporary);
        await rename(temporary, file);
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
