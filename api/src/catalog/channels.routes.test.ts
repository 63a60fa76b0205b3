import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { demoCatalog: true });
});
afterAll(() => t.close());

const json = async (client: TestClient, url: string) => {
  const response = await client.get(url);
  return { status: response.status, body: await response.json() };
};

describe('channels', () => {
  it('the home channel nests its sections, each with a first page of content', async () => {
    const { status, body } = await json(t.client(), '/api/v1/channel/discover');
    expect(status).toBe(200);
    expect(body.channel).toMatchObject({ slug: 'discover', content_model: 'channel', hide_title: true });
    const sections = body.channel.content.data;
    expect(sections.map((s: { slug: string }) => s.slug)).toEqual(['new-releases', 'popular-tracks', 'editors-picks', 'popular-artists', 'genres']);
    const popular = sections[1].content.data as { plays: number }[];
    expect(popular).toHaveLength(10);
    expect(popular.map((track) => track.plays)).toEqual(popular.map((track) => track.plays).sort((a, b) => b - a));
    const releases = sections[0].content.data as { release_date: string }[];
    expect(releases.map((a) => a.release_date)).toEqual(releases.map((a) => a.release_date).sort().reverse());
    expect(sections[2].content.data[0]).toMatchObject({ name: 'Morning Focus', owner: { name: 'Cadence Editors' } });
    expect(sections[4].content.data).toHaveLength(8);
  });

  it('pages through a channel and finds it by id as well as by slug', async () => {
    const first = await json(t.client(), '/api/v1/channel/popular-tracks?perPage=4');
    expect(first.body.channel.content).toMatchObject({ current_page: 1, per_page: 4, has_more: true });
    const id = first.body.channel.id;
    const second = await json(t.client(), `/api/v1/channel/${id}?perPage=4&page=2`);
    const firstIds = first.body.channel.content.data.map((track: { id: number }) => track.id);
    const secondIds = second.body.channel.content.data.map((track: { id: number }) => track.id);
    expect(secondIds).toHaveLength(4);
    expect(secondIds.some((trackId: number) => firstIds.includes(trackId))).toBe(false);
    // The channel's own limit (10) caps every page.
    expect((await json(t.client(), '/api/v1/channel/popular-tracks?perPage=50')).body.channel.content.per_page).toBe(10);
    expect((await json(t.client(), '/api/v1/channel/popular-tracks?page=99')).body.channel.content.data).toEqual([]);
  });

  it('a genre channel lists the genre in the address, and only that one', async () => {
    const { body } = await json(t.client(), '/api/v1/channel/genre?restriction=jazz');
    expect(body.channel).toMatchObject({ name: 'Jazz', restriction: { name: 'jazz', display_name: 'Jazz' } });
    const ids = body.channel.content.data.map((track: { id: number }) => track.id);
    const jazz = await t.db.selectFrom('genre_track').innerJoin('genres', 'genres.id', 'genre_track.genre_id').select('track_id').where('genres.name', '=', 'jazz').execute();
    const jazzIds = new Set(jazz.map((row) => row.track_id));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id: number) => jazzIds.has(id))).toBe(true);
    expect((await json(t.client(), '/api/v1/channel/genre?restriction=polka')).status).toBe(404);
    expect((await json(t.client(), '/api/v1/channel/genre')).status).toBe(404);
  });

  it('answers unknown and malformed addresses clearly', async () => {
    const missing = await json(t.client(), '/api/v1/channel/nope');
    expect(missing).toEqual({ status: 404, body: { message: 'This channel does not exist.' } });
    expect((await json(t.client(), `/api/v1/channel/${encodeURIComponent("x' OR 1=1 --")}`)).status).toBe(422);
    expect((await json(t.client(), `/api/v1/channel/${'a'.repeat(300)}`)).status).toBe(422);
  });
});

describe('tags and radio', () => {
  it('lists tracks and albums of a tag, most played first', async () => {
    const tracks = await json(t.client(), '/api/v1/tags/chill/tracks?perPage=50');
    expect(tracks.body.tag).toMatchObject({ name: 'chill', display_name: 'Chill' });
    const plays = tracks.body.pagination.data.map((track: { plays: number }) => track.plays);
    expect(plays).toEqual([...plays].sort((a, b) => b - a));
    expect((await json(t.client(), '/api/v1/tags/night%20drive/albums')).body.pagination.data.length).toBeGreaterThan(0);
    expect((await json(t.client(), '/api/v1/tags/unheard-of/tracks')).status).toBe(404);
  });

  it('a track radio starts with related tracks and continues without repeating', async () => {
    const first = await json(t.client(), '/api/v1/radio/track/1');
    expect(first.status).toBe(200);
    expect(first.body.seed).toMatchObject({ type: 'track', id: 1 });
    const ids = first.body.tracks.map((track: { id: number }) => track.id) as number[];
    expect(ids).toHaveLength(25);
    expect(ids).not.toContain(1);
    // Most of the radio shares the seed's artist or genre.
    const seedArtist = (await t.db.selectFrom('track_artist').select('artist_id').where('track_id', '=', 1).executeTakeFirstOrThrow()).artist_id;
    const sameArtist = first.body.tracks.filter((track: { artists: { id: number }[] }) => track.artists.some((a) => a.id === seedArtist));
    expect(sameArtist.length).toBeGreaterThan(5);
    const next = await json(t.client(), `/api/v1/radio/track/1?exclude=${ids.join(',')}`);
    const nextIds = next.body.tracks.map((track: { id: number }) => track.id) as number[];
    expect(nextIds.length).toBeGreaterThan(0);
    expect(nextIds.some((id) => ids.includes(id))).toBe(false);
  });

  it('artist and genre radios, and clear answers for bad seeds', async () => {
    expect((await json(t.client(), '/api/v1/radio/artist/2')).body.tracks.length).toBe(25);
    expect((await json(t.client(), '/api/v1/radio/genre/rock')).body.seed.name).toBe('Rock');
    expect((await json(t.client(), '/api/v1/radio/playlist/1')).status).toBe(422);
    expect((await json(t.client(), '/api/v1/radio/track/abc')).status).toBe(404);
    expect((await json(t.client(), '/api/v1/radio/track/1?exclude=1,2;DROP')).status).toBe(422);
  });
});

