import { createTestApp, toneMp3, type TestApp, type TestClient } from '@app/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { becomeArtist, created } from '../support/backstage-contract.ts';

/**
 * Backstage (issue 12, points 3 and 4): artists edit only their own tracks, albums and profile and
 * see only their own insights; admins everything. Users become artists the way the product makes
 * them: a backstage request an admin approves.
 */

let t: TestApp;
let admin: TestClient;
let listener: TestClient;
let artistA: TestClient;
let artistB: TestClient;
let guest: TestClient;
const ids = { artistA: 0, artistB: 0, albumA: 0, albumB: 0, tracksA: [] as number[], trackB: 0, genre: 0 };

async function uploadAudio(client: TestClient, name = 'song.mp3'): Promise<number> {
  if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/v1/genres');
  const form = new FormData();
  form.append('file', new Blob([toneMp3(1)], { type: 'audio/mpeg' }), name);
  const response = await t.app.request('/api/v1/file-entries', {
    method: 'POST',
    body: form,
    headers: {
      Accept: 'application/json',
      Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'X-XSRF-TOKEN': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? ''),
    },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).fileEntry.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('admin@example.com', ['admin']);
  listener = await t.loggedIn('listener@example.com', ['users']);
  guest = t.client();
  ids.genre = (await created(await admin.post('/api/admin/genres', { name: 'dream-pop', display_name: 'Dream pop' }))).id;
  ids.artistA = (await created(await admin.post('/api/admin/artists', { name: 'Aurora Lane' }))).id;
  ids.artistB = (await created(await admin.post('/api/admin/artists', { name: 'Brass Owls' }))).id;
  ids.albumA = (await created(await admin.post('/api/admin/albums', { name: 'First Light', artist_ids: [ids.artistA], release_date: '2026-01-10' }))).id;
  ids.albumB = (await created(await admin.post('/api/admin/albums', { name: 'Night Shift', artist_ids: [ids.artistB] }))).id;
  for (const [number, name] of ['Dawn', 'Noon', 'Dusk'].entries()) {
    ids.tracksA.push((await created(await admin.post('/api/admin/tracks', { name, number: number + 1, album_id: ids.albumA, artist_ids: [ids.artistA] }))).id);
  }
  ids.trackB = (await created(await admin.post('/api/admin/tracks', { name: 'Owl Song', album_id: ids.albumB, artist_ids: [ids.artistB] }))).id;
  artistA = await becomeArtist(t, admin, 'a@example.com', ids.artistA);
  artistB = await becomeArtist(t, admin, 'b@example.com', ids.artistB);
  // Plays of A's music, and one of B's that A's insights must never count.
  const listenerId = (await (await listener.get('/api/v1/users/me')).json()).user.id;
  for (const trackId of [ids.tracksA[0], ids.tracksA[0], ids.tracksA[1], ids.trackB]) {
    await t.db.insertInto('plays').values({ track_id: trackId, user_id: listenerId, country: 'FR', device: 'desktop', created_at: '2026-03-02T10:00:00.000Z' }).execute();
  }
});
afterAll(() => t.close());

type Who = 'guest' | 'user' | 'artistA' | 'artistB' | 'admin';
const clients = (): Record<Who, TestClient> => ({ guest, user: listener, artistA, artistB, admin });

