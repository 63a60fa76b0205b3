import { createTestApp, toneMp3, type TestApp, type TestClient } from '@app/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { becomeArtist, created } from '../support/backstage-contract.ts';

/**
 * Backstage uploads (issue 12, point 2): an artist's files become draft tracks of their own artist
 * only, within their quota; drafts stay out of everything listeners see until published.
 */

let t: TestApp;
let admin: TestClient;
let listener: TestClient;
let artistA: TestClient;
let artistB: TestClient;
let guest: TestClient;
const ids = { artistA: 0, artistB: 0 };

/** Sends bytes as the uploader does (multipart file-entries); answers the raw response. */
async function sendFile(client: TestClient, bytes: Uint8Array<ArrayBuffer>, name: string, type = 'audio/mpeg'): Promise<Response> {
  if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/v1/genres');
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return t.app.request('/api/v1/file-entries', {
    method: 'POST',
    body: form,
    headers: {
      Accept: 'application/json',
      Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'X-XSRF-TOKEN': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? ''),
    },
  });
}

async function uploadAudio(client: TestClient, name: string): Promise<number> {
  const response = await sendFile(client, toneMp3(1), name);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).fileEntry.id;
}

const tracksOf = async (artistId: number) =>
  (await (await admin.get(`/api/admin/tracks?filter=${encodeURIComponent(JSON.stringify({ artist_ids: [artistId] }))}&range=[0,100]`)).json()) as {
    id: number;
    name: string;
    published: number;
  }[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('admin@example.com', ['admin']);
  listener = await t.loggedIn('listener@example.com', ['users']);
  guest = t.client();
  ids.artistA = (await created(await admin.post('/api/admin/artists', { name: 'Aurora Lane' }))).id;
  ids.artistB = (await created(await admin.post('/api/admin/artists', { name: 'Brass Owls' }))).id;
  artistA = await becomeArtist(t, admin, 'a@example.com', ids.artistA);
  artistB = await becomeArtist(t, admin, 'b@example.com', ids.artistB);
});
afterAll(() => t.close());

describe('who may make tracks of uploads, and on which artist', () => {
  it('guests 401, users without music.create 403, nothing created', async () => {
    expect((await guest.post('/api/v1/backstage/tracks/import', { fileEntryId: 1, artist_id: ids.artistA })).status).toBe(401);
    expect((await listener.post('/api/v1/backstage/tracks/import', { fileEntryId: 1, artist_id: ids.artistA })).status).toBe(403);
    expect((await listener.get('/api/v1/backstage/uploads/quota')).status).toBe(403);
    expect(await tracksOf(ids.artistA)).toEqual([]);
  });

  it("artist B uploading to A's artist gets 403 and nothing is made", async () => {
    const file = await uploadAudio(artistB, 'Intruder.mp3');
    const response = await artistB.post('/api/v1/backstage/tracks/import', { fileEntryId: file, artist_id: ids.artistA });
    expect(response.status).toBe(403);
    expect(await tracksOf(ids.artistA)).toEqual([]);
    expect(await tracksOf(ids.artistB)).toEqual([]);
  });

  it('artist A makes a draft track on their own artist, whatever the tags say; admins may upload to any artist', async () => {
    const file = await uploadAudio(artistA, '01 Sunrise Draft.mp3');
    const response = await artistA.post('/api/v1/backstage/tracks/import', { fileEntryId: file, artist_id: ids.artistA });
    expect(response.status, await response.clone().text()).toBe(201);
    const { track, album } = await response.json();
    expect(track).toMatchObject({ name: 'Sunrise Draft', published: false, artist_ids: [ids.artistA] });
    expect((await (await admin.get(`/api/admin/albums/${album.id}`)).json()).artist_ids).toEqual([ids.artistA]);
    // Someone else's file cannot be taken either.
    expect((await artistB.post('/api/v1/backstage/tracks/import', { fileEntryId: file, artist_id: ids.artistB })).status).toBe(422);

    const byAdmin = await admin.post('/api/v1/backstage/tracks/import', { fileEntryId: await uploadAudio(admin, 'Admin Cut.mp3'), artist_id: ids.artistB });
    expect(byAdmin.status).toBe(201);
    expect((await tracksOf(ids.artistB)).map((row) => row.name)).toEqual(['Admin Cut']);
  });

  it('a file of another type renamed .mp3 is refused with the upload restriction message', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(0)]);
    const response = await sendFile(artistA, png, 'not-a-song.mp3');
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.errors.file ?? body.message).toBe("The file's content does not match its extension.");
  });
});

