import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as permissionsRepository from '@app/db/permissions/permissions';
import * as settingsRepository from '@app/db/settings/settings';
import * as fileEntriesRepository from '@app/db/uploads/file-entries';
import { createTestApp, pngImage, taggedMp3, type TestApp, type TestClient } from '../testing.ts';

let t: TestApp;
let admin: TestClient;
let artist: TestClient;
let otherArtist: TestClient;
let listener: TestClient;
const guest = () => t.client();

const song = taggedMp3({ title: 'Small Hours', artists: ['Night Bus'], album: 'Late', track: '2', genre: 'Ambient' }, 2);

beforeAll(async () => {
  t = await createTestApp();
  // Artists may upload music but not manage other people's files.
  await permissionsRepository.ensureRole(t.db, { name: 'artists', description: 'Uploads music', permissions: ['music.view', 'music.create'] });
  admin = await t.loggedIn('admin@example.com', ['admin']);
  artist = await t.loggedIn('artist@example.com', ['artists']);
  otherArtist = await t.loggedIn('other-artist@example.com', ['artists']);
  listener = await t.loggedIn('listener@example.com', ['users']);
});
afterAll(() => t.close());
afterEach(() => settingsRepository.saveSettings(t.db, { 'uploads.max_size': 200 * 1024 * 1024, 'uploads.allowed_extensions': [], 'uploads.blocked_extensions': ['.exe', '.php', '.html'] }));

function browserHeaders(client: TestClient): Record<string, string> {
  const xsrf = client.cookies.get('XSRF-TOKEN');
  return {
    Accept: 'application/json',
    ...(client.cookies.size ? { Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
    ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}),
  };
}

async function upload(client: TestClient, bytes: Uint8Array<ArrayBuffer>, name: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/v1/genres');
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: fields.clientMime ?? 'application/octet-stream' }), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return t.app.request('/api/v1/file-entries', { method: 'POST', body: form, headers: { ...browserHeaders(client), ...headers } });
}

/** Every file under the storage root and next to it, to prove nothing was written where it should not be. */
function filesOnDisk(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return walk(t.storageDir).filter((file) => !file.endsWith('.sqlite') && !file.includes('.sqlite-'));
}
/** What the refused names would have written beside or above the storage root (other tests share /tmp, so only these are looked for). */
const escapedFiles = () =>
  [path.dirname(t.storageDir), path.dirname(path.dirname(t.storageDir))].flatMap((dir) =>
    readdirSync(dir).filter((name) => name === 'escape.mp3' || name === 'outside' || name === 'fine.mp3').map((name) => path.join(dir, name)),
  );

