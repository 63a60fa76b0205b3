import { SUBSONIC_METHODS } from '@app/api';
import { createTestApp, type TestApp } from '@app/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemasFolder, schemasPresent, validateSubsonicJson, validateSubsonicXml } from '../support/subsonic-schemas.ts';

/**
 * Every method the server serves, called as an app would in both wire formats, and every answer
 * checked against the published schemas: XML against the Subsonic XSD with OpenSubsonic's
 * documented additions, JSON against OpenSubsonic's OpenAPI schema of that method. Failures are
 * checked too (an unknown id), since apps parse those as well.
 */

type Params = Record<string, string | string[]>;
type Format = 'xml' | 'json';

interface Answer {
  method: string;
  label: string;
  format: Format;
  contentType: string;
  body: string;
  /** What the call should have answered. */
  expected: 'ok' | 'failed' | 'bytes';
}

let t: TestApp;
let server: { url: string; close: () => Promise<void> };
const answers: Answer[] = [];
let xmlErrors: string[] = [];

if (!schemasPresent) console.warn(`Subsonic conformance: no schemas in ${schemasFolder}; see tests/contract/subsonic-schemas/README.md`);

describe.skipIf(!schemasPresent)('Subsonic answers against the published schemas', () => {
  beforeAll(async () => {
    t = await createTestApp({}, { demoCatalog: true });
    server = await t.listen();
    const credentials = await appPassword('conformance@example.com');
    const other = await appPassword('listener@example.com');

    const call = async (method: string, params: Params, format: Format) => {
      const url = new URL(`/rest/${method}`, server.url);
      for (const [key, value] of Object.entries({ ...credentials, v: '1.16.1', c: 'conformance', ...(format === 'json' ? { f: 'json' } : {}), ...params })) {
        for (const one of [value].flat()) url.searchParams.append(key, one);
      }
      return fetch(url);
    };
    const json = async (method: string, params: Params = {}) => (await (await call(method, params, 'json')).json())['subsonic-response'];

    // What the calls below name: a song with synced lyrics, its album and artist, a genre, a playlist.
    const lyrics = await t.db.selectFrom('lyrics').select('track_id').where('is_synced', '=', 1).executeTakeFirstOrThrow();
    const song = (await json('getSong', { id: `tr-${lyrics.track_id}` })).song;
    const [other1, other2] = (await json('getRandomSongs', { size: '3' })).randomSongs.song.filter((s: { id: string }) => s.id !== song.id);
    const genre = (await json('getGenres')).genres.genre[0].value;
    await json('star', { id: song.id, albumId: song.albumId, artistId: song.artistId });
    await json('setRating', { id: song.albumId, rating: '4' });
    await json('scrobble', { id: song.id });
    const playlist = async () => (await json('createPlaylist', { name: 'Conformance', songId: [song.id, other1.id] })).playlist.id as string;
    const kept = await playlist();

    /** Each call made once per format; a function gives each format its own arguments (a playlist to delete). */
    const calls: { method: string; label?: string; params?: Params | (() => Promise<Params>); expected?: Answer['expected']; credentials?: Params }[] = [
      { method: 'ping' },
      { method: 'getLicense' },
      { method: 'getOpenSubsonicExtensions' },
      { method: 'tokenInfo' },
      { method: 'getMusicFolders' },
      { method: 'getIndexes' },
      { method: 'getArtists' },
      { method: 'getArtist', params: { id: song.artistId } },
      { method: 'getArtistInfo2', params: { id: song.artistId } },
      { method: 'getAlbum', params: { id: song.albumId } },
      { method: 'getAlbum', label: 'unknown album', params: { id: 'al-999999' }, expected: 'failed' },
      { method: 'getAlbumInfo2', params: { id: song.albumId } },
      { method: 'getSong', params: { id: song.id } },
      { method: 'getAlbumList2', params: { type: 'newest', size: '5' } },
      { method: 'getAlbumList2', label: 'starred', params: { type: 'starred' } },
      { method: 'getRandomSongs', params: { size: '5' } },
      { method: 'getSongsByGenre', params: { genre, count: '5' } },
      { method: 'getGenres' },
      { method: 'search3', params: { query: song.title.split(' ')[0], artistCount: '3', albumCount: '3', songCount: '3' } },
      { method: 'search3', label: 'everything', params: { query: '', songCount: '1000' } },
      { method: 'stream', params: { id: song.id }, expected: 'bytes' },
      { method: 'stream', label: 'unknown song', params: { id: 'tr-999999' }, expected: 'failed' },
      { method: 'download', params: { id: song.id }, expected: 'bytes' },
      { method: 'download', label: 'unknown song', params: { id: 'tr-999999' }, expected: 'failed' },
      { method: 'getCoverArt', params: { id: song.coverArt, size: '64' }, expected: 'bytes' },
      { method: 'getCoverArt', label: 'unknown cover', params: { id: 'al-999999' }, expected: 'failed' },
      { method: 'getLyricsBySongId', params: { id: song.id } },
      { method: 'star', params: { id: other1.id } },
      { method: 'unstar', params: { id: other1.id } },
      { method: 'getStarred2' },
      { method: 'setRating', params: { id: other2.id, rating: '3' } },
      { method: 'scrobble', params: { id: [other1.id, other2.id], time: [String(Date.now() - 7200_000), String(Date.now() - 3600_000)] } },
      { method: 'scrobble', label: 'now playing', params: { id: other1.id, submission: 'false' } },
      { method: 'getNowPlaying' },
      { method: 'getPlaylists' },
      { method: 'getPlaylist', params: { id: kept } },
      { method: 'createPlaylist', params: { name: 'Made here', songId: [song.id, other2.id] } },
      { method: 'createPlaylist', label: 'a song twice', params: { name: 'Twice', songId: [song.id, song.id] }, expected: 'failed' },
      { method: 'updatePlaylist', params: async () => ({ playlistId: await playlist(), name: 'Renamed', songIndexToRemove: '0', songIdToAdd: other2.id }) },
      { method: 'deletePlaylist', params: async () => ({ id: await playlist() }) },
      { method: 'getPlayQueue', label: 'nothing saved', credentials: other },
      { method: 'savePlayQueue', params: { id: [song.id, other1.id], current: other1.id, position: '1500' } },
      { method: 'getPlayQueue' },
      { method: 'getUser', params: { username: 'conformance@example.com' } },
      { method: 'getUser', label: 'another user', params: { username: 'listener@example.com' }, expected: 'failed' },
    ];

    for (const format of ['xml', 'json'] as const) {
      for (const { method, label = '', params = {}, expected = 'ok', credentials: as } of calls) {
        const response = await call(method, { ...(typeof params === 'function' ? await params() : params), ...(as ?? {}) }, format);
        const contentType = response.headers.get('content-type') ?? '';
        const body = expected === 'bytes' && !/xml|json/.test(contentType) ? `${(await response.arrayBuffer()).byteLength} bytes` : await response.text();
        answers.push({ method, label: `${method}${label ? ` (${label})` : ''}`, format, contentType, body, expected });
      }
    }
    const xml = answers.filter((a) => a.format === 'xml' && a.expected !== 'bytes');
    xmlErrors = await validateSubsonicXml(xml.map((answer, index) => ({ name: `${index}-${answer.method}`, xml: answer.body })));
  });

  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  async function appPassword(email: string): Promise<Params> {
    const client = await t.loggedIn(email, ['users']);
    await client.post('/auth/user/confirm-password', { password: 'password123' });
    return { u: email, p: (await (await client.post('/api/v1/users/me/subsonic-app-password', {})).json()).password };
  }

  it('calls every method the server serves, in XML and in JSON', () => {
    for (const format of ['xml', 'json'] as const) {
      expect(new Set(answers.filter((a) => a.format === format).map((a) => a.method))).toEqual(new Set(SUBSONIC_METHODS));
    }
  });

  it('answers each call as expected: ok, failed, or the bytes of a file', () => {
    for (const answer of answers) {
      if (answer.expected === 'bytes') {
        expect(answer.contentType, answer.label).toMatch(/^(audio|image)\//);
        continue;
      }
      const status = answer.format === 'json' ? JSON.parse(answer.body)['subsonic-response'].status : /^<\?xml[^>]*\?><subsonic-response [^>]*status="(\w+)"/.exec(answer.body)?.[1];
      expect(`${answer.label} (${answer.format}): ${status}`).toBe(`${answer.label} (${answer.format}): ${answer.expected}`);
    }
  });

  it('writes every XML answer as the Subsonic XSD, with the OpenSubsonic additions, allows', () => {
    expect(xmlErrors).toEqual([]);
  });

  it('writes every JSON answer as the OpenSubsonic OpenAPI schema of its method allows', () => {
    const errors = answers.filter((a) => a.format === 'json' && a.expected !== 'bytes').flatMap((a) => validateSubsonicJson(a.method, JSON.parse(a.body)).map((error) => `${a.label}: ${error}`));
    expect(errors).toEqual([]);
  });
});