/** Every call on A's music: only A and admins get through; guests are asked to log in. */
describe("the ownership matrix on artist A's music", () => {
  const expected: Record<Who, number> = { guest: 401, user: 403, artistA: 200, artistB: 403, admin: 200 };
  const calls: [string, (c: TestClient) => Promise<Response>][] = [
    ['GET track', (c) => c.get(`/api/v1/backstage/tracks/${ids.tracksA[2]}`)],
    ['PUT track', (c) => c.put(`/api/v1/backstage/tracks/${ids.tracksA[2]}`, { description: 'Evening' })],
    ['GET album', (c) => c.get(`/api/v1/backstage/albums/${ids.albumA}`)],
    ['PUT album', (c) => c.put(`/api/v1/backstage/albums/${ids.albumA}`, { description: 'Debut' })],
    ['GET artist', (c) => c.get(`/api/v1/backstage/artists/${ids.artistA}`)],
    ['PUT artist', (c) => c.put(`/api/v1/backstage/artists/${ids.artistA}`, { description: 'From the coast.' })],
    ['GET artist albums', (c) => c.get(`/api/v1/backstage/artists/${ids.artistA}/albums`)],
    ['track insights', (c) => c.get(`/api/v1/backstage/tracks/${ids.tracksA[0]}/insights?from=2026-03-01&to=2026-03-31`)],
    ['album insights', (c) => c.get(`/api/v1/backstage/albums/${ids.albumA}/insights?from=2026-03-01&to=2026-03-31`)],
    ['artist insights', (c) => c.get(`/api/v1/backstage/artists/${ids.artistA}/insights?from=2026-03-01&to=2026-03-31`)],
  ];
  for (const [name, call] of calls) {
    it(name, async () => {
      const got: Record<string, number> = {};
      for (const [who, client] of Object.entries(clients())) got[who] = (await call(client)).status;
      expect(got).toEqual(expected);
    });
  }

  it('creating a track or album on A: only A and admins; others are refused before anything is made', async () => {
    const expectedCreate: Record<Who, number> = { guest: 401, user: 403, artistA: 201, artistB: 403, admin: 201 };
    const got: Record<string, [number, number]> = {};
    for (const [who, client] of Object.entries(clients())) {
      const file = who === 'guest' || who === 'user' ? 1 : await uploadAudio(client);
      const track = await client.post('/api/v1/backstage/tracks', { name: `New by ${who}`, artist_id: ids.artistA, file_entry_id: file });
      const album = await client.post('/api/v1/backstage/albums', { name: `Album by ${who}`, artist_id: ids.artistA });
      got[who] = [track.status, album.status];
    }
    expect(got).toEqual(Object.fromEntries(Object.entries(expectedCreate).map(([who, status]) => [who, [status, status]])));
    const albums = (await (await admin.get(`/api/v1/backstage/artists/${ids.artistA}/albums`)).json()).albums.map((a: { name: string }) => a.name);
    expect(albums.sort()).toEqual(['Album by admin', 'Album by artistA', 'First Light']);
  });

  it('lists only the artists the user manages', async () => {
    expect((await (await artistA.get('/api/v1/backstage/artists')).json()).artists.map((a: { name: string }) => a.name)).toEqual(['Aurora Lane']);
    expect((await (await listener.get('/api/v1/backstage/artists')).json()).artists).toEqual([]);
    expect((await guest.get('/api/v1/backstage/artists')).status).toBe(401);
  });
});

describe('editing', () => {
  it("artist A reorders their album's tracks, sets its cover and release date", async () => {
    const order = [ids.tracksA[2], ids.tracksA[0], ids.tracksA[1]];
    const response = await artistA.put(`/api/v1/backstage/albums/${ids.albumA}`, { track_ids: order, image: '/storage/cover.png', release_date: '2026-05-01' });
    expect(response.status).toBe(200);
    const { album } = await response.json();
    expect(album.tracks.map((track: { id: number; number: number }) => [track.id, track.number])).toEqual(order.map((id, index) => [id, index + 1]));
    expect(album).toMatchObject({ image: '/storage/cover.png', release_date: '2026-05-01' });
  });

  it("artist A edits their profile: bio, links and genres, kept as the back office shows them", async () => {
    const links = [{ url: 'https://aurora.example', title: 'Website' }];
    const response = await artistA.put(`/api/v1/backstage/artists/${ids.artistA}`, { name: 'Aurora Lane', description: 'Songs from the coast.', links, genre_ids: [ids.genre] });
    expect(response.status).toBe(200);
    expect((await response.json()).artist).toMatchObject({ description: 'Songs from the coast.', links, genre_ids: [ids.genre] });
    const inBackOffice = await (await admin.get(`/api/admin/artists/${ids.artistA}`)).json();
    expect(inBackOffice).toMatchObject({ links, genre_ids: [ids.genre] });
  });

  it("editing another artist's track is 403 and changes nothing", async () => {
    const before = await (await admin.get(`/api/admin/tracks/${ids.trackB}`)).json();
    const response = await artistA.put(`/api/v1/backstage/tracks/${ids.trackB}`, { name: 'Stolen', album_id: ids.albumA });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe('You can only manage the music of your own artists.');
    expect(await (await admin.get(`/api/admin/tracks/${ids.trackB}`)).json()).toEqual(before);
  });

  it("moving one's track onto another artist's album is refused", async () => {
    const response = await artistA.put(`/api/v1/backstage/tracks/${ids.tracksA[0]}`, { album_id: ids.albumB });
    expect(response.status).toBe(403);
    expect((await (await admin.get(`/api/admin/tracks/${ids.tracksA[0]}`)).json()).album_id).toBe(ids.albumA);
  });

  it('unknown ids are 404, for artists and admins alike', async () => {
    for (const client of [artistA, admin]) {
      expect((await client.get('/api/v1/backstage/tracks/999999')).status).toBe(404);
      expect((await client.put('/api/v1/backstage/albums/999999', { name: 'x' })).status).toBe(404);
      expect((await client.get('/api/v1/backstage/artists/999999/insights?from=2026-03-01&to=2026-03-02')).status).toBe(404);
    }
  });

  it('invalid fields are 422 with the field named, and change nothing', async () => {
    const cases: [string, unknown, string][] = [
      [`/api/v1/backstage/tracks/${ids.tracksA[0]}`, { name: '' }, 'name'],
      [`/api/v1/backstage/tracks/${ids.tracksA[0]}`, { plays: 1000000 }, 'plays'],
      [`/api/v1/backstage/tracks/${ids.tracksA[0]}`, { genre_ids: [999999] }, 'genre_ids'],
      [`/api/v1/backstage/albums/${ids.albumA}`, { release_date: 'next friday' }, 'release_date'],
      [`/api/v1/backstage/albums/${ids.albumA}`, { image: 'javascript:alert(1)' }, 'image'],
      [`/api/v1/backstage/albums/${ids.albumA}`, { track_ids: [ids.tracksA[0]] }, 'track_ids'],
      [`/api/v1/backstage/albums/${ids.albumA}`, { track_ids: [ids.tracksA[0], ids.tracksA[1], ids.trackB] }, 'track_ids'],
      [`/api/v1/backstage/artists/${ids.artistA}`, { links: [{ url: 'javascript:alert(1)', title: 'x' }] }, 'links.0.url'],
      [`/api/v1/backstage/artists/${ids.artistA}`, { verified: true }, 'verified'],
    ];
    const before = await (await artistA.get(`/api/v1/backstage/albums/${ids.albumA}`)).json();
    for (const [url, body, field] of cases) {
      const response = await artistA.put(url, body);
      expect(response.status, `${url} ${JSON.stringify(body)}`).toBe(422);
      expect(Object.keys((await response.json()).errors)).toContain(field);
    }
    expect(await (await artistA.get(`/api/v1/backstage/albums/${ids.albumA}`)).json()).toEqual(before);
    expect((await artistA.get(`/api/v1/backstage/tracks/abc`)).status).toBe(422);
    expect((await artistA.get(`/api/v1/backstage/tracks/${ids.tracksA[0]}/insights?from=2026-03-05&to=2026-03-01`)).status).toBe(422);
  });

  it("a new track needs the user's own audio file", async () => {
    const othersFile = await uploadAudio(artistB, 'b.mp3');
    const response = await artistA.post('/api/v1/backstage/tracks', { name: 'Borrowed', artist_id: ids.artistA, file_entry_id: othersFile });
    expect(response.status).toBe(422);
    expect((await response.json()).errors.file_entry_id).toBe('This file does not exist.');
  });
});

