import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { demoCatalog: true });
});
afterAll(() => t.close());

const searchUrl = (params: Record<string, string>) => `/api/v1/search?${new URLSearchParams(params)}`;
const get = async (params: Record<string, string>, client = t.client()) => client.get(searchUrl(params));
const results = async (params: Record<string, string>) => {
  const response = await get(params);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
};

describe('GET /api/v1/search', () => {
  it('finds a demo artist, its albums and tracks by name', async () => {
    const body = await results({ query: 'Aurora Vale' });
    expect(body.query).toBe('Aurora Vale');
    expect(body.results.artists[0]).toMatchObject({ name: 'Aurora Vale', verified: true });
    expect(Object.keys(body.results).sort()).toEqual(['albums', 'artists', 'playlists', 'tags', 'tracks', 'users']);
    expect(body).not.toHaveProperty('pagination');

    const album = (await (await t.client().get('/api/v1/albums/1?with=artists')).json()).album;
    const byAlbum = await results({ query: album.name, types: 'album' });
    expect(byAlbum.results.albums[0]).toMatchObject({ id: album.id, name: album.name, artists: album.artists });

    const track = (await (await t.client().get('/api/v1/tracks/1')).json()).track;
    const byTrack = await results({ query: track.name, types: 'track' });
    const found = byTrack.results.tracks.find((row: { id: number }) => row.id === track.id);
    expect(found.artists.length).toBeGreaterThan(0);
    expect(found.album.name).toBeTruthy();
    expect(found.stream_url).toBe(`/api/v1/tracks/${track.id}/stream`);
  });

  it('finds names from the start of their words as they are typed', async () => {
    expect((await results({ query: 'auro', types: 'artist' })).results.artists[0].name).toBe('Aurora Vale');
    expect((await results({ query: 'mid fer', types: 'artist' })).results.artists[0].name).toBe('The Midnight Ferns');
    expect((await results({ query: 'AURORA   vale ', types: 'artist' })).results.artists[0].name).toBe('Aurora Vale');
  });

  it('answers only the requested types, with pages for a single one', async () => {
    const one = await results({ query: 'a', types: 'tracks' });
    expect(Object.keys(one.results)).toEqual(['tracks']);
    const first = await results({ query: 'the', types: 'track', limit: '5' });
    expect(first.results.tracks).toHaveLength(5);
    expect(first.pagination).toEqual({ current_page: 1, per_page: 5, has_more: true });
    const second = await results({ query: 'the', types: 'track', limit: '5', page: '2' });
    const ids = [...first.results.tracks, ...second.results.tracks].map((track: { id: number }) => track.id);
    expect(new Set(ids).size).toBe(10);
    const far = await results({ query: 'the', types: 'track', page: '1000' });
    expect(far.results.tracks).toEqual([]);
    expect(far.pagination.has_more).toBe(false);
    const several = await results({ query: 'the', types: 'artist, track' });
    expect(Object.keys(several.results)).toEqual(['artists', 'tracks']);
    expect(several.results.tracks.length).toBeLessThanOrEqual(10);
  });

  it('treats FTS5 syntax as plain text and never fails', async () => {
    for (const query of ['-', '"', '*', 'NEAR(a b)', 'a OR b', '"aurora', 'aurora*', '-aurora', '^aurora', 'name:aurora', '(', ')', '{a}', '\\', "'", '%', 'NOT', '😀', '\u0000']) {
      const response = await get({ query });
      expect(response.status, query).toBe(200);
      const body = await response.json();
      expect(body.query).toBe(query.trim());
    }
    expect((await results({ query: '"aurora', types: 'artist' })).results.artists[0].name).toBe('Aurora Vale');
    expect((await results({ query: 'aurora OR kairo', types: 'artist' })).results.artists).toEqual([]);
    expect((await results({ query: '"*NEAR-', types: 'artist' })).results.artists).toEqual([]);
  });

  it('refuses text that is too long, empty, or malformed parameters, with a clear message', async () => {
    const long = await get({ query: 'a'.repeat(10 * 1024) });
    expect(long.status).toBe(422);
    expect(await long.json()).toEqual({ message: 'Search for at most 255 characters.', errors: { query: 'Search for at most 255 characters.' } });
    expect((await get({ query: 'b'.repeat(255) })).status).toBe(200);

    const cases: [Record<string, string>, string, string][] = [
      [{}, 'query', 'Enter something to search for.'],
      [{ query: '   ' }, 'query', 'Enter something to search for.'],
      [{ query: 'a', types: 'artist,song' }, 'types', 'Unknown type "song". Accepted: artist, album, track, playlist, user, tag.'],
      [{ query: 'a', limit: '0' }, 'limit', 'The limit must be between 1 and 50.'],
      [{ query: 'a', limit: '51' }, 'limit', 'The limit must be between 1 and 50.'],
      [{ query: 'a', limit: 'ten' }, 'limit', 'The limit must be a number.'],
      [{ query: 'a', page: '0' }, 'page', 'The page must be 1 or more.'],
      [{ query: 'a', page: '1.5' }, 'page', 'The page must be a whole number.'],
    ];
    for (const [params, field, message] of cases) {
      const response = await get(params);
      expect(response.status, JSON.stringify(params)).toBe(422);
      expect((await response.json()).errors[field]).toBe(message);
    }
  });

  it('finds public playlists only, with their owner, and never shows emails', async () => {
    const owner = await t.createUser('mixtape.maker@example.com');
    await t.db.updateTable('users').set({ name: 'Mixtape Maker' }).where('id', '=', owner.id).execute();
    await t.db.insertInto('playlists').values([
      { owner_id: owner.id, name: 'Velvet Sunday', description: 'Slow songs', public: 1 },
      { owner_id: owner.id, name: 'Velvet Secrets', public: 0 },
    ]).execute();

    for (const client of [t.client(), await t.loggedIn('someone.else@example.com')]) {
      const body = await (await get({ query: 'velvet', types: 'playlist' }, client)).json();
      expect(body.results.playlists.map((p: { name: string }) => p.name)).toEqual(['Velvet Sunday']);
      expect(body.results.playlists[0].owner).toEqual({ id: owner.id, name: 'Mixtape Maker', image: null });
    }

    const users = await (await get({ query: 'mixtape' })).text();
    expect(JSON.parse(users).results.users).toEqual([{ id: owner.id, name: 'Mixtape Maker', image: null, followers_count: 0 }]);
    expect(users).not.toContain('@');
    expect(users).not.toContain('mixtape.maker');
    // An email address is not a name: searching for one finds nobody.
    expect((await results({ query: 'mixtape.maker@example.com', types: 'user' })).results.users).toEqual([]);
  });

  it('finds tags', async () => {
    await t.db.insertInto('tags').values({ name: 'synthwave', display_name: 'Synthwave' }).execute();
    expect((await results({ query: 'synth', types: 'tag' })).results.tags).toEqual([expect.objectContaining({ name: 'synthwave', display_name: 'Synthwave' })]);
  });

  it('requires music.view, which visitors have through the guest role', async () => {
    const guestRole = await t.db.selectFrom('roles').select('id').where('guests', '=', 1).executeTakeFirstOrThrow();
    const permission = await t.db.selectFrom('permissions').select('id').where('name', '=', 'music.view').executeTakeFirstOrThrow();
    await t.db.deleteFrom('role_permission').where('role_id', '=', guestRole.id).where('permission_id', '=', permission.id).execute();
    try {
      expect((await get({ query: 'aurora' })).status).toBe(401);
      expect((await get({ query: 'aurora' }, await t.loggedIn('listener@example.com'))).status).toBe(200);
    } finally {
      await t.db.insertInto('role_permission').values({ role_id: guestRole.id, permission_id: permission.id }).execute();
    }
  });
});
