import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, prepare } from '@app/api';
import { createTestApp, pngImage, taggedMp3, type S3Storage, type TestApp, type TestClient } from '@app/api/testing';
import { ensureRole } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Local, type S3LocalHandle } from '../support/s3-local/index.ts';

/**
 * The product with STORAGE_DRIVER=s3 against a local S3-compatible server: uploads land in the
 * bucket under the prefix, audio and covers stream with Range from it at the usual addresses,
 * resumable uploads finish in the bucket, and a storage that fails is answered without details.
 */
let s3: S3LocalHandle;
let t: TestApp;
let artist: TestClient;
let listener: TestClient;

beforeAll(async () => {
  s3 = await startS3Local();
  t = await createTestApp({ ...s3.env, STORAGE_S3_PREFIX: 'cadence/' }, { storage: 'local', demoCatalog: true });
  await ensureRole(t.db, { name: 'artists', description: 'Uploads music', permissions: ['music.view', 'music.create'] });
  artist = await t.loggedIn('artist@example.com', ['artists']);
  listener = await t.loggedIn('listener@example.com', ['users']);
  await artist.get('/api/v1/genres');
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const storage = () => t.storage as S3Storage;
async function bucketKeys(prefix = 'cadence/'): Promise<string[]> {
  const listed = await storage().client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key!);
}

function browserHeaders(client: TestClient): Record<string, string> {
  return {
    Accept: 'application/json',
    Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'X-XSRF-TOKEN': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? ''),
  };
}

async function upload(client: TestClient, bytes: Uint8Array<ArrayBuffer>, name: string, metadata?: object) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  if (metadata) form.append('metadata', JSON.stringify(metadata));
  return t.app.request('/api/v1/file-entries', { method: 'POST', body: form, headers: browserHeaders(client) });
}

