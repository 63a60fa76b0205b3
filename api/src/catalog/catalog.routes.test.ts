import { createDb } from '@app/db';
import * as playsRepository from '@app/db/player/plays';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import { PLAY_COUNTS_LAG_MS } from './catalog.service.ts';
import { createClient, createTestApp, type TestApp } from '../testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { demoCatalog: true });
});
afterAll(() => t.close());

describe('catalog calls', () => {
  it('loads only the relations asked for with `with` and counts with `loadCount`', async () => {
    const bare = await (await t.client().get('/api/v1/albums/1')).json();
    expect(bare.album).not.toHaveProperty('tracks');
    expect(bare.album).not.toHaveProperty('artists');

    const full = await (await t.client().get('/api/v1/albums/1?with=artists,tracks.artists&loadCount=tracks')).json();
    expect(full.album.artists[0].name).toBe('Aurora Vale');
    expect(full.album.tracks.length).toBe(full.album.tracks_count);
    expect(full.album.tracks[0].artists.length).toBeGreaterThan(0);
    expect(full.album.tracks.map((track: { number: number }) => track.number)).toEqual(full.album.tracks.map((_: unknown, i: number) => i + 1));

    const viaLoad = await (await t.client().get('/api/v1/artists/1?load=albums&loadCount=albums')).json();
    expect(viaLoad.artist.albums.length).toBe(viaLoad.artist.albums_count);
  });

  it('names the accepted relations when an unknown one is asked for', async () => {
    const response = await t.client().get('/api/v1/tracks/1?with=album,owner');
    expect(response.status).toBe(422);
    expect((await response.json()).errors.with).toBe('Unknown relation "owner". Accepted: album, album.artists, artists, genres, tags.');
    expect((await t.client().get('/api/v1/tracks/1?loadCount=plays')).status).toBe(422);
  });

  it("gives a genre's most played albums and artists, and only that genre's", async () => {
    const { genre, albums, artists } = await (await t.client().get('/api/v1/genres/jazz')).json();
    expect(genre).toMatchObject({ name: 'jazz', display_name: 'Jazz' });
    const jazz = await t.db
      .selectFrom('genre_track')
      .innerJoin('genres', 'genres.id', 'genre_track.genre_id')
      .innerJoin('tracks', 'tracks.id', 'genre_track.track_id')
      .innerJoin('track_artist', 'track_artist.track_id', 'tracks.id')
      .select(['tracks.album_id', 'track_artist.artist_id'])
      .where('genres.name', '=', 'jazz')
      .execute();
    expect(albums.length).toBeGreaterThan(0);
    expect(artists.length).toBeGreaterThan(0);
    for (const album of albums) expect(jazz.some((row) => row.album_id === album.id)).toBe(true);
    for (const artist of artists) expect(jazz.some((row) => row.artist_id === artist.id)).toBe(true);
    const plays = albums.map((album: { plays: number }) => album.plays);
    expect(plays).toEqual([...plays].sort((a, b) => b - a));
    expect(albums[0].artists.length).toBeGreaterThan(0);
    expect((await t.client().get('/api/v1/genres/polka')).status).toBe(404);
  });

  it('answers unknown and malformed ids clearly', async () => {
    const missing = await t.client().get('/api/v1/albums/424242');
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('This album does not exist.');
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
      expect((await t.client().get(`/api/v1/artists/${id}`)).status, id).toBe(422);
    }
  });

  it('requires music.view, which visitors have through the guest role', async () => {
    expect((await t.client().get('/api/v1/albums/1')).status).toBe(200);
    const guestRole = await t.db.selectFrom('roles').select('id').where('guests', '=', 1).executeTakeFirstOrThrow();
    await t.db.deleteFrom('role_permission').where('role_id', '=', guestRole.id).execute();
    try {
      expect((await t.client().get('/api/v1/albums/1')).status).toBe(401);
      expect((await t.client().get('/api/v1/tracks/1/stream')).status).toBe(401);
      const listener = await t.loggedIn('listener@example.com');
      expect((await listener.get('/api/v1/albums/1')).status).toBe(200);
    } finally {
      const permission = await t.db.selectFrom('permissions').select('id').where('name', '=', 'music.view').executeTakeFirstOrThrow();
      await t.db.insertInto('role_permission').values({ role_id: guestRole.id, permission_id: permission.id }).execute();
    }
  });
});

