import { createTestApp, type TestApp, type TestClient } from '@app/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { becomeArtist, created } from '../support/backstage-contract.ts';

/**
 * A draft exists only for its own artists and for whoever manages all music. Pages, the API,
 * streams, comments and radio answered 404 for it, but a listener could still like it, repost it,
 * add it to a playlist (on the site and through Subsonic) and read its lyrics, and then read its
 * title, artists, duration and stream address back from their library or a public playlist. A
 * track set back to draft also stayed in its fans' lists.
 */

let t: TestApp;
let admin: TestClient;
let owner: TestClient;
let fan: TestClient;
let fanId: number;
const UNKNOWN = 987654;
const ids = { artist: 0, albumOut: 0, albumSingle: 0, albumDraft: 0, out: 0, third: 0, solo: 0, secret: 0 };

const json = async (response: Response) => {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${response.status}: ${text.slice(0, 200)}`);
  }
};

/** What an unknown id gets, to compare a draft's answer with: same status, same message. */
async function answerOf(response: Response, id: number) {
  const body = await json(response);
  return { status: response.status, body: JSON.parse(JSON.stringify(body).replaceAll(String(id), '{id}')) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('admin@example.com', ['admin']);
  fan = await t.loggedIn('fan@example.com', ['users']);
  fanId = (await json(await fan.get('/api/v1/users/me'))).user.id;
  ids.artist = (await created(await admin.post('/api/admin/artists', { name: 'Aurora Lane' }))).id;
  const album = async (name: string, image: string) => (await created(await admin.post('/api/admin/albums', { name, image, artist_ids: [ids.artist] }))).id;
  ids.albumOut = await album('Out Now', 'https://img.example/out-now.jpg');
  ids.albumSingle = await album('Lone Single', 'https://img.example/lone-single.jpg');
  ids.albumDraft = await album('Still Unreleased', 'https://img.example/unreleased.jpg');
  const track = async (name: string, albumId: number, duration: number, published: boolean) =>
    (await created(await admin.post('/api/admin/tracks', { name, album_id: albumId, duration, artist_ids: [ids.artist], published, src: `https://audio.example/${encodeURIComponent(name)}.mp3` }))).id;
  ids.out = await track('Already Out', ids.albumOut, 200_000, true);
  ids.third = await track('Third Light', ids.albumOut, 100_000, true);
  ids.solo = await track('Soon Withdrawn', ids.albumSingle, 180_000, true);
  ids.secret = await track('Secret Demo', ids.albumDraft, 240_000, false);
  await created(await admin.post('/api/admin/lyrics', { track_id: ids.secret, text: 'Words nobody has heard yet', is_synced: false }));
  owner = await becomeArtist(t, admin, 'aurora@example.com', ids.artist);
});
afterAll(() => t.close());