describe('query cost', () => {
  const cost = async (url: string) => {
    t.queries.length = 0;
    expect((await t.client().get(url)).status).toBe(200);
    return t.queries.length;
  };

  it('the home channel and an album cost a fixed number of queries, whatever they hold', async () => {
    const home = await cost('/api/v1/channel/discover');
    const album = await cost('/api/v1/albums/1?with=artists,tracks,tracks.artists,tags');
    // The permission check, the tree of channels, then one statement per kind of item for all
    // sections together, artists and playlists' album covers included: never one per section,
    // let alone per item.
    expect(home).toBeLessThanOrEqual(8);
    expect(album).toBeLessThanOrEqual(4);

    // Twice the editors' picks, and an album with twice the tracks: the same number of queries.
    const picks = await t.db.selectFrom('channels').select('id').where('slug', '=', 'editors-picks').executeTakeFirstOrThrow();
    const owner = (await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    for (let i = 0; i < 6; i++) {
      const { id } = await t.db.insertInto('playlists').values({ owner_id: owner, name: `Extra ${i}` }).returning('id').executeTakeFirstOrThrow();
      await t.db.insertInto('channel_items').values({ channel_id: picks.id, item_type: 'playlist', item_id: id, position: 10 + i }).execute();
    }
    const moreTracks = await t.db.selectFrom('tracks').select('id').where('album_id', '!=', 1).limit(10).execute();
    await t.db.updateTable('tracks').set({ album_id: 1 }).where('id', 'in', moreTracks.map((row) => row.id)).execute();
    expect(await cost('/api/v1/channel/discover')).toBe(home);
    expect(await cost('/api/v1/albums/1?with=artists,tracks,tracks.artists,tags')).toBe(album);

    // Twice the sections, of every source, one of them a channel of channels: still the same.
    const discover = await t.db.selectFrom('channels').select('id').where('slug', '=', 'discover').executeTakeFirstOrThrow();
    const channel = async (values: { name: string; content_model: 'track' | 'album' | 'artist' | 'playlist' | 'genre' | 'channel'; content_source?: 'manual' | 'popular' | 'new' }) =>
      (await t.db.insertInto('channels').values({ ...values, slug: values.name.toLowerCase().replace(/\W+/g, '-'), items_limit: 6 }).returning('id').executeTakeFirstOrThrow()).id;
    const place = (parent: number, ids: number[], type: 'channel' | 'track' | 'genre' = 'channel') =>
      t.db.insertInto('channel_items').values(ids.map((id, position) => ({ channel_id: parent, item_type: type, item_id: id, position: 100 + position }))).execute();
    const handPicked = await channel({ name: 'Staff tracks', content_model: 'track' });
    await place(handPicked, [3, 1, 2], 'track');
    const moreGenres = await channel({ name: 'More genres', content_model: 'genre' });
    await place(moreGenres, [1, 2], 'genre');
    const shelf = await channel({ name: 'Shelf', content_model: 'channel' });
    await place(shelf, [await channel({ name: 'Fresh artists', content_model: 'artist', content_source: 'new' }), moreGenres]);
    await place(discover.id, [
      await channel({ name: 'Popular albums', content_model: 'album', content_source: 'popular' }),
      await channel({ name: 'New tracks', content_model: 'track', content_source: 'new' }),
      await channel({ name: 'New playlists', content_model: 'playlist', content_source: 'new' }),
      await channel({ name: 'Popular playlists', content_model: 'playlist', content_source: 'popular' }),
      handPicked,
      shelf,
    ]);
    const { body } = await json(t.client(), '/api/v1/channel/discover');
    const sections = body.channel.content.data as { slug: string; content: { data: { id: number; content?: { data: unknown[] } }[] } }[];
    expect(sections).toHaveLength(11);
    expect(sections.find((s) => s.slug === 'staff-tracks')!.content.data.map((track) => track.id)).toEqual([3, 1, 2]);
    const nested = sections.find((s) => s.slug === 'shelf')!.content.data;
    expect(nested).toHaveLength(2);
    expect(nested.every((child) => child.content!.data.length > 0)).toBe(true);
    expect(await cost('/api/v1/channel/discover')).toBe(home);
  });
});
