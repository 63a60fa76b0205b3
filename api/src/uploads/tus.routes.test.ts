import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Upload } from 'tus-js-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as permissionsRepository from '@app/db/permissions/permissions';
import * as settingsRepository from '@app/db/settings/settings';
import * as fileEntriesRepository from '@app/db/uploads/file-entries';
import { isS3Storage } from '../storage/s3-common.ts';
import { createTestApp, pngImage, wavFile, type TestApp, type TestClient } from '../testing.ts';

/**
 * Resumable uploads through a real HTTP server with the real tus client, as a browser's uploader
 * does: PATCH sent as POST with X-HTTP-Method-Override, the session cookie and the XSRF header.
 */
let t: TestApp;
let server: ServerType;
let base: string;
let artist: TestClient;
let otherArtist: TestClient;
let listener: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  await permissionsRepository.ensureRole(t.db, { name: 'artists', description: 'Uploads music', permissions: ['music.view', 'music.create'] });
  artist = await t.loggedIn('artist@example.com', ['artists']);
  otherArtist = await t.loggedIn('other@example.com', ['artists']);
  listener = await t.loggedIn('listener@example.com', ['users']);
  for (const client of [artist, otherArtist, listener]) await client.get('/api/v1/genres');
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});
afterEach(() => settingsRepository.saveSettings(t.db, { 'uploads.max_size': 200 * 1024 * 1024, 'uploads.disable_tus': false }));

function sessionHeaders(client: TestClient): Record<string, string> {
  return {
    Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'X-XSRF-TOKEN': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? ''),
  };
}

/** What the resumable area holds: files under STORAGE_PATH/tus, or objects under `tus/` in the bucket (TEST_STORAGE=s3). */
async function tusFiles(): Promise<string[]> {
  if (isS3Storage(t.storage)) {
    const prefix = `${t.storage.prefixed('tus')}/`;
    const listed = await t.storage.client.send(new ListObjectsV2Command({ Bucket: t.storage.bucket, Prefix: prefix }));
    return (listed.Contents ?? []).map((object) => object.Key!.slice(prefix.length)).sort();
  }
  const tusDir = path.join(t.storageDir, 'tus');
  return existsSync(tusDir) ? readdirSync(tusDir).sort() : [];
}

async function storedBytes(key: string): Promise<Buffer> {
  return Buffer.from(await new Response(t.storage.read('uploads', key)).arrayBuffer());
}

interface Run {
  upload: Upload;
  done: Promise<void>;
}

/** Starts (or resumes, given an upload address) an upload; `stopAt` aborts it once that many bytes went out. */
function runUpload(client: TestClient, bytes: Uint8Array, options: { uploadUrl?: string; stopAt?: number; patchOffsets: number[]; name?: string; metadata?: Record<string, string> }): Run & { stopped: Promise<void> } {
  let upload!: Upload;
  let resolveStopped!: () => void;
  const stopped = new Promise<void>((resolve) => (resolveStopped = resolve));
  const done = new Promise<void>((resolve, reject) => {
    upload = new Upload(Buffer.from(bytes), {
      endpoint: `${base}/api/v1/tus/upload`,
      uploadUrl: options.uploadUrl,
      chunkSize: 512 * 1024,
      retryDelays: null,
      overridePatchMethod: true,
      headers: sessionHeaders(client),
      metadata: { name: options.name ?? 'Long Take.wav', clientMime: 'audio/wav', ...options.metadata },
      onBeforeRequest(req) {
        if (req.getHeader('X-HTTP-Method-Override') === 'PATCH') options.patchOffsets.push(Number(req.getHeader('Upload-Offset')));
      },
      onProgress(sent) {
        if (options.stopAt !== undefined && sent >= options.stopAt) {
          options.stopAt = undefined;
          void upload.abort().then(resolveStopped);
        }
      },
      onSuccess: () => resolve(),
      onError: reject,
    });
    upload.start();
  });
  return { upload, done, stopped };
}

async function head(client: TestClient, url: string) {
  return fetch(url, { method: 'HEAD', headers: { ...sessionHeaders(client), 'Tus-Resumable': '1.0.0' } });
}

async function complete(client: TestClient, uploadUrl: string) {
  return client.post('/api/v1/tus/entries', { uploadKey: uploadUrl.split('/').pop() });
}