describe('a draft answers as an unknown id to listeners', () => {
  it('when liked or reposted, and nothing is stored', async () => {
    for (const path of ['likes', 'reposts']) {
      const unknown = await answerOf(await fan.put(`/api/v1/users/me/${path}/track/${UNKNOWN}`), UNKNOWN);
      expect(unknown).toEqual({ status: 404, body: { message: 'This track does not exist.' } });
      expect(await answerOf(await fan.put(`/api/v1/users/me/${path}/track/${ids.secret}`), ids.secret)).toEqual(unknown);
      const unknownAlbum = await answerOf(await fan.put(`/api/v1/users/me/${path}/album/${UNKNOWN}`), UNKNOWN);
      expect(unknownAlbum).toEqual({ status: 404, body: { message: 'This album does not exist.' } });
      // An album of drafts only does not exist for listeners either.
      expect(await answerOf(await fan.put(`/api/v1/users/me/${path}/album/${ids.albumDraft}`), ids.albumDraft)).toEqual(unknownAlbum);
    }
    expect(await t.db.selectFrom('likes').select('likeable_id').where('user_id', '=', fanId).execute()).toEqual([]);
    expect(await t.db.selectFrom('reposts').select('repostable_id').where('user_id', '=', fanId).execute()).toEqual([]);
  });

  it('when added to a playlist, and nothing is added', async () => {
    const playlist = (await json(await fan.post('/api/v1/playlists', { name: 'Mine' }))).playlist;
    const unknown = await answerOf(await fan.post(`/api/v1/playlists/${playlist.id}/tracks`, { track_ids: [UNKNOWN] }), UNKNOWN);
    expect(unknown.status).toBe(422);
    expect(await answerOf(await fan.post(`/api/v1/playlists/${playlist.id}/tracks`, { track_ids: [ids.secret] }), ids.secret)).toEqual(unknown);
    // Slipped in among published tracks, it still refuses the whole call.
    expect((await fan.post(`/api/v1/playlists/${playlist.id}/tracks`, { track_ids: [ids.out, ids.secret] })).status).toBe(422);
    expect(await t.db.selectFrom('playlist_track').select('track_id').where('playlist_id', '=', playlist.id).execute()).toEqual([]);
  });

  it('when its lyrics are asked for', async () => {
    const unknown = await answerOf(await fan.get(`/api/v1/tracks/${UNKNOWN}/lyrics`), UNKNOWN);
    expect(unknown).toEqual({ status: 404, body: { message: 'This track does not exist.' } });
    expect(await answerOf(await fan.get(`/api/v1/tracks/${ids.secret}/lyrics`), ids.secret)).toEqual(unknown);
    expect(await answerOf(await t.client().get(`/api/v1/tracks/${ids.secret}/lyrics`), ids.secret)).toEqual(unknown);
  });

  it('but exists for its own artist and for whoever manages all music', async () => {
    for (const client of [owner, admin]) {
      const lyrics = await client.get(`/api/v1/tracks/${ids.secret}/lyrics`);
      expect(lyrics.status).toBe(200);
      expect((await json(lyrics)).lyrics.text).toBe('Words nobody has heard yet');
      expect((await client.put(`/api/v1/users/me/likes/track/${ids.secret}`)).status).toBe(200);
      expect((await client.put(`/api/v1/users/me/likes/album/${ids.albumDraft}`)).status).toBe(200);
      const playlist = (await json(await client.post('/api/v1/playlists', { name: 'Preview' }))).playlist;
      expect((await client.post(`/api/v1/playlists/${playlist.id}/tracks`, { track_ids: [ids.secret] })).status).toBe(200);
      // Lists show only what is published, to them as well: the row waits for the release.
      expect((await json(await client.get('/api/v1/users/me/library/tracks'))).pagination.data).toEqual([]);
      expect((await json(await client.get(`/api/v1/playlists/${playlist.id}/tracks`))).pagination.data).toEqual([]);
      expect((await client.delete(`/api/v1/users/me/likes/track/${ids.secret}`)).status).toBe(200);
      expect((await client.delete(`/api/v1/users/me/likes/album/${ids.albumDraft}`)).status).toBe(200);
      expect((await client.delete(`/api/v1/playlists/${playlist.id}`)).status).toBe(200);
    }
  });
});