describe('POST file-entries (multipart, below the resumable threshold)', () => {
  it('stores the file under a server-generated name and answers the file entry', async () => {
    const response = await upload(artist, song, 'Small Hours.mp3', { clientMime: 'audio/mpeg', clientExtension: 'mp3' });
    expect(response.status).toBe(201);
    const { fileEntry } = await response.json();
    expect(fileEntry).toMatchObject({ name: 'Small Hours.mp3', mime: 'audio/mpeg', extension: 'mp3', file_size: song.byteLength, disk: 'uploads' });
    expect(fileEntry.file_name).toMatch(/^[0-9a-f-]{36}\.mp3$/);
    expect(fileEntry.url).toBe(`/api/v1/file-entries/${fileEntry.id}/preview`);

    const preview = await artist.get(fileEntry.url);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('Content-Type')).toBe('audio/mpeg');
    expect(Buffer.from(await preview.arrayBuffer()).equals(Buffer.from(song))).toBe(true);
    const partial = await artist.get(fileEntry.url, { headers: { Range: 'bytes=0-9' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('Content-Range')).toBe(`bytes 0-9/${song.byteLength}`);
  });

  it('lets guests, listeners and other artists neither upload nor read the file', async () => {
    const { fileEntry } = await (await upload(artist, song, 'mine.mp3')).json();
    expect((await upload(guest(), song, 'x.mp3')).status).toBe(401);
    const refused = await upload(listener, song, 'x.mp3');
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("You don't have permission to upload files.");
    expect((await otherArtist.get(fileEntry.url)).status).toBe(404);
    expect((await guest().get(fileEntry.url)).status).toBe(401);
    expect((await admin.get(fileEntry.url)).status).toBe(200);
  });

  it('refuses a write without the XSRF header', async () => {
    const response = await upload(artist, song, 'x.mp3', {}, { 'X-XSRF-TOKEN': 'forged' });
    expect(response.status).toBe(419);
  });

  it('enforces the maximum size from settings with the spec message, storing nothing', async () => {
    await settingsRepository.saveSettings(t.db, { 'uploads.max_size': 8 * 1024 });
    const before = filesOnDisk();
    const response = await upload(artist, song, 'too-big.mp3');
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'file exceeds maximum allowed size of 8 KB', errors: { file: 'file exceeds maximum allowed size of 8 KB' } });
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses a 3 GB body from its declared length before reading it', async () => {
    const response = await t.app.request('/api/v1/file-entries', {
      method: 'POST',
      headers: { ...browserHeaders(artist), 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(3 * 1024 ** 3) },
      body: '--x--',
    });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe('file exceeds maximum allowed size of 200 MB');
  });

  it('enforces allowed and blocked types (mime wildcards and extensions) with the spec message', async () => {
    await settingsRepository.saveSettings(t.db, { 'uploads.blocked_extensions': ['audio/*'] });
    let response = await upload(artist, song, 'song.mp3', { clientMime: 'audio/mpeg' });
    expect(response.status).toBe(422);
    expect((await response.json()).errors.file).toBe('This file type is not allowed');
    // The type is read from the bytes too: a false client mime does not get the file past the rule.
    response = await upload(artist, song, 'song.mp3', { clientMime: 'text/plain' });
    expect((await response.json()).errors.file).toBe('This file type is not allowed');

    await settingsRepository.saveSettings(t.db, { 'uploads.blocked_extensions': [], 'uploads.allowed_extensions': ['.png', 'image/jpeg'] });
    expect((await upload(artist, song, 'song.mp3')).status).toBe(422);
    expect((await upload(artist, pngImage(), 'cover.png')).status).toBe(201);
  });

  it('refuses content that does not match its extension', async () => {
    const before = filesOnDisk();
    const response = await upload(artist, pngImage(), 'song.mp3', { clientMime: 'audio/mpeg' });
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe("The file's content does not match its extension.");
    const script = await upload(artist, new TextEncoder().encode('<?php system($_GET["c"]); ?>'), 'song.mp3');
    expect(script.status).toBe(422);
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses names and folder paths with ../, writing nothing inside or outside the storage root', async () => {
    const before = filesOnDisk();
    for (const name of ['../../escape.mp3', '..\\escape.mp3', 'a/../../escape.mp3']) {
      const response = await upload(artist, song, name);
      expect(response.status, name).toBe(422);
      expect((await response.json()).message).toBe('That file name is not allowed.');
    }
    const viaPath = await upload(artist, song, 'fine.mp3', { metadata: JSON.stringify({ relativePath: '../../outside/fine.mp3' }) });
    expect(viaPath.status).toBe(422);
    expect(filesOnDisk()).toEqual(before);
    expect(escapedFiles()).toEqual([]);
  });

  it('ignores .DS_Store', async () => {
    const response = await upload(artist, new Uint8Array([0, 0, 0, 1, 0x42, 0x75, 0x64, 0x31]), '.DS_Store');
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe('This file type is not allowed');
  });

  it('makes public only images', async () => {
    const image = await upload(artist, pngImage(), 'cover.png', { metadata: JSON.stringify({ disk: 'public' }) });
    expect(image.status).toBe(201);
    const { fileEntry } = await image.json();
    expect(fileEntry.url).toBe(`/uploads/${fileEntry.file_name}`);
    expect((await t.app.request(fileEntry.url)).headers.get('Content-Type')).toBe('image/png');
    const audio = await upload(artist, song, 'song.mp3', { metadata: JSON.stringify({ disk: 'public' }) });
    expect(audio.status).toBe(422);
    expect((await audio.json()).errors.disk).toBe('Only images can be public files.');
  });

  it('answers a missing file or bad metadata with field errors', async () => {
    const form = new FormData();
    form.append('clientMime', 'audio/mpeg');
    const response = await t.app.request('/api/v1/file-entries', { method: 'POST', body: form, headers: browserHeaders(artist) });
    expect(response.status).toBe(422);
    expect((await response.json()).errors.file).toBe('Choose a file to upload.');
    expect((await upload(artist, song, 'x.mp3', { metadata: '{not json' })).status).toBe(422);
  });
});

describe('POST file-entries/delete', () => {
  it('deletes own entries with their bytes; others get 403; repeating is harmless', async () => {
    const { fileEntry } = await (await upload(artist, song, 'to-delete.mp3')).json();
    expect((await otherArtist.post('/api/v1/file-entries/delete', { entryIds: [fileEntry.id] })).status).toBe(403);
    expect((await listener.post('/api/v1/file-entries/delete', { entryIds: [fileEntry.id] })).status).toBe(403);
    expect((await guest().post('/api/v1/file-entries/delete', { entryIds: [fileEntry.id] })).status).toBe(401);
    expect(await t.storage.size('uploads', fileEntry.file_name)).toBe(song.byteLength);

    const response = await artist.post('/api/v1/file-entries/delete', { entryIds: [fileEntry.id], deleteForever: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: [fileEntry.id] });
    expect(await fileEntriesRepository.findFileEntry(t.db, fileEntry.id)).toBeUndefined();
    expect(await t.storage.size('uploads', fileEntry.file_name)).toBeUndefined();
    expect((await artist.post('/api/v1/file-entries/delete', { entryIds: [fileEntry.id] })).status).toBe(200);
  });

  it('deletes by stored name for files managers, and refuses paths that leave the storage root', async () => {
    const { fileEntry } = await (await upload(artist, song, 'by-path.mp3')).json();
    const bad = await admin.post('/api/v1/file-entries/delete', { paths: ['../database.sqlite'] });
    expect(bad.status).toBe(422);
    expect((await bad.json()).message).toBe('That file name is not allowed.');
    expect((await admin.post('/api/v1/file-entries/delete', { paths: [fileEntry.file_name] })).status).toBe(200);
    expect(await t.storage.size('uploads', fileEntry.file_name)).toBeUndefined();
    expect((await admin.post('/api/v1/file-entries/delete', {})).status).toBe(422);
  });
});

