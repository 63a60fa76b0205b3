import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, prepare } from '@app/api';
import { createTestApp, pngImage, taggedMp3, type S3Storage, type TestApp, type TestClient } from '@app/api/testing';
import * as permissionsRepository from '@app/db/permissions/permissions';
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
  t = await createTestApp({ ...s3.env, STORAGE_S3_PREFIX: 'cadence/', STORAGE_S3_DIRECT_UPLOADS: 'true' }, { storage: 'local', demoCatalog: true });
  await permissionsRepository.ensureRole(t.db, { name: 'artists', description: 'Uploads music', permissions: ['music.view', 'music.create'] });
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
      await permissionsRepository.ensureRole(refused.db, { name: 'artists', description: 'Uploads music', permissions: ['music.view', 'music.create'] });
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
});

describe('direct uploads to the bucket (spec §7, s3/…)', () => {
  const call = (client: TestClient, path: string, body: unknown) => client.post(`/api/v1/s3/${path}`, body);

  it('presigns one PUT of the declared size, then makes a checked file entry of it', async () => {
    const song = taggedMp3({ title: 'Direct' }, 2);
    const presigned = await call(artist, 'simple/presign', { filename: 'Direct.mp3', mime: 'audio/mpeg', size: song.byteLength, extension: 'mp3' });
    expect(presigned.status).toBe(200);
    const { url, key, acl } = await presigned.json();
    expect(acl).toBe('private');
    expect(url.startsWith(`${s3.url}/${s3.bucket}/cadence/direct/`)).toBe(true);

    // The signed length holds: a larger body is refused by the storage itself.
    expect((await fetch(url, { method: 'PUT', body: new Uint8Array(song.byteLength + 1) })).status).toBe(403);
    expect((await fetch(url, { method: 'PUT', body: song })).status).toBe(200);

    // Nobody else can claim the bytes.
    const other = await t.loggedIn('other-direct@example.com', ['artists']);
    expect((await call(other, 'entries', { filename: key, clientName: 'Mine.mp3' })).status).toBe(404);

    const entry = await call(artist, 'entries', { filename: key, clientName: 'Direct.mp3', clientMime: 'audio/mpeg', size: song.byteLength });
    expect(entry.status).toBe(201);
    const { fileEntry } = await entry.json();
    expect(fileEntry).toMatchObject({ name: 'Direct.mp3', mime: 'audio/mpeg', file_size: song.byteLength });
    expect(new Uint8Array(await (await artist.get(fileEntry.url)).arrayBuffer())).toEqual(song);
    expect(await bucketKeys('cadence/direct/')).toEqual([]);
    // The staging key is used up.
    expect((await call(artist, 'entries', { filename: key, clientName: 'Again.mp3' })).status).toBe(404);
  });

  it('refuses what the settings refuse before any byte is sent, and deletes bytes that lie about their type', async () => {
    expect((await call(artist, 'simple/presign', { filename: 'huge.mp3', size: 3 * 1024 ** 3 })).status).toBe(413);
    expect((await call(artist, 'simple/presign', { filename: 'setup.exe', size: 10 })).status).toBe(422);
    expect((await call(artist, 'multipart/create', { filename: '../escape.mp3', size: 10 })).status).toBe(422);
    expect((await call(listener, 'simple/presign', { filename: 'song.mp3', size: 10 })).status).toBe(403);

    const image = pngImage(16);
    const { url, key } = await (await call(artist, 'simple/presign', { filename: 'not-really.mp3', size: image.byteLength })).json();
    expect((await fetch(url, { method: 'PUT', body: image })).status).toBe(200);
    const refused = await call(artist, 'entries', { filename: key, clientName: 'not-really.mp3' });
    expect(refused.status).toBe(422);
    expect(await bucketKeys('cadence/direct/')).toEqual([]);
    for (const made of ['../uploads/x', `direct/${0}/${'a'.repeat(32)}`, 'cadence/public/x.png']) {
      expect((await call(artist, 'entries', { filename: made, clientName: 'x.mp3' })).status, made).toBe(404);
    }
  });

  it('takes a multipart upload part by part, resumable from the parts received, then completes it', async () => {
    const size = 5 * 1024 * 1024 + 777;
    const bytes = new Uint8Array(size);
    bytes.set(taggedMp3({ title: 'Parts' }, 2));
    const created = await call(artist, 'multipart/create', { filename: 'Parts.mp3', mime: 'audio/mpeg', size });
    expect(created.status).toBe(200);
    const { uploadId, key } = await created.json();
    const signed = await call(artist, 'multipart/batch-sign-part-urls', { key, uploadId, partNumbers: [1, 2] });
    const { urls } = await signed.json();
    expect(urls.map((u: { partNumber: number }) => u.partNumber)).toEqual([1, 2]);
    const first = await fetch(urls[0].url, { method: 'PUT', body: bytes.subarray(0, 5 * 1024 * 1024) });
    expect(first.status).toBe(200);

    // After a reload the uploader asks where it stands.
    const { parts } = await (await call(artist, 'multipart/get-uploaded-parts', { key, uploadId })).json();
    expect(parts).toEqual([{ PartNumber: 1, ETag: first.headers.get('ETag'), Size: 5 * 1024 * 1024 }]);
    const second = await fetch(urls[1].url, { method: 'PUT', body: bytes.subarray(5 * 1024 * 1024) });
    expect(second.status).toBe(200);

    const completed = await call(artist, 'multipart/complete', { key, uploadId, parts: [{ PartNumber: 2, ETag: second.headers.get('ETag') }, { PartNumber: 1, ETag: first.headers.get('ETag') }] });
    expect(completed.status).toBe(200);
    const entry = await call(artist, 'entries', { filename: key, clientName: 'Parts.mp3', clientMime: 'audio/mpeg' });
    expect(entry.status).toBe(201);
    const { fileEntry } = await entry.json();
    expect(new Uint8Array(await new Response(t.storage.read('uploads', fileEntry.file_name)).arrayBuffer())).toEqual(bytes);
  });

  it('abandons a multipart upload on abort; its parts are gone', async () => {
    const { uploadId, key } = await (await call(artist, 'multipart/create', { filename: 'Dropped.mp3', size: 100 })).json();
    expect((await call(artist, 'multipart/abort', { key, uploadId })).status).toBe(200);
    expect((await call(artist, 'multipart/get-uploaded-parts', { key, uploadId })).status).toBe(404);
    expect((await call(artist, 'multipart/batch-sign-part-urls', { key, uploadId, partNumbers: [1] })).status).toBe(404);
  });

  it('keeps each multipart upload to the user who started it: guests, listeners, other artists and admins cannot touch it', async () => {
    const size = 5 * 1024 * 1024 + 10;
    const { uploadId, key } = await (await call(artist, 'multipart/create', { filename: 'Mine.wav', size })).json();
    const guest = t.client();
    await guest.get('/api/v1/genres');
    const admin = await t.loggedIn('admin-direct@example.com', ['admin']);
    const otherArtist = await t.loggedIn('other-multipart@example.com', ['artists']);
    const { uploadId: otherUploadId, key: otherKey } = await (await call(otherArtist, 'multipart/create', { filename: 'Theirs.wav', size })).json();
    const calls = (target: { key: string; uploadId: string }) =>
      [
        ['multipart/create', { filename: 'x.wav', size: 10 }],
        ['multipart/get-uploaded-parts', target],
        ['multipart/batch-sign-part-urls', { ...target, partNumbers: [1] }],
        ['multipart/complete', { ...target, parts: [{ PartNumber: 1, ETag: '"x"' }] }],
        ['multipart/abort', target],
      ] as const;

    for (const [path, body] of calls({ key, uploadId })) {
      expect((await call(guest, path, body)).status, `guest ${path}`).toBe(401);
      expect((await call(listener, path, body)).status, `listener ${path}`).toBe(403);
    }
    // Admins upload like anyone who may, into uploads of their own.
    expect((await call(admin, 'multipart/create', { filename: 'Admin.wav', size })).status).toBe(200);
    // Another uploader, even an admin, finds no such upload, whether by its key or by its id under their own key.
    for (const [who, client, ownKey] of [['artist', otherArtist, otherKey], ['admin', admin, undefined]] as const) {
      for (const target of [{ key, uploadId }, ...(ownKey ? [{ key: ownKey, uploadId }] : [])]) {
        for (const [path, body] of calls(target).slice(1)) expect((await call(client, path, body)).status, `${who} ${path} ${target.key}`).toBe(404);
      }
    }
    // Nor can the owner reach another's upload through their own key.
    expect((await call(artist, 'multipart/get-uploaded-parts', { key, uploadId: otherUploadId })).status).toBe(404);

    // After all that the upload is whole and still its owner's.
    const { urls } = await (await call(artist, 'multipart/batch-sign-part-urls', { key, uploadId, partNumbers: [1] })).json();
    expect((await fetch(urls[0].url, { method: 'PUT', body: new Uint8Array(1024) })).status).toBe(200);
    expect((await (await call(artist, 'multipart/get-uploaded-parts', { key, uploadId })).json()).parts).toHaveLength(1);
    expect((await call(artist, 'multipart/abort', { key, uploadId })).status).toBe(200);
    expect((await call(otherArtist, 'multipart/abort', { key: otherKey, uploadId: otherUploadId })).status).toBe(200);
  });

  it('is offered only with S3 storage and STORAGE_S3_DIRECT_UPLOADS on', async () => {
    expect((await artist.get('/api/v1/uploads/restrictions').then((r) => r.json())).directUpload).toBe(true);
    for (const env of [{}, s3.env]) {
      const other = await createTestApp(env, { storage: 'local' });
      try {
        await permissionsRepository.ensureRole(other.db, { name: 'artists', description: 'Uploads music', permissions: ['music.view', 'music.create'] });
        const client = await other.loggedIn('artist@example.com', ['artists']);
        expect((await client.get('/api/v1/uploads/restrictions').then((r) => r.json())).directUpload).toBe(false);
        expect((await client.post('/api/v1/s3/simple/presign', { filename: 'a.mp3', size: 10 })).status).toBe(404);
      } finally {
        await other.close();
      }
    }
  });
});

// Last: it stops the storage server and starts an empty one in its place.
describe('a storage that cannot be reached', () => {
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