describe('a track its artist sets back to draft', () => {
  let playlistId: number;

  const names = (items: { name: string }[]) => items.map((item) => item.name);
  const library = async () => ({
    tracks: names((await json(await fan.get('/api/v1/users/me/library/tracks'))).pagination.data),
    tracksTotal: (await json(await fan.get('/api/v1/users/me/library/tracks'))).pagination.total,
    albums: names((await json(await fan.get('/api/v1/users/me/library/albums'))).pagination.data),
    history: names((await json(await fan.get('/api/v1/users/me/library/history'))).pagination.data),
    ids: await json(await fan.get('/api/v1/users/me/library/ids')),
    reposts: (await json(await t.client().get(`/api/v1/user-profile/${fanId}/reposts`))).pagination.data.map((item: { track?: { name: string }; album?: { name: string } }) =>
      (item.track ?? item.album)!.name,
    ),
  });
  const playlistAs = async (client: TestClient) => ({
    tracks: names((await json(await client.get(`/api/v1/playlists/${playlistId}/tracks`))).pagination.data),
    total: (await json(await client.get(`/api/v1/playlists/${playlistId}/tracks`))).pagination.total,
    card: (await json(await client.get(`/api/v1/playlists/${playlistId}`))).playlist,
    listed: (await json(await t.client().get(`/api/v1/user-profile/${fanId}/playlists`))).pagination.data[0],
  });
  const setPublished = async (published: boolean) => expect((await owner.put(`/api/v1/backstage/tracks/${ids.solo}`, { published })).status).toBe(200);

  beforeAll(async () => {
    for (const id of [ids.out, ids.solo]) {
      expect((await fan.put(`/api/v1/users/me/likes/track/${id}`)).status).toBe(200);
      expect((await fan.post(`/api/v1/tracks/${id}/plays`, {})).status).toBe(201);
    }
    expect((await fan.put(`/api/v1/users/me/likes/album/${ids.albumSingle}`)).status).toBe(200);
    expect((await fan.put(`/api/v1/users/me/reposts/track/${ids.solo}`)).status).toBe(200);
    expect((await fan.put(`/api/v1/users/me/reposts/album/${ids.albumSingle}`)).status).toBe(200);
    playlistId = (await json(await fan.post('/api/v1/playlists', { name: 'Road trip', public: true }))).playlist.id;
    expect((await fan.post(`/api/v1/playlists/${playlistId}/tracks`, { track_ids: [ids.solo, ids.out] })).status).toBe(200);
  });

  it('leaves its fans’ lists at once, and the playlists of visitors, with their counts, durations and covers', async () => {
    const before = await library();
    expect(before.tracks).toEqual(expect.arrayContaining(['Already Out', 'Soon Withdrawn']));
    expect(before.albums).toEqual(['Lone Single']);
    expect(before.reposts).toEqual(expect.arrayContaining(['Soon Withdrawn', 'Lone Single']));
    expect((await playlistAs(t.client())).card).toMatchObject({ tracks_count: 2, duration: 380_000 });

    await setPublished(false);

    const after = await library();
    expect(after.tracks).toEqual(['Already Out']);
    expect(after.tracksTotal).toBe(1);
    expect(after.albums).toEqual([]);
    expect(after.history).toEqual(['Already Out']);
    expect(after.reposts).toEqual([]);
    expect(after.ids).toMatchObject({ liked_tracks: [ids.out], liked_albums: [], reposted_tracks: [], reposted_albums: [] });
    for (const client of [fan, t.client(), owner]) {
      const seen = await playlistAs(client);
      expect(seen.tracks).toEqual(['Already Out']);
      expect(seen.total).toBe(1);
      expect(seen.card).toMatchObject({ tracks_count: 1, duration: 200_000, covers: ['https://img.example/out-now.jpg'] });
      expect(seen.listed).toMatchObject({ tracks_count: 1, duration: 200_000, covers: ['https://img.example/out-now.jpg'] });
    }
    const search = await json(await t.client().get('/api/v1/search?query=Withdrawn'));
    expect(JSON.stringify(search)).not.toContain('Soon Withdrawn');
  });

  it('keeps the likes, reposts and playlist rows, so all of it shows again once published', async () => {
    await setPublished(true);
    const back = await library();
    expect(back.tracks).toEqual(expect.arrayContaining(['Already Out', 'Soon Withdrawn']));
    expect(back.albums).toEqual(['Lone Single']);
    expect(back.reposts).toEqual(expect.arrayContaining(['Soon Withdrawn', 'Lone Single']));
    expect((await playlistAs(t.client())).tracks).toEqual(['Soon Withdrawn', 'Already Out']);
  });
});

describe('a playlist with a track set back to draft', () => {
  it('moves tracks by their place among those it shows', async () => {
    const playlist = (await json(await fan.post('/api/v1/playlists', { name: 'Order' }))).playlist;
    expect((await fan.post(`/api/v1/playlists/${playlist.id}/tracks`, { track_ids: [ids.solo, ids.out, ids.third] })).status).toBe(200);
    const shown = async () => (await json(await fan.get(`/api/v1/playlists/${playlist.id}/tracks`))).pagination.data.map((track: { name: string }) => track.name);
    expect((await owner.put(`/api/v1/backstage/tracks/${ids.solo}`, { published: false })).status).toBe(200);
    try {
      expect(await shown()).toEqual(['Already Out', 'Third Light']);
      // Dropped last in the list the listener sees.
      expect((await fan.put(`/api/v1/playlists/${playlist.id}/tracks/order`, { track_id: ids.out, index: 1 })).status).toBe(200);
      expect(await shown()).toEqual(['Third Light', 'Already Out']);
    } finally {
      expect((await owner.put(`/api/v1/backstage/tracks/${ids.solo}`, { published: true })).status).toBe(200);
    }
    expect(await shown()).toEqual(['Soon Withdrawn', 'Third Light', 'Already Out']);
  });
});