describe('an album as JSON, kept by each process', () => {
  const ALBUM = '/api/v1/albums/2?with=artists,tracks,tracks.artists';
  const album = async (client = t.client()) => {
    const response = await client.get(ALBUM);
    expect(response.status).toBe(200);
    return (await response.json()).album as { name: string; tracks: { id: number; name: string; plays: number; artists: { name: string }[] }[] };
  };

  it('is answered again without reading its tables, and shows any change to them at the next request', async () => {
    const first = await album();
    t.queries.length = 0;
    expect(await album()).toEqual(first);
    expect(t.queries.filter((sql) => /from "(albums|tracks|track_artist|artists)"/.test(sql))).toEqual([]);

    // Written straight into the database, as another program would.
    await t.db.updateTable('tracks').set({ name: 'Renamed behind its back' }).where('id', '=', first.tracks[0].id).execute();
    expect((await album()).tracks[0].name).toBe('Renamed behind its back');
    await t.db.updateTable('artists').set({ name: 'Renamed Artist' }).where('name', '=', first.tracks[1].artists[0].name).execute();
    expect((await album()).tracks[1].artists[0].name).toBe('Renamed Artist');
    await t.db.updateTable('tracks').set({ published: 0 }).where('id', '=', first.tracks[2].id).execute();
    expect((await album()).tracks.map((track) => track.id)).not.toContain(first.tracks[2].id);
    await t.db.updateTable('tracks').set({ published: 0 }).where('album_id', '=', 2).execute();
    expect((await t.client().get(ALBUM)).status).toBe(404);
    await t.db.updateTable('tracks').set({ published: 1 }).where('album_id', '=', 2).execute();
  });

  it('shows what another process on the same database changed', async () => {
    const db = createDb(t.db.file);
    try {
      const other = createClient(createApp({ db, storage: t.storage, config: t.config }));
      const kept = await album(other);
      await album();
      await t.db.updateTable('albums').set({ name: 'Renamed by the first process' }).where('id', '=', 2).execute();
      expect((await album(other)).name).toBe('Renamed by the first process');
      expect(kept.name).not.toBe('Renamed by the first process');
    } finally {
      await db.destroy();
    }
  });

  // Kept albums go to the socket as the bytes kept (sendJson): the same answer as Hono's own response.
  it('sends a kept album over HTTP as it answers in process, with the headers every response carries', async () => {
    const server = await t.listen();
    try {
      const inProcess = await t.client().get(ALBUM);
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${server.url}${ALBUM}`);
        expect(response.status).toBe(200);
        const body = await response.text();
        expect(JSON.parse(body)).toEqual(await inProcess.clone().json());
        expect(Number(response.headers.get('Content-Length'))).toBe(Buffer.byteLength(body));
        for (const name of ['Content-Type', 'X-Content-Type-Options', 'Content-Security-Policy', 'Referrer-Policy']) expect(response.headers.get(name), name).toBe(inProcess.headers.get(name));
        expect(response.headers.get('Content-Type')).toBe('application/json');
        expect(response.headers.get('X-Request-Id')).toMatch(/^[\w-]{8,}$/);
        expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('XSRF-TOKEN='))).toBe(true);
      }
    } finally {
      await server.close();
    }
  });

  // Plays move the counts all the time: an album read again after each one would never be kept.
  it('shows play counts at most a minute behind', async () => {
    const track = (await album()).tracks[0];
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await playsRepository.recordPlay(t.db, { track_id: track.id, user_id: null, ip_address: '203.0.113.9' })).toBe(true);
      expect((await album()).tracks[0].plays).toBe(track.plays);
      vi.setSystemTime(Date.now() + PLAY_COUNTS_LAG_MS);
      expect((await album()).tracks[0].plays).toBe(track.plays + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('audio streaming', () => {
  const stream = (headers: Record<string, string> = {}, method = 'GET') => t.app.request('/api/v1/tracks/1/stream', { method, headers });

  it('sends the whole file, then exact byte ranges with 206', async () => {
    const full = await stream();
    expect(full.status).toBe(200);
    const bytes = new Uint8Array(await full.arrayBuffer());
    expect(full.headers.get('Content-Type')).toBe('audio/mpeg');
    expect(Number(full.headers.get('Content-Length'))).toBe(bytes.length);

    const part = await stream({ Range: 'bytes=1000-1999' });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(1000, 2000));
  });

  it('answers 416 past the end and ignores ranges it cannot read', async () => {
    const size = Number((await stream({}, 'HEAD')).headers.get('Content-Length'));
    const outside = await stream({ Range: `bytes=${size + 10}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('Content-Range')).toBe(`bytes */${size}`);
    for (const absurd of ['bytes=abc', 'bytes=9-1', 'lines=1-2', `bytes=${'1'.repeat(400)}-`]) {
      expect((await stream({ Range: absurd })).status, absurd).toBe(200);
    }
  });

  it('answers HEAD without a body and a repeated request with 304', async () => {
    const head = await stream({}, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const etag = head.headers.get('ETag')!;
    expect((await stream({ 'If-None-Match': etag })).status).toBe(304);
  });

  it('says so when a track has no audio', async () => {
    const admin = await t.loggedIn('stream-admin@example.com', ['admin']);
    const track = await (await admin.post('/api/admin/tracks', { name: 'Silent' })).json();
    const response = await t.app.request(`/api/v1/tracks/${track.id}/stream`);
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe('This track has no audio.');

    await admin.put(`/api/admin/tracks/${track.id}`, { src: 'https://cdn.example.com/song.mp3' });
    const redirect = await t.app.request(`/api/v1/tracks/${track.id}/stream`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('Location')).toBe('https://cdn.example.com/song.mp3');
  });
});

describe('public files', () => {
  it('serves covers with a long cache and refuses paths that leave the folder', async () => {
    const album = (await (await t.client().get('/api/v1/albums/1')).json()).album;
    const cover = await t.app.request(album.image);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(cover.headers.get('Cache-Control')).toContain('immutable');
    expect(cover.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect((await cover.text()).startsWith('<svg')).toBe(true);

    for (const path of ['/uploads/../database.sqlite', '/uploads/%2e%2e%2fdatabase.sqlite', '/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/nope.svg']) {
      const response = await t.app.request(path);
      expect(response.status, path).toBe(404);
    }
  });
});