describe('drafts', () => {
  let draftId = 0;
  let albumId = 0;
  beforeAll(async () => {
    const response = await artistA.post('/api/v1/backstage/tracks/import', { fileEntryId: await uploadAudio(artistA, 'Hidden Harbour.mp3'), artist_id: ids.artistA });
    ({ track: { id: draftId, album_id: albumId } } = await response.json());
  });

  async function seenBy(client: TestClient) {
    const track = (await client.get(`/api/v1/tracks/${draftId}`)).status;
    const albumResponse = await client.get(`/api/v1/albums/${albumId}?with=tracks`);
    const albumTracks = albumResponse.ok ? (await albumResponse.json()).album.tracks.map((row: { id: number }) => row.id) : [];
    const artist = (await (await client.get(`/api/v1/artists/${ids.artistA}?with=topTracks,albums`)).json()).artist;
    const found = (await (await client.get('/api/v1/search?query=Hidden%20Harbour')).json()).results;
    const has = (rows: { id: number }[] | undefined, id: number) => (rows ?? []).some((row) => row.id === id);
    return {
      track,
      album: albumResponse.status,
      inAlbum: albumTracks.includes(draftId),
      onArtist: has(artist.top_tracks, draftId),
      albumOnArtist: has(artist.albums, albumId),
      inSearch: has(found.tracks, draftId),
      albumInSearch: has(found.albums, albumId),
    };
  }

  it('come in an album of their own, named after the file when it has no album tag', async () => {
    expect(albumId).toBeGreaterThan(0);
    expect((await (await admin.get(`/api/admin/albums/${albumId}`)).json()).name).toBe('Hidden Harbour');
  });

  it('are hidden from listeners and guests, with an album of drafts only, but shown to their artist in backstage', async () => {
    const hidden = { track: 404, album: 404, inAlbum: false, onArtist: false, albumOnArtist: false, inSearch: false, albumInSearch: false };
    expect(await seenBy(listener)).toEqual(hidden);
    expect(await seenBy(guest)).toEqual(hidden);
    expect((await artistA.get(`/api/v1/backstage/tracks/${draftId}`)).status).toBe(200);
    expect((await (await artistA.get(`/api/v1/backstage/albums/${albumId}`)).json()).album.tracks.map((row: { id: number }) => row.id)).toContain(draftId);
  });

  it('the review list fixes the title, genres and lyrics, then publishes: listeners see it', async () => {
    const genre = (await created(await admin.post('/api/admin/genres', { name: 'sea-shanty', display_name: 'Sea shanty' }))).id;
    const changed = await artistA.put(`/api/v1/backstage/tracks/${draftId}`, { name: 'Hidden Harbour', genre_ids: [genre], lyrics: 'Row, row\nto the harbour', published: true });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect((await changed.json()).track).toMatchObject({ published: true, genre_ids: [genre] });
    expect((await (await artistA.get(`/api/v1/backstage/tracks/${draftId}/lyrics`)).json()).lyrics).toBe('Row, row\nto the harbour');
    expect(await seenBy(listener)).toEqual({ track: 200, album: 200, inAlbum: true, onArtist: true, albumOnArtist: true, inSearch: true, albumInSearch: true });
    expect((await artistB.put(`/api/v1/backstage/tracks/${draftId}`, { published: false })).status).toBe(403);
  });
});

describe('hearing a draft', () => {
  it('plays for its artist and for admins before it is published; to anyone else it does not exist', async () => {
    const response = await artistA.post('/api/v1/backstage/tracks/import', { fileEntryId: await uploadAudio(artistA, 'Demo Take.mp3'), artist_id: ids.artistA });
    const { track } = await response.json();
    const stream = (client: TestClient) => client.get(`/api/v1/tracks/${track.id}/stream`, { headers: { Range: 'bytes=0-99' } });
    const owner = await stream(artistA);
    expect(owner.status).toBe(206);
    expect(owner.headers.get('Content-Type')).toBe('audio/mpeg');
    expect((await stream(admin)).status).toBe(206);
    expect((await stream(artistB)).status).toBe(404);
    expect((await stream(listener)).status).toBe(404);
    expect((await stream(guest)).status).toBe(404);
  });
});

describe('the upload quota', () => {
  it('tells how many uploads are left, and refuses one over it with a clear message, creating nothing', async () => {
    const roles = await (await admin.get('/api/admin/roles?range=[0,100]')).json();
    const artistsRole = roles.find((role: { name: string }) => role.name === 'artists');
    const used = (await (await artistA.get('/api/v1/backstage/uploads/quota')).json()).used;
    const grants = { permissions: [{ name: 'music.view' }, { name: 'backstageRequests.create' }, { name: 'music.create', restrictions: [{ name: 'count', value: used + 1 }] }] };
    expect((await admin.put(`/api/admin/roles/${artistsRole.id}/permissions`, grants)).status).toBe(200);
    expect(await (await artistA.get('/api/v1/backstage/uploads/quota')).json()).toEqual({ limit: used + 1, used, remaining: 1 });
    expect((await artistA.post('/api/v1/backstage/tracks/import', { fileEntryId: await uploadAudio(artistA, 'Last One.mp3'), artist_id: ids.artistA })).status).toBe(201);
    const before = (await tracksOf(ids.artistA)).length;
    const response = await artistA.post('/api/v1/backstage/tracks/import', { fileEntryId: await uploadAudio(artistA, 'One Too Many.mp3'), artist_id: ids.artistA });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe('You have reached the number of tracks you may upload.');
    expect((await tracksOf(ids.artistA)).length).toBe(before);
    expect((await (await artistA.get('/api/v1/backstage/uploads/quota')).json()).remaining).toBe(0);
  });
});