describe('insights', () => {
  it("are the back office's numbers for the same track, album and artist", async () => {
    const range = 'from=2026-03-01&to=2026-03-31';
    for (const [kind, param, id] of [
      ['tracks', 'track_id', ids.tracksA[0]],
      ['albums', 'album_id', ids.albumA],
      ['artists', 'artist_id', ids.artistA],
    ] as const) {
      const mine = await (await artistA.get(`/api/v1/backstage/${kind}/${id}/insights?${range}`)).json();
      const backOffice = await (await admin.get(`/api/admin/reports/plays?${range}&${param}=${id}`)).json();
      expect(mine).toEqual(backOffice);
    }
    const artist = await (await artistA.get(`/api/v1/backstage/artists/${ids.artistA}/insights?${range}`)).json();
    expect(artist).toMatchObject({ total: 3, listeners: 1, countries: [{ label: 'FR', count: 3 }], devices: [{ label: 'desktop', count: 3 }] });
    expect(artist.tracks.map((track: { id: number }) => track.id)).not.toContain(ids.trackB);
  });
});

describe('the upload quota (count restriction of music.create)', () => {
  it('refuses a track over the quota with a clear message and creates nothing', async () => {
    const roles = await (await admin.get('/api/admin/roles?range=[0,100]')).json();
    const artistsRole = roles.find((role: { name: string }) => role.name === 'artists');
    const grants = { permissions: [{ name: 'music.view' }, { name: 'backstageRequests.create' }, { name: 'music.create', restrictions: [{ name: 'count', value: 2 }] }] };
    expect((await admin.put(`/api/admin/roles/${artistsRole.id}/permissions`, grants)).status).toBe(200);
    // A already made one track in the matrix above; one more fits.
    expect((await artistA.post('/api/v1/backstage/tracks', { name: 'Second', artist_id: ids.artistA, file_entry_id: await uploadAudio(artistA) })).status).toBe(201);
    const before = (await (await admin.get(`/api/admin/tracks?filter=${encodeURIComponent(JSON.stringify({ artist_ids: [ids.artistA] }))}&range=[0,100]`)).json()).length;
    const response = await artistA.post('/api/v1/backstage/tracks', { name: 'Third', artist_id: ids.artistA, file_entry_id: await uploadAudio(artistA) });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe('You have reached the number of tracks you may upload.');
    const after = (await (await admin.get(`/api/admin/tracks?filter=${encodeURIComponent(JSON.stringify({ artist_ids: [ids.artistA] }))}&range=[0,100]`)).json()).length;
    expect(after).toBe(before);
  });
});
