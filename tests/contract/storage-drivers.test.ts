import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createLocalStorage, loadConfig, StoragePathError, StorageUnavailableError, StorageWriteError, type S3Storage, type Storage } from '@app/api';
import { createS3Storage } from '@app/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Local, type S3LocalHandle } from '../support/s3-local/index.ts';

/** The Storage contract, one body for both drivers: what callers rely on must hold on the local disk and on S3 alike. */
const bytes = (length: number, seed = 7) => Uint8Array.from({ length }, (_, i) => (i * seed + (i >> 8)) & 0xff);
const readAll = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

let s3: S3LocalHandle;
let folder: string;
beforeAll(async () => {
  s3 = await startS3Local();
  folder = mkdtempSync(path.join(tmpdir(), 'storage-contract-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(folder, { recursive: true, force: true });
});

const s3Config = (env: Record<string, string> = {}) => {
  const config = loadConfig({ ...s3.env, STORAGE_S3_PREFIX: 'shared/site/', ...env }).storage;
  if (config.driver !== 's3') throw new Error('expected the s3 driver');
  return config;
};

const drivers: [string, () => Storage][] = [
  ['local disk', () => createLocalStorage(mkdtempSync(path.join(folder, 'local-')))],
  ['S3', () => createS3Storage(s3Config())],
];

describe.each(drivers)('storage on the %s', (_name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('keeps bytes and strings, and reads them back whole or by byte range', async () => {
    const data = bytes(70_000);
    await storage.put('uploads', 'song.mp3', data);
    await storage.put('public', 'cover.svg', '<svg/>');
    expect(await storage.size('uploads', 'song.mp3')).toBe(70_000);
    expect(await readAll(storage.read('uploads', 'song.mp3'))).toEqual(data);
    expect(await readAll(storage.read('uploads', 'song.mp3', { start: 1000, end: 1999 }))).toEqual(data.subarray(1000, 2000));
    expect(await readAll(storage.read('uploads', 'song.mp3', { start: 69_999, end: 69_999 }))).toEqual(data.subarray(69_999));
    expect(new TextDecoder().decode(await readAll(storage.read('public', 'cover.svg')))).toBe('<svg/>');
    // The disks are apart: a public name does not reach private audio.
    expect(await storage.size('public', 'song.mp3')).toBeUndefined();
  });

  it('replaces a file written again under the same key', async () => {
    await storage.put('public', 'again.png', 'first');
    await storage.put('public', 'again.png', 'second, longer');
    expect(new TextDecoder().decode(await readAll(storage.read('public', 'again.png')))).toBe('second, longer');
  });

  it('takes over a finished local file, large ones in parts, and the source is gone', async () => {
    const data = bytes(9 * 1024 * 1024 + 123, 13);
    const source = path.join(folder, `upload-${Math.random().toString(36).slice(2)}`);
    writeFileSync(source, data);
    await storage.putFile('uploads', 'large.bin', source);
    expect(existsSync(source)).toBe(false);
    expect(await storage.size('uploads', 'large.bin')).toBe(data.byteLength);
    const tail = await readAll(storage.read('uploads', 'large.bin', { start: data.byteLength - 5000, end: data.byteLength - 1 }));
    expect(tail).toEqual(data.subarray(data.byteLength - 5000));
  });

  it('says a missing file is missing, and deleting it twice is harmless', async () => {
    expect(await storage.size('uploads', 'never-stored.mp3')).toBeUndefined();
    await storage.put('uploads', 'gone.mp3', bytes(10));
    await storage.delete('uploads', 'gone.mp3');
    await storage.delete('uploads', 'gone.mp3');
    expect(await storage.size('uploads', 'gone.mp3')).toBeUndefined();
  });

  it('refuses keys that climb out of the storage', async () => {
    for (const key of ['../escape.txt', 'a/../../escape.txt', '/etc/passwd']) {
      await expect(storage.put('public', key, 'x')).rejects.toBeInstanceOf(StoragePathError);
      await expect(storage.size('public', key).then((size) => size ?? 'refused')).resolves.toBe('refused');
      expect(() => storage.read('uploads', key)).toThrow(StoragePathError);
    }
  });

  it('serves public files at the same address whatever the driver', () => {
    expect(storage.publicUrl('4f1c.png')).toBe('/uploads/4f1c.png');
  });
});

describe('S3 storage', () => {
  it('keeps every object under the configured prefix of the bucket', async () => {
    const storage = createS3Storage(s3Config()) as S3Storage;
    await storage.put('public', 'prefixed.png', 'x');
    const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'shared/' }));
    expect(listed.Contents?.map((object) => object.Key)).toContain('shared/site/public/prefixed.png');
  });

  it('turns refused credentials into a write the storage would not take, without the details', async () => {
    const storage = createS3Storage(s3Config({ STORAGE_S3_SECRET_ACCESS_KEY: 'not-the-secret' }));
    const error = await storage.put('uploads', 'nope.mp3', 'x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageWriteError);
    expect((error as StorageWriteError).failure).toBe('unwritable');
    // Reads with a wrong key are the storage failing, not a missing file.
    await expect(storage.size('uploads', 'nope.mp3')).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('reports a storage that cannot be reached as unavailable', async () => {
    const storage = createS3Storage(s3Config({ STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9' }));
    await expect(storage.size('uploads', 'x.mp3')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.put('uploads', 'x.mp3', 'x')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(readAll(storage.read('uploads', 'x.mp3'))).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