describe('starting on S3', () => {
  it('stops with the reason when the bucket cannot be used', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 's3-start-'));
    try {
      const start = (env: Record<string, string>) => prepare(loadConfig({ ...s3.env, STORAGE_PATH: folder, SEED_DEMO: 'false', ...env }));
      await expect(start({ STORAGE_S3_BUCKET: 'no-such-bucket' })).rejects.toThrow(`STORAGE_S3_BUCKET "no-such-bucket" at ${s3.url} cannot be used: it does not exist.`);
      await expect(start({ STORAGE_S3_SECRET_ACCESS_KEY: 'wrong' })).rejects.toThrow(/cannot be used: the credentials may not use it/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('files in an S3-compatible bucket', () => {
  it('stores an upload as an object under the prefix, and reads it back by range', async () => {
    const song = taggedMp3({ title: 'Cloud Song' }, 2);
    const response = await upload(artist, song, 'Cloud Song.mp3');
    expect(response.status).toBe(201);
    const { fileEntry } = await response.json();
    expect(await bucketKeys()).toContain(`cadence/uploads/${fileEntry.file_name}`);

    const part = await artist.get(fileEntry.url, { headers: { Range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe(`bytes 100-1099/${song.byteLength}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(song.subarray(100, 1100));
  });

  it("streams a track's audio from the bucket with Range, 416 past the end", async () => {
    const whole = await listener.get('/api/v1/tracks/1/stream');
    expect(whole.status).toBe(200);
    const bytes = new Uint8Array(await whole.arrayBuffer());
    expect(bytes.byteLength).toBe(Number(whole.headers.get('Content-Length')));
    expect(bytes.byteLength).toBeGreaterThan(10_000);

    const range = await listener.get('/api/v1/tracks/1/stream', { headers: { Range: 'bytes=5000-' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('Content-Range')).toBe(`bytes 5000-${bytes.byteLength - 1}/${bytes.byteLength}`);
    expect(new Uint8Array(await range.arrayBuffer())).toEqual(bytes.subarray(5000));

    const past = await listener.get('/api/v1/tracks/1/stream', { headers: { Range: `bytes=${bytes.byteLength}-` } });
    expect(past.status).toBe(416);
  });

  it('serves public images from the bucket at /uploads/…, as on the local disk', async () => {
    const image = pngImage(24);
    const response = await upload(artist, image, 'cover.png', { disk: 'public' });
    expect(response.status).toBe(201);
    const { fileEntry } = await response.json();
    expect(fileEntry.url).toBe(`/uploads/${fileEntry.file_name}`);
    expect(await bucketKeys()).toContain(`cadence/public/${fileEntry.file_name}`);
    const served = await t.app.request(fileEntry.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(served.headers.get('Cache-Control')).toContain('immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(image);
  });

  it('finishes a resumable upload in the bucket, in parts of 5 MB, and leaves nothing of it behind', async () => {
    const size = 6 * 1024 * 1024 + 4321;
    const bytes = new Uint8Array(size);
    bytes.set(taggedMp3({ title: 'Long One' }, 2));
    const tus = { ...browserHeaders(artist), 'Tus-Resumable': '1.0.0' };
    const created = await t.app.request('/api/v1/tus/upload', {
      method: 'POST',
      headers: { ...tus, 'Upload-Length': String(size), 'Upload-Metadata': `name ${btoa('Long One.mp3')},clientMime ${btoa('audio/mpeg')}` },
    });
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('Location')!, 'http://localhost').pathname;
    const id = url.split('/').pop()!;
    const patch = (offset: number, body: Uint8Array) =>
      t.app.request(url, { method: 'PATCH', headers: { ...tus, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, body: Buffer.from(body) });
    const chunk = 5 * 1024 * 1024;
    expect((await patch(0, bytes.subarray(0, chunk))).status).toBe(204);
    // Where it stands is read from the bucket, so another process would answer the same.
    expect((await t.app.request(url, { method: 'HEAD', headers: tus })).headers.get('Upload-Offset')).toBe(String(chunk));
    expect((await patch(chunk, bytes.subarray(chunk))).status).toBe(204);

    const done = await artist.post('/api/v1/tus/entries', { uploadKey: id });
    expect(done.status).toBe(201);
    const { fileEntry } = await done.json();
    expect(fileEntry).toMatchObject({ file_size: size, mime: 'audio/mpeg' });
    const stored = new Uint8Array(await new Response(t.storage.read('uploads', fileEntry.file_name)).arrayBuffer());
    expect(stored).toEqual(bytes);
    expect((await bucketKeys('cadence/tus/')).filter((key) => key.includes(id))).toEqual([]);
  });

  it('answers 507 without details when the bucket refuses the credentials', async () => {
    const refused = await createTestApp({ ...s3.env, STORAGE_S3_SECRET_ACCESS_KEY: 'not-the-secret' }, { storage: 'local' });
    try {
      await ensureRole(refused.db, { name: 'artists', description: 'Uploads music', permissions: ['music.view', 'music.create'] });
      const client = await refused.loggedIn('artist@example.com', ['artists']);
      await client.get('/api/v1/genres');
      const form = new FormData();
      form.append('file', new Blob([taggedMp3({ title: 'x' }, 1)]), 'x.mp3');
      const response = await refused.app.request('/api/v1/file-entries', { method: 'POST', body: form, headers: browserHeaders(client) });
      expect(response.status).toBe(507);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ message: 'The server cannot store this right now. Try again later.' });
      expect(text).not.toMatch(/Signature|127\.0\.0\.1|cadence|s3/i);
    } finally {
      await refused.close();
    }
  });

  it('answers 503 without details while the storage cannot be reached, and serves again once it is back', async () => {
    const port = s3.port;
    await s3.close();
    const stream = await listener.get('/api/v1/tracks/1/stream', { headers: { Range: 'bytes=0-99' } });
    expect(stream.status).toBe(503);
    expect(stream.headers.get('Retry-After')).toBe('30');
    const text = await stream.text();
    expect(JSON.parse(text)).toEqual({ message: 'The server cannot reach its storage right now. Try again later.' });
    expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|cadence/);
    const failedUpload = await upload(artist, taggedMp3({ title: 'y' }, 1), 'y.mp3');
    expect(failedUpload.status).toBe(503);

    s3 = await startS3Local({ port, directory: undefined });
    // A fresh server on the same address: the bucket is empty, so the track is missing, not unavailable.
    expect((await listener.get('/api/v1/tracks/1/stream')).status).toBe(404);
  });
});