describe('the files section of the back office', () => {
  it('lists, renames and deletes file entries (bytes included) but cannot create them', async () => {
    const { fileEntry } = await (await upload(artist, song, 'admin-view.mp3')).json();
    const list = await admin.get(`/api/admin/files?filter=${encodeURIComponent(JSON.stringify({ q: 'admin-view' }))}`);
    expect(list.status).toBe(200);
    expect((await list.json()).map((f: { id: number }) => f.id)).toEqual([fileEntry.id]);
    expect((await artist.get('/api/admin/files')).status).toBe(403);
    expect((await admin.put(`/api/admin/files/${fileEntry.id}`, { name: 'renamed.mp3' })).status).toBe(200);
    expect((await admin.put(`/api/admin/files/${fileEntry.id}`, { name: '../renamed.mp3' })).status).toBe(422);
    expect((await admin.post('/api/admin/files', { name: 'ghost.mp3' })).status).toBe(405);

    expect((await admin.delete(`/api/admin/files/${fileEntry.id}`)).status).toBe(200);
    expect(await t.storage.size('uploads', fileEntry.file_name)).toBeUndefined();
  });
});

describe('POST tracks/import', () => {
  let editor: TestClient;
  let otherEditor: TestClient;
  beforeAll(async () => {
    // The back office's import files tracks under any artist: it takes managing all music.
    await permissionsRepository.ensureRole(t.db, { name: 'catalogue', description: 'Manages the catalogue', permissions: ['admin.access', 'music.view', 'music.create', 'music.update'] });
    editor = await t.loggedIn('editor@example.com', ['catalogue']);
    otherEditor = await t.loggedIn('other-editor@example.com', ['catalogue']);
  });

  it('makes a track of an uploaded file once, for its uploader', async () => {
    const { fileEntry } = await (await upload(editor, song, 'Small Hours.mp3')).json();
    expect((await otherEditor.post('/api/v1/tracks/import', { fileEntryId: fileEntry.id })).status).toBe(404);
    expect((await listener.post('/api/v1/tracks/import', { fileEntryId: fileEntry.id })).status).toBe(403);
    expect((await artist.post('/api/v1/tracks/import', { fileEntryId: fileEntry.id })).status).toBe(403);

    const response = await editor.post('/api/v1/tracks/import', { fileEntryId: fileEntry.id });
    expect(response.status).toBe(201);
    const { track } = await response.json();
    expect(track).toMatchObject({ name: 'Small Hours', number: 2, fileEntryId: fileEntry.id, album: { name: 'Late' }, artists: [{ name: 'Night Bus' }], genres: [{ name: 'ambient' }] });

    const stream = await listener.get(`/api/v1/tracks/${track.trackId}/stream`);
    expect(stream.status).toBe(200);
    expect(Buffer.from(await stream.arrayBuffer()).equals(Buffer.from(song))).toBe(true);

    const again = await editor.post('/api/v1/tracks/import', { fileEntryId: fileEntry.id });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('A track already plays this file.');
  });

  it('refuses a file that is not audio', async () => {
    const { fileEntry } = await (await upload(editor, pngImage(), 'cover.png')).json();
    const response = await editor.post('/api/v1/tracks/import', { fileEntryId: fileEntry.id });
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe('This file is not audio that can be read.');
  });
});

describe('GET uploads/restrictions', () => {
  it('tells the uploader the limits, the threshold and the concurrency', async () => {
    await settingsRepository.saveSettings(t.db, { 'uploads.allowed_extensions': ['audio/*'] });
    const response = await artist.get('/api/v1/uploads/restrictions');
    expect(await response.json()).toEqual({
      maxSize: 200 * 1024 * 1024,
      allowed: ['audio/*'],
      blocked: ['.exe', '.php', '.html'],
      chunkSize: 5 * 1024 * 1024,
      resumable: true,
      resumableThreshold: 4 * 1024 * 1024,
      concurrency: 3,
      // Browsers send to the bucket themselves only with S3 storage and STORAGE_S3_DIRECT_UPLOADS.
      directUpload: false,
    });
    expect((await listener.get('/api/v1/uploads/restrictions')).status).toBe(403);
  });
});