describe('through Subsonic', () => {
  let server: { url: string; close: () => Promise<void> };
  let auth: Record<string, string>;

  const call = async (method: string, params: [string, string][] = []) => {
    const url = new URL(`/rest/${method}`, server.url);
    for (const [key, value] of [...Object.entries(auth), ...params]) url.searchParams.append(key, value);
    return (await (await fetch(url)).json())['subsonic-response'];
  };

  beforeAll(async () => {
    server = await t.listen();
    const listener = await t.loggedIn('app-listener@example.com', ['users']);
    expect((await listener.post('/auth/user/confirm-password', { password: 'password123' })).status).toBe(200);
    const { password } = await json(await listener.post('/api/v1/users/me/subsonic-app-password', {}));
    auth = { u: 'app-listener@example.com', p: password, v: '1.16.1', c: 'test', f: 'json' };
  });
  afterAll(() => server.close());

  it('createPlaylist and updatePlaylist refuse a draft as an unknown song, and add nothing', async () => {
    const unknown = await call('createPlaylist', [['name', 'Unknown'], ['songId', `tr-${UNKNOWN}`]]);
    expect(unknown.status).toBe('failed');
    const draft = await call('createPlaylist', [['name', 'Draft'], ['songId', `tr-${ids.secret}`]]);
    expect(draft.error.code).toBe(unknown.error.code);
    expect(draft.error.message.replace(String(ids.secret), '{id}')).toBe(unknown.error.message.replace(String(UNKNOWN), '{id}'));

    const playlist = (await call('createPlaylist', [['name', 'Mine'], ['songId', `tr-${ids.out}`]])).playlist;
    const added = await call('updatePlaylist', [['playlistId', playlist.id], ['songIdToAdd', `tr-${ids.secret}`]]);
    expect(added.status).toBe('failed');
    expect(added.error.code).toBe(unknown.error.code);
    for (const row of await t.db.selectFrom('playlist_track').select('track_id').execute()) expect(row.track_id).not.toBe(ids.secret);
    expect((await call('star', [['id', `tr-${ids.secret}`]])).error.code).toBe(70);
    expect((await call('star', [['albumId', `al-${ids.albumDraft}`]])).error.code).toBe(70);
  });

  it('getPlaylist, getStarred2, getPlayQueue and getSong leave out a track set back to draft', async () => {
    const playlist = (await call('createPlaylist', [['name', 'Synced'], ['songId', `tr-${ids.solo}`], ['songId', `tr-${ids.out}`]])).playlist;
    expect(playlist.entry.map((song: { title: string }) => song.title)).toEqual(['Soon Withdrawn', 'Already Out']);
    expect((await call('star', [['id', `tr-${ids.solo}`], ['id', `tr-${ids.out}`], ['albumId', `al-${ids.albumSingle}`]])).status).toBe('ok');
    expect((await call('savePlayQueue', [['id', `tr-${ids.solo}`], ['id', `tr-${ids.out}`], ['current', `tr-${ids.solo}`]])).status).toBe('ok');

    expect((await owner.put(`/api/v1/backstage/tracks/${ids.solo}`, { published: false })).status).toBe(200);
    try {
      const listed = (await call('getPlaylist', [['id', playlist.id]])).playlist;
      expect(listed.entry.map((song: { title: string }) => song.title)).toEqual(['Already Out']);
      expect(listed).toMatchObject({ songCount: 1, duration: 200 });
      expect((await call('getPlaylists')).playlists.playlist.find((p: { id: string }) => p.id === playlist.id)).toMatchObject({ songCount: 1, duration: 200 });
      const starred = (await call('getStarred2')).starred2;
      expect((starred.song ?? []).map((song: { title: string }) => song.title)).toEqual(['Already Out']);
      expect(starred.album ?? []).toEqual([]);
      const queue = (await call('getPlayQueue')).playQueue;
      expect(queue.entry.map((song: { title: string }) => song.title)).toEqual(['Already Out']);
      // OpenSubsonic requires a queue with songs to name one of them as current: the first shown, never the draft.
      expect(queue).toMatchObject({ current: `tr-${ids.out}`, position: 0 });
      expect((await call('getSong', [['id', `tr-${ids.solo}`]])).error.code).toBe(70);
    } finally {
      expect((await owner.put(`/api/v1/backstage/tracks/${ids.solo}`, { published: true })).status).toBe(200);
    }
    expect((await call('getPlaylist', [['id', playlist.id]])).playlist.entry).toHaveLength(2);
    expect((await call('getPlayQueue')).playQueue.current).toBe(`tr-${ids.solo}`);
  });
});