describe('resumable uploads (tus)', () => {
  it('survives three interruptions and ends byte-identical', async () => {
    const source = wavFile(4.5 * 1024 * 1024, 7);
    const patchOffsets: number[] = [];
    const offsetsAfterStops: number[] = [];

    let run = runUpload(artist, source, { stopAt: source.byteLength * 0.25, patchOffsets });
    await run.stopped;
    const uploadUrl = run.upload.url!;
    expect(uploadUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/tus\/upload\/[0-9a-f]{32}$/);

    for (const fraction of [0.5, 0.75, undefined]) {
      const offset = Number((await head(artist, uploadUrl)).headers.get('Upload-Offset'));
      offsetsAfterStops.push(offset);
      // A fresh client, as after a page reload, continues from the server's offset.
      run = runUpload(artist, source, { uploadUrl, stopAt: fraction === undefined ? undefined : source.byteLength * fraction, patchOffsets });
      if (fraction === undefined) await run.done;
      else await run.stopped;
    }

    expect(offsetsAfterStops).toHaveLength(3);
    expect(offsetsAfterStops[0]).toBeGreaterThan(0);
    expect([...offsetsAfterStops].sort((a, b) => a - b)).toEqual(offsetsAfterStops);
    expect(offsetsAfterStops[2]).toBeLessThan(source.byteLength);
    // Resumed uploads never started over: each resumption sent from where the server stood.
    for (const offset of offsetsAfterStops) expect(patchOffsets).toContain(offset);
    expect(patchOffsets.filter((offset) => offset === 0)).toHaveLength(1);

    const response = await complete(artist, uploadUrl);
    expect(response.status).toBe(201);
    const { fileEntry } = await response.json();
    expect(fileEntry).toMatchObject({ name: 'Long Take.wav', file_size: source.byteLength, mime: 'audio/wav', extension: 'wav' });
    const stored = await storedBytes(fileEntry.file_name);
    expect(stored.equals(Buffer.from(source))).toBe(true);
    // The finished upload left the resumable area.
    expect((await tusFiles()).filter((name) => name.startsWith(uploadUrl.split('/').pop()!))).toEqual([]);
  });

  it('answers a wrong Upload-Offset with 409 and leaves the upload unchanged', async () => {
    const source = wavFile(64 * 1024, 3);
    const created = await fetch(`${base}/api/v1/tus/upload`, {
      method: 'POST',
      headers: { ...sessionHeaders(artist), 'Tus-Resumable': '1.0.0', 'Upload-Length': String(source.byteLength), 'Upload-Metadata': `name ${btoa('offsets.wav')}` },
    });
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('Location')!, base).href;
    const patch = (offset: number, body: Uint8Array) =>
      fetch(url, { method: 'PATCH', headers: { ...sessionHeaders(artist), 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, body: Buffer.from(body) });

    expect((await patch(0, source.subarray(0, 1000))).status).toBe(204);

    // The refused bytes are not written: the offset stays, and the finished file is the source byte for byte.
    const conflict = await patch(500, new Uint8Array(1000).fill(0xee));
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).message).toMatch(/^Upload-Offset conflict/);
    expect((await head(artist, url)).headers.get('Upload-Offset')).toBe('1000');
    // Ahead of the server is as wrong as behind it.
    expect((await patch(2000, source.subarray(2000, 3000))).status).toBe(409);

    expect((await patch(1000, source.subarray(1000))).status).toBe(204);
    const { fileEntry } = await (await complete(artist, url)).json();
    expect((await storedBytes(fileEntry.file_name)).equals(Buffer.from(source))).toBe(true);
  });

  it('keeps each upload to its owner and to people allowed to upload', async () => {
    const create = (client: TestClient | null) =>
      fetch(`${base}/api/v1/tus/upload`, {
        method: 'POST',
        headers: { ...(client ? sessionHeaders(client) : {}), 'Tus-Resumable': '1.0.0', 'Upload-Length': '100', 'Upload-Metadata': `name ${btoa('x.wav')}` },
      });
    expect((await create(null)).status).toBe(419);
    const guest = t.client();
    await guest.get('/api/v1/genres');
    expect((await create(guest)).status).toBe(401);
    expect((await create(listener)).status).toBe(403);

    const created = await create(artist);
    const url = new URL(created.headers.get('Location')!, base).href;
    expect((await head(otherArtist, url)).status).toBe(404);
    const foreignPatch = await fetch(url, {
      method: 'PATCH',
      headers: { ...sessionHeaders(otherArtist), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: Buffer.alloc(100),
    });
    expect(foreignPatch.status).toBe(404);
    expect((await complete(otherArtist, url)).status).toBe(404);
    // Unfinished: nothing to make an entry of yet.
    const early = await complete(artist, url);
    expect(early.status).toBe(409);
    expect((await early.json()).message).toBe('This upload is not finished: 0 of 100 bytes received.');
    // Reading an upload's bytes back is not part of the protocol here.
    expect((await fetch(url, { headers: sessionHeaders(artist) })).status).toBe(405);
    // The owner may abandon it.
    const terminated = await fetch(url, { method: 'DELETE', headers: { ...sessionHeaders(artist), 'Tus-Resumable': '1.0.0' } });
    expect(terminated.status).toBe(204);
    expect((await head(artist, url)).status).toBe(404);
  });

  it('refuses a 3 GB upload over the limit before any byte arrives, with the spec message', async () => {
    const before = await tusFiles();
    const response = await fetch(`${base}/api/v1/tus/upload`, {
      method: 'POST',
      headers: { ...sessionHeaders(artist), 'Tus-Resumable': '1.0.0', 'Upload-Length': String(3 * 1024 ** 3), 'Upload-Metadata': `name ${btoa('huge.wav')}` },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'file exceeds maximum allowed size of 200 MB', errors: { file: 'file exceeds maximum allowed size of 200 MB' } });
    expect(await tusFiles()).toEqual(before);
    const noLength = await fetch(`${base}/api/v1/tus/upload`, { method: 'POST', headers: { ...sessionHeaders(artist), 'Tus-Resumable': '1.0.0', 'Upload-Defer-Length': '1' } });
    expect(noLength.status).toBe(400);
  });

  it('refuses bad names when the upload starts and lying content when it ends, keeping nothing', async () => {
    const start = (name: string) =>
      fetch(`${base}/api/v1/tus/upload`, {
        method: 'POST',
        headers: { ...sessionHeaders(artist), 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', 'Upload-Metadata': `name ${btoa(name)}` },
      });
    for (const name of ['../../escape.wav', '.DS_Store', 'setup.exe']) {
      const response = await start(name);
      expect(response.status, name).toBe(422);
    }
    expect((await (await start('../x.wav')).json()).message).toBe('That file name is not allowed.');

    const image = pngImage(64);
    const run = runUpload(artist, image, { name: 'not-really.wav', patchOffsets: [] });
    await run.done;
    const id = run.upload.url!.split('/').pop()!;
    const response = await complete(artist, run.upload.url!);
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe("The file's content does not match its extension.");
    expect((await tusFiles()).filter((name) => name.startsWith(id))).toEqual([]);
    expect(readdirSync(t.storageDir)).not.toContain('escape.wav');
    expect(readdirSync(path.dirname(t.storageDir))).not.toContain('escape.wav');
  });

  it('can be turned off in the settings', async () => {
    await settingsRepository.saveSettings(t.db, { 'uploads.disable_tus': true });
    const response = await fetch(`${base}/api/v1/tus/upload`, {
      method: 'POST',
      headers: { ...sessionHeaders(artist), 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', 'Upload-Metadata': `name ${btoa('x.wav')}` },
    });
    expect(response.status).toBe(403);
  });

  it('keeps the owner server-side, whatever the client claims', async () => {
    const artistId = (await (await artist.get('/api/v1/users/me')).json()).user.id;
    const otherId = (await (await otherArtist.get('/api/v1/users/me')).json()).user.id;
    const run = runUpload(artist, wavFile(2048, 9), { name: 'claimed.wav', patchOffsets: [], metadata: { userId: String(otherId) } });
    await run.done;
    // The other artist cannot take it over, and the entry is the uploader's.
    expect((await complete(otherArtist, run.upload.url!)).status).toBe(404);
    const { fileEntry } = await (await complete(artist, run.upload.url!)).json();
    expect(await fileEntriesRepository.findFileEntry(t.db, fileEntry.id)).toMatchObject({ name: 'claimed.wav', user_id: artistId });
  });
});

describe('an upload folder that could not be made', () => {
  it('is made on the next upload once nothing is in its way', async () => {
    // An app of its own: the folder is made with the app's first resumable upload.
    const fresh = await createTestApp({}, { storage: 'local' });
    try {
      await permissionsRepository.ensureRole(fresh.db, { name: 'artists', description: 'Uploads music', permissions: ['music.view', 'music.create'] });
      const uploader = await fresh.loggedIn('maker@example.com', ['artists']);
      await uploader.get('/api/v1/genres');
      const start = () =>
        fresh.app.request('/api/v1/tus/upload', {
          method: 'POST',
          headers: { ...sessionHeaders(uploader), 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', 'Upload-Metadata': `name ${btoa('x.wav')}` },
        });
      // A file where the folder goes: the folder cannot be made, and this upload cannot start. The
      // storage is to blame, not the request: 507, saying so without the path.
      const folder = path.join(fresh.storageDir, 'tus');
      writeFileSync(folder, '');
      const refused = await start();
      expect(refused.status).toBe(507);
      expect(await refused.json()).toEqual({ message: 'The server cannot store this right now. Try again later.' });
      rmSync(folder);
      expect((await start()).status).toBe(201);
    } finally {
      await fresh.close();
    }
  });
});
