import { createHash } from 'node:crypto';
import * as settingsRepository from '@app/db/settings/settings';
import { createTestApp, type TestApp, type TestClient } from '@app/api/testing';
import { XMLParser } from 'fast-xml-parser';
import SubsonicAPI from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The Subsonic API as music apps use it: a real Subsonic client library from npm talking to the
 * real server over HTTP, on the demo catalogue. Every call goes through the site's own rules
 * (permissions, suspension, drafts, play counting), so what an app sees is what the site shows.
 */
let t: TestApp;
let server: { url: string; close: () => Promise<void> };
let alice: TestClient;
let alicePassword: string;
let bobPassword: string;
let api: SubsonicAPI;
let bobApi: SubsonicAPI;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const confirm = (client: TestClient) => client.post('/auth/user/confirm-password', { password: 'password123' });

/** A logged-in site user with a fresh app password, as made in account settings. */
async function withAppPassword(email: string, roles: string[] = ['users']): Promise<{ client: TestClient; password: string }> {
  const client = await t.loggedIn(email, roles);
  await confirm(client);
  const response = await client.post('/api/v1/users/me/subsonic-app-password', {});
  expect(response.status).toBe(200);
  return { client, password: (await response.json()).password };
}

const clientOf = (username: string, password: string, options: { post?: boolean; fetch?: typeof fetch } = {}) => new SubsonicAPI({ url: server.url, auth: { username, password }, ...options });

/** A raw call, for what the library does not send itself (plain passwords, XML, wrong parameters). */
async function raw(method: string, params: Record<string, string | string[]>, init: RequestInit = {}) {
  const url = new URL(`/rest/${method}`, server.url);
  for (const [key, value] of Object.entries(params)) for (const v of [value].flat()) url.searchParams.append(key, v);
  return fetch(url, init);
}
const rawJson = async (method: string, params: Record<string, string | string[]>) => (await (await raw(method, { f: 'json', v: '1.16.1', c: 'test', ...params })).json())['subsonic-response'];
/** Attributes prefixed with @, for telling an attribute from a child element of the same name. */
const xmlWithAttributes = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['song', 'album', 'artist', 'index', 'genre', 'line', 'structuredLyrics', 'entry', 'playlist'].includes(name) });

beforeAll(async () => {
  t = await createTestApp({}, { demoCatalog: true });
  server = await t.listen();
  ({ client: alice, password: alicePassword } = await withAppPassword('alice@example.com'));
  ({ password: bobPassword } = await withAppPassword('bob@example.com'));
  api = clientOf('alice@example.com', alicePassword);
  bobApi = clientOf('bob@example.com', bobPassword);
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

/** The type and pixel size of a PNG (its IHDR chunk) or a JPEG (its start-of-frame segment). */
function imageSize(bytes: Uint8Array): { type: string; width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0) === 0x89504e47) return { type: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
  if (view.getUint16(0) !== 0xffd8) return undefined;
  for (let at = 2; at + 9 < bytes.byteLength; at += 2 + view.getUint16(at + 2)) {
    const marker = view.getUint16(at);
    if (marker >= 0xffc0 && marker <= 0xffcf && ![0xffc4, 0xffc8, 0xffcc].includes(marker)) return { type: 'image/jpeg', width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
  }
  return undefined;
}

/** OpenSubsonic's genres are ItemGenre objects ({ name }); the library types them as strings. */
const genreNames = (item: { genres?: unknown }) => ((item.genres ?? []) as { name: string }[]).map((g) => g.name);

const firstAlbum = async () => (await api.getAlbumList2({ type: 'alphabeticalByName', size: 1 })).albumList2.album![0];

describe('logging in', () => {
  it('takes the app password as a salted token (the client library), as plain text and hex-encoded', async () => {
    const pong = await api.ping();
    expect(pong).toMatchObject({ status: 'ok', version: '1.16.1', type: 'cadence', openSubsonic: true });
    expect((await rawJson('ping', { u: 'alice@example.com', p: alicePassword })).status).toBe('ok');
    expect((await rawJson('ping', { u: 'alice@example.com', p: `enc:${Buffer.from(alicePassword).toString('hex')}` })).status).toBe('ok');
    const salt = 'c19b2d';
    expect((await rawJson('ping', { u: 'alice@example.com', t: md5(alicePassword + salt), s: salt })).status).toBe('ok');
  });

  it('refuses the login password, a wrong app password and unknown users with error 40', async () => {
    for (const auth of [
      { u: 'alice@example.com', p: 'password123' },
      { u: 'alice@example.com', p: 'wrong' },
      { u: 'nobody@example.com', p: alicePassword },
    ]) {
      const answer = await rawJson('ping', auth);
      expect(answer.status).toBe('failed');
      expect(answer.error.code).toBe(40);
    }
    expect((await clientOf('alice@example.com', 'password123').ping()).status).toBe('failed');
  });

  it('keeps the app password encrypted, shows it once, and regenerating or revoking stops the old one', async () => {
    const { client, password } = await withAppPassword('carol@example.com');
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'carol@example.com').executeTakeFirstOrThrow();
    const stored = await t.db.selectFrom('subsonic_passwords').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(password);
    const status = await (await client.get('/api/v1/users/me/subsonic-app-password')).json();
    expect(status.created_at).toBe(stored.created_at);
    expect(JSON.stringify(status)).not.toContain(password);

    const renewed = (await (await client.post('/api/v1/users/me/subsonic-app-password', {})).json()).password;
    expect(renewed).not.toBe(password);
    expect((await clientOf('carol@example.com', password).ping()).status).toBe('failed');
    expect((await clientOf('carol@example.com', renewed).ping()).status).toBe('ok');

    expect((await client.delete('/api/v1/users/me/subsonic-app-password')).status).toBe(200);
    expect((await clientOf('carol@example.com', renewed).ping()).status).toBe('failed');
    expect((await (await client.get('/api/v1/users/me/subsonic-app-password')).json()).created_at).toBeNull();
  });

  it('needs a recently confirmed password to make an app password, and a login to see one', async () => {
    const client = await t.loggedIn('dave@example.com');
    expect((await client.post('/api/v1/users/me/subsonic-app-password', {})).status).toBe(423);
    expect((await t.client().get('/api/v1/users/me/subsonic-app-password')).status).toBe(401);
  });

  it('takes an API token as the OpenSubsonic apiKey, refusing a bad key (44) and a key sent with a username (43)', async () => {
    const users = await t.db.selectFrom('roles').select('id').where('name', '=', 'users').executeTakeFirstOrThrow();
    const apiAccess = await t.db.selectFrom('permissions').select('id').where('name', '=', 'api.access').executeTakeFirstOrThrow();
    await t.db.insertInto('role_permission').values({ role_id: users.id, permission_id: apiAccess.id }).execute();
    let token: string;
    try {
      await confirm(alice);
      token = (await (await alice.post('/api/v1/access-tokens', { tokenName: 'phone' })).json()).plainTextToken;
      const keyed = new SubsonicAPI({ url: server.url, auth: { apiKey: token } });
      expect((await keyed.getUser({ username: 'alice@example.com' })).user.username).toBe('alice@example.com');
      // apiKeyAuthentication defines tokenInfo: whose key it is, in XML as in JSON.
      expect((await rawJson('tokenInfo', { apiKey: token })).tokenInfo).toEqual({ username: 'alice@example.com' });
      expect(xml.parse(await (await raw('tokenInfo', { apiKey: token })).text())['subsonic-response'].tokenInfo).toEqual({ username: 'alice@example.com' });
      expect((await rawJson('tokenInfo', { apiKey: `${token}x` })).error.code).toBe(44);
      expect((await rawJson('ping', { apiKey: `${token}x` })).error.code).toBe(44);
      expect((await rawJson('ping', { apiKey: token, u: 'alice@example.com' })).error.code).toBe(43);
    } finally {
      await t.db.deleteFrom('role_permission').where('role_id', '=', users.id).where('permission_id', '=', apiAccess.id).execute();
    }
    // Without api.access, the token is refused here as on the API.
    expect((await rawJson('ping', { apiKey: token })).error.code).toBe(50);
  });

  it('asks for missing credentials with error 10', async () => {
    expect((await rawJson('ping', {})).error.code).toBe(10);
    expect((await rawJson('ping', { u: 'alice@example.com' })).error.code).toBe(10);
    expect((await rawJson('ping', { u: 'alice@example.com', t: 'abc' })).error.code).toBe(10);
  });

  it('stops guessing after 10 wrong app passwords a minute for an account, even with the right one', async () => {
    const { password } = await withAppPassword('erin@example.com');
    for (let i = 0; i < 10; i++) expect((await rawJson('ping', { u: 'erin@example.com', p: `guess-${i}` })).error.code).toBe(40);
    const refused = await rawJson('ping', { u: 'erin@example.com', p: password });
    expect(refused.status).toBe('failed');
    expect(refused.error.message).toMatch(/Too many failed attempts. Please try again in \d+ seconds./);
  });

  it('answers a client speaking a newer major version with error 30', async () => {
    expect((await rawJson('ping', { u: 'alice@example.com', p: alicePassword, v: '2.0.0' })).error.code).toBe(30);
  });
});

describe('wire formats', () => {
  it('answers XML by default, with scalars as attributes and lists as repeated elements', async () => {
    const album = await firstAlbum();
    const response = await raw('getAlbum', { u: 'alice@example.com', p: alicePassword, v: '1.16.1', c: 'test', id: album.id });
    expect(response.headers.get('content-type')).toContain('application/xml');
    const text = await response.text();
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><subsonic-response xmlns="http:\/\/subsonic.org\/restapi" status="ok" version="1.16.1"/);
    const parsed = xml.parse(text)['subsonic-response'];
    expect(parsed.openSubsonic).toBe('true');
    const [albumElement] = parsed.album;
    expect(albumElement.name).toBe(album.name);
    expect(albumElement.song.length).toBe(album.songCount);
    expect(albumElement.song[0].id).toMatch(/^tr-\d+$/);
    expect(albumElement.song[0].albumId).toBe(album.id);
  });

  it('writes genre names and lyrics lines as element text in XML', async () => {
    const text = await (await raw('getGenres', { u: 'alice@example.com', p: alicePassword })).text();
    const genres = xml.parse(text)['subsonic-response'].genres.genre as { '#text': string; songCount: string }[];
    expect(genres.length).toBe(8);
    expect(genres.every((genre) => genre['#text'] && Number(genre.songCount) > 0)).toBe(true);

    const row = await t.db.selectFrom('lyrics').select('track_id').where('is_synced', '=', 1).executeTakeFirstOrThrow();
    const lyricsXml = await (await raw('getLyricsBySongId', { u: 'alice@example.com', p: alicePassword, id: `tr-${row.track_id}` })).text();
    const [lyrics] = xml.parse(lyricsXml)['subsonic-response'].lyricsList.structuredLyrics;
    expect(lyrics.synced).toBe('true');
    expect(lyrics.line[0]).toEqual({ start: expect.stringMatching(/^\d+$/), '#text': expect.any(String) });
  });

  it('escapes text so names cannot break the XML', async () => {
    const album = await firstAlbum();
    const id = Number(album.id.slice(3));
    await t.db.updateTable('albums').set({ name: 'Rock & <Roll> "Live"' }).where('id', '=', id).execute();
    try {
      const text = await (await raw('getAlbum', { u: 'alice@example.com', p: alicePassword, id: album.id })).text();
      expect(text).toContain('name="Rock &amp; &lt;Roll&gt; &quot;Live&quot;"');
      expect(xml.parse(text)['subsonic-response'].album[0].name).toBe('Rock & <Roll> "Live"');
    } finally {
      await t.db.updateTable('albums').set({ name: album.name }).where('id', '=', id).execute();
    }
  });

  it('takes /rest/<method> and /rest/<method>.view, GET parameters and POSTed forms (the client library with post)', async () => {
    expect((await rawJson('ping.view', { u: 'alice@example.com', p: alicePassword })).status).toBe('ok');
    const posting = clientOf('alice@example.com', alicePassword, { post: true });
    expect((await posting.getArtists()).artists.index!.length).toBeGreaterThan(0);
    const form = await fetch(new URL('/rest/getUser.view', server.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://app.example.org' },
      body: new URLSearchParams({ u: 'alice@example.com', p: alicePassword, f: 'json', username: 'alice@example.com' }),
    });
    expect(form.headers.get('access-control-allow-origin')).toBe('*');
    expect((await form.json())['subsonic-response'].user.username).toBe('alice@example.com');
  });

  it('refuses JSONP, unknown methods and bad numbers with a Subsonic error, never a server error', async () => {
    const jsonp = await raw('ping', { u: 'alice@example.com', p: alicePassword, f: 'jsonp', callback: 'steal' });
    expect(jsonp.status).toBe(200);
    expect(await jsonp.text()).not.toContain('steal(');
    expect((await rawJson('getEverything', { u: 'alice@example.com', p: alicePassword })).error.code).toBe(70);
    expect((await rawJson('getRandomSongs', { u: 'alice@example.com', p: alicePassword, size: 'lots' })).error.code).toBe(0);
    expect((await rawJson('getAlbum', { u: 'alice@example.com', p: alicePassword })).error).toEqual({ code: 10, message: 'Required parameter id is missing.' });
    expect((await rawJson('getAlbum', { u: 'alice@example.com', p: alicePassword, id: "1' OR 1=1" })).error.code).toBe(70);
  });

  it('lists its OpenSubsonic extensions without credentials', async () => {
    const answer = await rawJson('getOpenSubsonicExtensions', {});
    expect(answer.openSubsonicExtensions.map((e: { name: string }) => e.name)).toEqual(['apiKeyAuthentication', 'formPost', 'songLyrics']);
  });
});

describe('browsing the catalogue', () => {
  it('indexes every artist by letter, with albums per artist', async () => {
    const { artists } = await api.getArtists();
    const all = artists.index!.flatMap((index) => index.artist ?? []);
    expect(all.length).toBe(12);
    for (const index of artists.index!) {
      for (const artist of index.artist ?? []) expect(index.name).toBe(/^[a-z]/i.test(artist.name.replace(/^the\s+/i, '')) ? artist.name.replace(/^the\s+/i, '')[0].toUpperCase() : '#');
    }
    const artist = (await api.getArtist({ id: all[0].id })).artist;
    expect(artist.album!.length).toBe(all[0].albumCount);
    expect(artist.album![0].coverArt).toMatch(/^al-\d+$/);
    const indexes = (await api.getIndexes()).indexes;
    expect(indexes.index!.flatMap((index) => index.artist ?? []).length).toBe(12);
    expect((await api.getMusicFolders()).musicFolders.musicFolder).toHaveLength(1);
    expect((await api.getArtistInfo2({ id: all[0].id })).status).toBe('ok');
    expect((await api.getLicense()).license.valid).toBe(true);
  });

  it('writes artist and album information as child elements in XML, as the schema has them', async () => {
    const artist = (await api.getArtists()).artists.index![0].artist![0];
    const album = await firstAlbum();
    const artistRow = await t.db.selectFrom('artists').select(['description', 'image']).where('id', '=', Number(artist.id.slice(3))).executeTakeFirstOrThrow();
    const albumRow = await t.db.selectFrom('albums').select(['description', 'image']).where('id', '=', Number(album.id.slice(3))).executeTakeFirstOrThrow();
    expect(artistRow.description && albumRow.description).toBeTruthy();
    const credentials = { u: 'alice@example.com', p: alicePassword };
    const artistXml = xmlWithAttributes.parse(await (await raw('getArtistInfo2', { ...credentials, id: artist.id })).text())['subsonic-response'].artistInfo2;
    expect(artistXml.biography).toBe(artistRow.description);
    expect(artistXml.largeImageUrl).toMatch(/^https?:\/\/.+/);
    const albumXml = xmlWithAttributes.parse(await (await raw('getAlbumInfo2', { ...credentials, id: album.id })).text())['subsonic-response'].albumInfo;
    expect(albumXml.notes).toBe(albumRow.description);
    expect(albumXml.largeImageUrl).toMatch(/^https?:\/\/.+/);
    // JSON keeps them as plain strings.
    expect((await api.getArtistInfo2({ id: artist.id })).artistInfo2.biography).toBe(artistRow.description);
    expect((await rawJson('getAlbumInfo2', { ...credentials, id: album.id })).albumInfo.notes).toBe(albumRow.description);
  });

  it('lists getIndexes artists as the Artist type (no cover or album count) and getArtists as ArtistID3', async () => {
    const credentials = { u: 'alice@example.com', p: alicePassword };
    const indexed = xml.parse(await (await raw('getIndexes', credentials)).text())['subsonic-response'].indexes.index.flatMap((index: { artist: Record<string, string>[] }) => index.artist);
    expect(indexed.length).toBe(12);
    for (const artist of indexed) {
      expect(artist.id).toMatch(/^ar-\d+$/);
      expect(artist).not.toHaveProperty('coverArt');
      expect(artist).not.toHaveProperty('albumCount');
    }
    const id3 = (await api.getArtists()).artists.index!.flatMap((index) => index.artist ?? []);
    expect(id3.every((artist) => artist.coverArt === artist.id && artist.albumCount > 0)).toBe(true);
  });

  it('shows albums with their songs, and a song by its id', async () => {
    const album = (await api.getAlbum({ id: (await firstAlbum()).id })).album;
    expect(album.song!.length).toBe(album.songCount);
    expect(album.duration).toBe(album.song!.reduce((sum, s) => sum + (s.duration ?? 0), 0));
    const track = album.song![0];
    expect(track).toMatchObject({ albumId: album.id, album: album.name, isDir: false, type: 'music', contentType: 'audio/mpeg', suffix: 'mp3' });
    expect(track.size).toBeGreaterThan(0);
    expect((await api.getSong({ id: track.id })).song.title).toBe(track.title);
    expect((await api.getAlbumInfo2({ id: album.id })).status).toBe('ok');
    // An artist's id is no album's.
    expect((await api.getAlbum({ id: album.artistId! })).status).toBe('failed');
  });

  it('lists albums in each of Subsonic orders', async () => {
    const byName = (await api.getAlbumList2({ type: 'alphabeticalByName', size: 30 })).albumList2.album!;
    expect(byName.length).toBe(30);
    expect(byName.map((a) => a.name)).toEqual([...byName.map((a) => a.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const page = (await api.getAlbumList2({ type: 'alphabeticalByName', size: 5, offset: 5 })).albumList2.album!;
    expect(page.map((a) => a.id)).toEqual(byName.slice(5, 10).map((a) => a.id));
    for (const type of ['random', 'newest', 'alphabeticalByArtist'] as const) expect((await api.getAlbumList2({ type, size: 7 })).albumList2.album).toHaveLength(7);
    const years = (await api.getAlbumList2({ type: 'byYear', fromYear: 2015, toYear: 2018, size: 500 })).albumList2.album ?? [];
    expect(years.every((a) => a.year! >= 2015 && a.year! <= 2018)).toBe(true);
    expect(years.length).toBe(byName.filter((a) => a.year! >= 2015 && a.year! <= 2018).length);
    const genre = (await api.getGenres()).genres.genre![0].value;
    const inGenre = (await api.getAlbumList2({ type: 'byGenre', genre, size: 500 })).albumList2.album!;
    expect(inGenre.length).toBeGreaterThan(0);
    expect(inGenre.every((a) => genreNames(a).includes(genre))).toBe(true);
    expect((await rawJson('getAlbumList2', { u: 'alice@example.com', p: alicePassword, type: 'byYear' })).error.code).toBe(10);
  });

  it('gives random songs, songs of a genre and the genres with their counts', async () => {
    expect((await api.getRandomSongs({ size: 15 })).randomSongs.song).toHaveLength(15);
    const genres = (await api.getGenres()).genres.genre!;
    expect(genres.reduce((sum, g) => sum + g.songCount, 0)).toBeGreaterThanOrEqual(300);
    const songs = (await api.getSongsByGenre({ genre: genres[0].value, count: 500 })).songsByGenre.song!;
    expect(songs.length).toBe(genres[0].songCount);
    expect(songs.every((s) => genreNames(s).includes(genres[0].value))).toBe(true);
  });

  it('searches with the site search, and lists the whole library page by page for an empty query', async () => {
    const artist = (await api.getArtists()).artists.index![0].artist![0];
    const found = (await api.search3({ query: artist.name.split(' ')[0].slice(0, 3), artistCount: 5, albumCount: 5, songCount: 5 })).searchResult3;
    expect(found.artist!.map((a) => a.id)).toContain(artist.id);
    const pages = [];
    for (let offset = 0; offset < 400; offset += 100) pages.push(...((await api.search3({ query: '', songCount: 100, songOffset: offset, artistCount: 0, albumCount: 0 })).searchResult3.song ?? []));
    expect(pages.length).toBe(300);
    expect(new Set(pages.map((s) => s.id)).size).toBe(300);
    // Counts past the largest page are capped, not refused: an app asking for 1000 gets the first 500.
    const capped = (await api.search3({ query: '', songCount: 1000, artistCount: 1000, albumCount: 1000 })).searchResult3;
    expect(capped.song).toHaveLength(300);
    expect(capped.artist).toHaveLength(12);
    expect((await api.getRandomSongs({ size: 1000 })).randomSongs.song).toHaveLength(300);
    const albums = Number((await t.db.selectFrom('albums').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect((await api.getAlbumList2({ type: 'newest', size: 1000 })).albumList2.album).toHaveLength(albums);
  });
});

describe('drafts', () => {
  it('are hidden from listeners everywhere, as on the site', async () => {
    const album = (await api.getAlbum({ id: (await firstAlbum()).id })).album;
    const draft = album.song![0];
    const draftId = Number(draft.id.slice(3));
    await t.db.updateTable('tracks').set({ published: 0 }).where('id', '=', draftId).execute();
    try {
      expect((await api.getSong({ id: draft.id })).status).toBe('failed');
      expect((await api.getAlbum({ id: album.id })).album.song!.map((s) => s.id)).not.toContain(draft.id);
      const everything = (await api.search3({ query: '', songCount: 500, artistCount: 0, albumCount: 0 })).searchResult3.song!;
      expect(everything.map((s) => s.id)).not.toContain(draft.id);
      const stream = await api.stream({ id: draft.id });
      expect((await stream.json())['subsonic-response'].error.code).toBe(70);
      expect((await api.star({ id: draft.id })).status).toBe('failed');
    } finally {
      await t.db.updateTable('tracks').set({ published: 1 }).where('id', '=', draftId).execute();
    }
  });
});

describe('listening', () => {
  it('streams the stored file with Range support, and download names the file', async () => {
    const song = (await api.getAlbum({ id: (await firstAlbum()).id })).album.song![0];
    const whole = await api.stream({ id: song.id, maxBitRate: 64 });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect((await whole.arrayBuffer()).byteLength).toBe(song.size);

    const ranged = new SubsonicAPI({
      url: server.url,
      auth: { username: 'alice@example.com', password: alicePassword },
      fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), Range: 'bytes=100-199' } }),
    });
    const part = await ranged.stream({ id: song.id });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${song.size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const past = await raw('stream', { u: 'alice@example.com', p: alicePassword, id: song.id }, { headers: { Range: `bytes=${song.size! + 10}-` } });
    expect(past.status).toBe(416);

    const download = await api.download({ id: song.id });
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect((await download.arrayBuffer()).byteLength).toBe(song.size);
  });

  it('counts a play on scrobble submission, once per listen, never on stream; now playing shows it', async () => {
    const song = (await api.getRandomSongs({ size: 1 })).randomSongs.song![0];
    const trackId = Number(song.id.slice(3));
    const plays = async () => (await t.db.selectFrom('tracks').select('plays').where('id', '=', trackId).executeTakeFirstOrThrow()).plays;
    const before = await plays();
    await (await api.stream({ id: song.id })).arrayBuffer();
    expect((await api.scrobble({ id: song.id, submission: false })).status).toBe('ok');
    expect(await plays()).toBe(before);
    expect((await api.scrobble({ id: song.id, submission: true })).status).toBe('ok');
    expect(await plays()).toBe(before + 1);
    // A client retrying the same scrobble is not a second listen.
    await api.scrobble({ id: song.id });
    expect(await plays()).toBe(before + 1);
    const entries = (await bobApi.getNowPlaying()).nowPlaying.entry ?? [];
    expect(entries.find((e) => e.id === song.id)).toMatchObject({ username: 'alice', minutesAgo: 0 });
  });

  it("counts offline scrobbles at the time each was heard, as many as were heard, and a resent one once", async () => {
    const [first, second] = (await api.getRandomSongs({ size: 2 })).randomSongs.song!;
    const credentials = { u: 'alice@example.com', p: alicePassword };
    const trackId = (song: { id: string }) => Number(song.id.slice(3));
    const plays = async (song: { id: string }) => (await t.db.selectFrom('tracks').select('plays').where('id', '=', trackId(song)).executeTakeFirstOrThrow()).plays;
    const playTimes = async (song: { id: string }, since: number) =>
      (await t.db.selectFrom('plays').select('created_at').where('track_id', '=', trackId(song)).where('created_at', '>=', new Date(since).toISOString()).orderBy('created_at').execute()).map((row) => row.created_at);
    const threeHoursAgo = Date.now() - 3 * 3600_000;
    const before = await plays(first);
    // Two listens an hour apart while offline, sent later one by one.
    expect((await rawJson('scrobble', { ...credentials, id: first.id, time: String(threeHoursAgo) })).status).toBe('ok');
    expect((await rawJson('scrobble', { ...credentials, id: first.id, time: String(threeHoursAgo + 3600_000) })).status).toBe('ok');
    expect(await plays(first)).toBe(before + 2);
    expect(await playTimes(first, threeHoursAgo - 1000)).toEqual([new Date(threeHoursAgo).toISOString(), new Date(threeHoursAgo + 3600_000).toISOString()]);
    // The app resends the same scrobble: still two.
    await rawJson('scrobble', { ...credentials, id: first.id, time: String(threeHoursAgo + 3600_000) });
    expect(await plays(first)).toBe(before + 2);

    // Several in one call: each id with its own time.
    const secondBefore = await plays(second);
    const tenMinutes = 600_000;
    const batch = await rawJson('scrobble', { ...credentials, id: [second.id, second.id, first.id], time: [String(threeHoursAgo + tenMinutes), String(threeHoursAgo + 3600_000 + tenMinutes), String(threeHoursAgo + 7200_000)] });
    expect(batch.status).toBe('ok');
    expect(await plays(second)).toBe(secondBefore + 2);
    expect(await plays(first)).toBe(before + 3);
    // Plays heard hours ago are not playing now.
    expect(((await bobApi.getNowPlaying()).nowPlaying.entry ?? []).map((e) => e.id)).not.toContain(second.id);
    // As many times as ids, or none.
    expect((await rawJson('scrobble', { ...credentials, id: [second.id, first.id], time: String(threeHoursAgo) })).error.code).toBe(10);
    expect((await rawJson('scrobble', { ...credentials, id: second.id, time: 'yesterday' })).error.code).toBe(0);
  });

  it('offline scrobbles count no more listening than there was time for, and none older than 14 days', async () => {
    const [first, second] = (await api.getRandomSongs({ size: 2 })).randomSongs.song!;
    const credentials = { u: 'alice@example.com', p: alicePassword };
    const playsOf = async (song: { id: string }) => (await t.db.selectFrom('tracks').select('plays').where('id', '=', Number(song.id.slice(3))).executeTakeFirstOrThrow()).plays;
    const before = { first: await playsOf(first), second: await playsOf(second) };
    const start = Date.now() - 5 * 3600_000;
    // One song "heard" 10 times half a second apart, and another at the same moments: one listen in all.
    const times = Array.from({ length: 10 }, (_, index) => String(start + index * 500));
    expect((await rawJson('scrobble', { ...credentials, id: times.map(() => first.id), time: times })).status).toBe('ok');
    expect((await rawJson('scrobble', { ...credentials, id: times.map(() => second.id), time: times })).status).toBe('ok');
    expect(await playsOf(first)).toBe(before.first + 1);
    expect(await playsOf(second)).toBe(before.second);
    // A listen from before the last 14 days is not counted, as scrobbling services do; the call still succeeds for the rest.
    const longAgo = Date.now() - 15 * 86_400_000;
    expect((await rawJson('scrobble', { ...credentials, id: [second.id, second.id], time: [String(longAgo), String(start - 3600_000)] })).status).toBe('ok');
    expect(await playsOf(second)).toBe(before.second + 1);
    // A call holds at most 500 scrobbles.
    const many = Array.from({ length: 501 }, (_, index) => String(start - 86_400_000 + index * 600_000));
    const refused = await rawJson('scrobble', { ...credentials, id: many.map(() => second.id), time: many });
    expect(refused.error).toMatchObject({ code: 0, message: 'Send at most 500 scrobbles in one call.' });
    expect(await playsOf(second)).toBe(before.second + 1);
  });

  it('one scrobble sent five times at once counts once', async () => {
    const [song] = (await api.getRandomSongs({ size: 1 })).randomSongs.song!;
    const playsOf = async () => (await t.db.selectFrom('tracks').select('plays').where('id', '=', Number(song.id.slice(3))).executeTakeFirstOrThrow()).plays;
    const before = await playsOf();
    const time = String(Date.now() - 7 * 3600_000);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => rawJson('scrobble', { u: 'alice@example.com', p: alicePassword, id: song.id, time })));
    expect(answers.map((answer) => answer.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(await playsOf()).toBe(before + 1);
  });

  it('serves cover art for albums, songs and playlists, and 70 for an unknown id', async () => {
    const album = await firstAlbum();
    const cover = await api.getCoverArt({ id: album.coverArt!, size: 300 });
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toMatch(/^image\//);
    const bytes = (await cover.arrayBuffer()).byteLength;
    expect(bytes).toBeGreaterThan(0);
    const song = (await api.getAlbum({ id: album.id })).album.song![0];
    expect((await (await api.getCoverArt({ id: song.id, size: 300 })).arrayBuffer()).byteLength).toBe(bytes);
    // A playlist without a cover of its own shows its first song's album.
    const playlist = (await api.createPlaylist({ name: 'Covers', songId: [song.id] })).playlist;
    expect((await (await api.getCoverArt({ id: playlist.coverArt!, size: 300 })).arrayBuffer()).byteLength).toBe(bytes);
    await api.deletePlaylist({ id: playlist.id });
    const missing = await api.getCoverArt({ id: 'al-999999' });
    expect((await missing.json())['subsonic-response'].error.code).toBe(70);
  });

  it('sends covers as raster images at the size asked, for apps that cannot draw SVG', async () => {
    const album = await firstAlbum();
    const stored = await t.db.selectFrom('albums').select('image').where('id', '=', Number(album.id.slice(3))).executeTakeFirstOrThrow();
    expect(stored.image).toMatch(/\.svg$/);
    for (const [size, expected] of [[64, 64], [300, 300], [undefined, 500]] as const) {
      const cover = await api.getCoverArt({ id: album.coverArt!, ...(size ? { size } : {}) });
      expect(cover.status).toBe(200);
      const type = cover.headers.get('content-type');
      expect(type === 'image/jpeg' || type === 'image/png').toBe(true);
      const bytes = new Uint8Array(await cover.arrayBuffer());
      expect(Number(cover.headers.get('content-length'))).toBe(bytes.byteLength);
      expect(imageSize(bytes)).toEqual({ type, width: expected, height: expected });
    }
    const artist = (await api.getArtists()).artists.index![0].artist![0];
    const portrait = new Uint8Array(await (await api.getCoverArt({ id: artist.coverArt!, size: 120 })).arrayBuffer());
    expect(imageSize(portrait)).toMatchObject({ width: 120, height: 120 });
    // A size past any screen's is capped; a bad one is refused.
    expect(imageSize(new Uint8Array(await (await api.getCoverArt({ id: album.coverArt!, size: 100_000 })).arrayBuffer()))).toMatchObject({ width: 2048, height: 2048 });
    expect((await rawJson('getCoverArt', { u: 'alice@example.com', p: alicePassword, id: album.coverArt!, size: '-3' })).error.code).toBe(0);
  });

  it('gives synced lyrics as timed lines (songLyrics)', async () => {
    const row = await t.db.selectFrom('lyrics').select('track_id').where('is_synced', '=', 1).executeTakeFirstOrThrow();
    // The spec's lyricsList holds structuredLyrics; the library types it as the list itself.
    const list = (await api.getLyricsBySongId({ id: `tr-${row.track_id}` })).lyricsList as unknown as { structuredLyrics: { synced: boolean; line: { start?: number; value: string }[] }[] };
    const lyrics = list.structuredLyrics[0];
    expect(lyrics.synced).toBe(true);
    expect(lyrics.line.length).toBeGreaterThan(1);
    expect(lyrics.line[1].start).toBeGreaterThan(lyrics.line[0].start ?? -1);
  });
});

describe("the listener's library", () => {
  it('stars songs, albums and artists as the site likes and follows, and unstars them', async () => {
    const album = (await api.getAlbum({ id: (await firstAlbum()).id })).album;
    const song = album.song![0];
    expect((await api.star({ id: song.id, albumId: album.id, artistId: album.artistId })).status).toBe('ok');
    const starred = (await api.getStarred2()).starred2;
    expect(starred.song!.map((s) => s.id)).toContain(song.id);
    expect(starred.album!.map((a) => a.id)).toContain(album.id);
    expect(starred.artist!.map((a) => a.id)).toContain(album.artistId);
    expect((await api.getSong({ id: song.id })).song.starred).toBeTruthy();
    const ids = await (await alice.get('/api/v1/users/me/library/ids')).json();
    expect(JSON.stringify(ids)).toContain(String(Number(song.id.slice(3))));
    expect((await api.getAlbumList2({ type: 'starred' })).albumList2.album!.map((a) => a.id)).toEqual([album.id]);
    // Bob's stars are his own.
    expect((await bobApi.getStarred2()).starred2.song ?? []).toEqual([]);

    await api.unstar({ id: song.id, albumId: album.id, artistId: album.artistId });
    const after = (await api.getStarred2()).starred2;
    expect([...(after.song ?? []), ...(after.album ?? []), ...(after.artist ?? [])]).toEqual([]);
  });

  it('keeps ratings per user and lists the highest rated albums', async () => {
    const [first, second] = (await api.getAlbumList2({ type: 'alphabeticalByName', size: 2 })).albumList2.album!;
    await api.setRating({ id: first.id, rating: 2 });
    await api.setRating({ id: second.id, rating: 5 });
    expect((await api.getAlbum({ id: second.id })).album.userRating).toBe(5);
    expect((await bobApi.getAlbum({ id: second.id })).album.userRating).toBeUndefined();
    expect((await api.getAlbumList2({ type: 'highest' })).albumList2.album!.map((a) => a.id)).toEqual([second.id, first.id]);
    await api.setRating({ id: second.id, rating: 0 });
    expect((await api.getAlbum({ id: second.id })).album.userRating).toBeUndefined();
    expect((await rawJson('setRating', { u: 'alice@example.com', p: alicePassword, id: first.id, rating: '9' })).error.code).toBe(0);
  });

  it('saves the play queue for the next app to resume, and clears it', async () => {
    const songs = (await api.getRandomSongs({ size: 3 })).randomSongs.song!;
    await api.savePlayQueue({ id: songs.map((s) => s.id), current: songs[1].id, position: 42_000 });
    const queue = (await clientOf('alice@example.com', alicePassword).getPlayQueue()).playQueue;
    expect(queue!.entry!.map((s) => s.id)).toEqual(songs.map((s) => s.id));
    expect(queue).toMatchObject({ current: songs[1].id, position: 42_000, username: 'alice@example.com', changedBy: 'subsonic-api' });
    // Saving an empty queue clears it: the answer is then the queue that never changed.
    await api.savePlayQueue({ position: 0 });
    expect((await api.getPlayQueue()).playQueue).toEqual({ username: 'alice@example.com', changed: new Date(0).toISOString(), changedBy: '' });
  });

  it('answers a play queue with its owner even when nothing was saved, in JSON and XML', async () => {
    const { password } = await withAppPassword('ivan@example.com');
    const empty = await rawJson('getPlayQueue', { u: 'ivan@example.com', p: password });
    expect(empty.playQueue).toEqual({ username: 'ivan@example.com', changed: new Date(0).toISOString(), changedBy: '' });
    const asXml = xml.parse(await (await raw('getPlayQueue', { u: 'ivan@example.com', p: password })).text())['subsonic-response'];
    expect(asXml.playQueue).toEqual({ username: 'ivan@example.com', changed: new Date(0).toISOString(), changedBy: '' });
  });

  it('names the current song of a saved queue, as OpenSubsonic requires when it has songs', async () => {
    const songs = (await bobApi.getRandomSongs({ size: 2 })).randomSongs.song!;
    // Saved without a current song, as some apps do.
    await rawJson('savePlayQueue', { u: 'bob@example.com', p: bobPassword, id: songs.map((s) => s.id) });
    expect((await bobApi.getPlayQueue()).playQueue).toMatchObject({ current: songs[0].id, position: 0 });
    await bobApi.savePlayQueue({ position: 0 });
  });
});

describe('playlists', () => {
  it('are made, read, changed and deleted by their owner', async () => {
    const songs = (await api.getRandomSongs({ size: 4 })).randomSongs.song!;
    const created = (await api.createPlaylist({ name: 'Road trip', songId: songs.map((s) => s.id) })).playlist;
    // The owner is the username the app logged in with, so apps offer to edit it.
    expect(created).toMatchObject({ name: 'Road trip', songCount: 4, owner: 'alice@example.com', public: false });
    expect(created.entry!.map((s) => s.id)).toEqual(songs.map((s) => s.id));
    expect((await api.getPlaylists()).playlists.playlist!.map((p) => p.id)).toContain(created.id);

    await api.updatePlaylist({ playlistId: created.id, name: 'Long road trip', comment: 'Windows down', songIndexToRemove: [0, 2], songIdToAdd: [songs[0].id] });
    const changed = (await api.getPlaylist({ id: created.id })).playlist;
    expect(changed).toMatchObject({ name: 'Long road trip', comment: 'Windows down' });
    expect(changed.entry!.map((s) => s.id)).toEqual([songs[1].id, songs[3].id, songs[0].id]);

    // createPlaylist with an id replaces its songs.
    const replaced = (await api.createPlaylist({ playlistId: created.id, songId: [songs[2].id] })).playlist;
    expect(replaced.entry!.map((s) => s.id)).toEqual([songs[2].id]);

    // Private: Bob neither sees it nor deletes it.
    expect((await bobApi.getPlaylist({ id: created.id })).status).toBe('failed');
    expect(((await bobApi.deletePlaylist({ id: created.id })) as unknown as { error: { code: number } }).error.code).toBe(70);
    await api.updatePlaylist({ playlistId: created.id, public: true });
    // Others see the owner's name, never the email.
    expect((await bobApi.getPlaylist({ id: created.id })).playlist).toMatchObject({ name: 'Long road trip', owner: 'alice' });
    expect(((await bobApi.deletePlaylist({ id: created.id })) as unknown as { error: { code: number } }).error.code).toBe(50);
    expect(((await bobApi.updatePlaylist({ playlistId: created.id, name: 'Mine now' })) as unknown as { error: { code: number } }).error.code).toBe(50);

    expect((await api.deletePlaylist({ id: created.id })).status).toBe('ok');
    expect((await api.getPlaylist({ id: created.id })).status).toBe('failed');
  });

  it('holds a song once, as the site does: a repeat is refused with an error and changes nothing', async () => {
    const [a, b, c] = (await api.getRandomSongs({ size: 3 })).randomSongs.song!;
    const failed = (answer: unknown) => (answer as { status: string; error: { code: number; message: string } }).error;
    const repeated = failed(await api.createPlaylist({ name: 'Twice', songId: [a.id, b.id, a.id] }));
    expect(repeated.code).toBe(0);
    expect(repeated.message).toBe('A playlist holds a song only once.');
    expect(((await api.getPlaylists()).playlists.playlist ?? []).map((p) => p.name)).not.toContain('Twice');

    const playlist = (await api.createPlaylist({ name: 'Once', songId: [a.id, b.id] })).playlist;
    const entries = async () => (await api.getPlaylist({ id: playlist.id })).playlist.entry!.map((s) => s.id);
    expect(failed(await api.updatePlaylist({ playlistId: playlist.id, songIdToAdd: [a.id] })).message).toBe('A playlist holds a song only once.');
    expect(failed(await api.updatePlaylist({ playlistId: playlist.id, songIdToAdd: [c.id, c.id] })).code).toBe(0);
    expect(await entries()).toEqual([a.id, b.id]);
    // Replacing the songs with a list that repeats one is refused before anything is removed.
    expect(failed(await api.createPlaylist({ playlistId: playlist.id, songId: [c.id, c.id] })).code).toBe(0);
    expect(await entries()).toEqual([a.id, b.id]);

    // An index past the end is an error, and nothing else in that call happens.
    const outside = failed(await api.updatePlaylist({ playlistId: playlist.id, songIndexToRemove: [0, 2], name: 'Renamed' }));
    expect(outside).toEqual({ code: 0, message: 'This playlist has no song at index 2.' });
    expect(await entries()).toEqual([a.id, b.id]);
    expect((await api.getPlaylist({ id: playlist.id })).playlist.name).toBe('Once');
    // Removing a song and adding it back in one call moves it to the end.
    await api.updatePlaylist({ playlistId: playlist.id, songIndexToRemove: [0], songIdToAdd: [a.id, c.id] });
    expect(await entries()).toEqual([b.id, a.id, c.id]);
    await api.deletePlaylist({ id: playlist.id });
  });

  it('a full playlist refuses more songs before anything in the call changes', async () => {
    const [extra] = (await api.getRandomSongs({ size: 1 })).randomSongs.song!;
    const playlist = (await api.createPlaylist({ name: 'Full' })).playlist;
    const playlistId = Number(playlist.id.slice(3));
    // PLAYLIST_MAX_TRACKS songs, made straight in the database and taken away again after.
    const fillers: number[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const rows = await t.db.insertInto('tracks').values(Array.from({ length: 500 }, (_, index) => ({ name: `Filler ${batch * 500 + index}` }))).returning('id').execute();
      fillers.push(...rows.map((row) => row.id));
    }
    try {
      for (let start = 0; start < fillers.length; start += 500) {
        await t.db.insertInto('playlist_track').values(fillers.slice(start, start + 500).map((track_id, index) => ({ playlist_id: playlistId, track_id, position: start + index, added_by: null }))).execute();
      }
      const answer = (await api.updatePlaylist({ playlistId: playlist.id, name: 'Renamed', songIdToAdd: [extra.id] })) as unknown as { status: string; error: { code: number; message: string } };
      expect(answer.error).toEqual({ code: 0, message: 'A playlist holds at most 5000 tracks.' });
      expect((await api.getPlaylist({ id: playlist.id })).playlist).toMatchObject({ name: 'Full', songCount: 5000 });
    } finally {
      await api.deletePlaylist({ id: playlist.id });
      await t.db.deleteFrom('tracks').where('id', 'in', fillers).execute();
    }
  });

  it('counts indexes over the songs the app was shown, and refuses to add a draft as an unknown song', async () => {
    const [a, d, b] = (await api.getRandomSongs({ size: 3 })).randomSongs.song!;
    const playlist = (await api.createPlaylist({ name: 'With a draft', songId: [a.id, d.id, b.id] })).playlist;
    const draftId = Number(d.id.slice(3));
    await t.db.updateTable('tracks').set({ published: 0 }).where('id', '=', draftId).execute();
    try {
      expect((await api.getPlaylist({ id: playlist.id })).playlist.entry!.map((s) => s.id)).toEqual([a.id, b.id]);
      // Index 1 is b, the second song the app sees, not the hidden draft.
      expect((await api.updatePlaylist({ playlistId: playlist.id, songIndexToRemove: [1] })).status).toBe('ok');
      expect((await api.getPlaylist({ id: playlist.id })).playlist.entry!.map((s) => s.id)).toEqual([a.id]);
      const unknown = (await rawJson('updatePlaylist', { u: 'alice@example.com', p: alicePassword, playlistId: playlist.id, songIdToAdd: 'tr-99999999' })).error;
      const draft = (await rawJson('updatePlaylist', { u: 'alice@example.com', p: alicePassword, playlistId: playlist.id, songIdToAdd: d.id })).error;
      expect(draft).toEqual(unknown);
      expect(draft.code).toBe(70);
      expect((await rawJson('createPlaylist', { u: 'alice@example.com', p: alicePassword, name: 'Drafty', songId: d.id })).error).toEqual(unknown);
    } finally {
      await t.db.updateTable('tracks').set({ published: 1 }).where('id', '=', draftId).execute();
    }
    // The draft's row was kept: published again, it shows where it was.
    expect((await api.getPlaylist({ id: playlist.id })).playlist.entry!.map((s) => s.id)).toEqual([a.id, d.id]);
    await api.deletePlaylist({ id: playlist.id });
  });

  it("shows another user's public playlists only", async () => {
    const editors = await t.db.selectFrom('playlists').select(['owner_id']).where('public', '=', 1).executeTakeFirstOrThrow();
    const owner = await t.db.selectFrom('users').select('email').where('id', '=', editors.owner_id).executeTakeFirstOrThrow();
    const theirs = (await api.getPlaylists({ username: owner.email })).playlists.playlist!;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((p) => p.public)).toBe(true);
  });
});

describe('permissions and account state', () => {
  it('tells who the user is, and refuses to describe others without users.update', async () => {
    const me = (await api.getUser({ username: 'alice@example.com' })).user;
    expect(me).toMatchObject({ username: 'alice@example.com', streamRole: true, adminRole: false });
    expect(((await api.getUser({ username: 'bob@example.com' })) as unknown as { error: { code: number } }).error.code).toBe(50);
  });

  it('refuses listening to an account without music.view (50), while ping still works', async () => {
    const { password } = await withAppPassword('frank@example.com', []);
    const frank = clientOf('frank@example.com', password);
    expect((await frank.ping()).status).toBe('ok');
    for (const answer of [await frank.getArtists(), await frank.getAlbumList2({ type: 'newest' }), await frank.search3({ query: '' })]) {
      expect((answer as unknown as { error: { code: number } }).error.code).toBe(50);
    }
    const stream = await frank.stream({ id: 'tr-1' });
    expect((await stream.json())['subsonic-response'].error.code).toBe(50);
  });

  it('refuses a suspended account at once (50), and an unconfirmed one when confirmation is required', async () => {
    const { password } = await withAppPassword('grace@example.com');
    const grace = clientOf('grace@example.com', password);
    expect((await grace.ping()).status).toBe('ok');
    await t.db.updateTable('users').set({ banned_at: new Date().toISOString() }).where('email', '=', 'grace@example.com').execute();
    const refused = (await grace.ping()) as unknown as { error: { code: number; message: string } };
    expect(refused.error).toEqual({ code: 50, message: 'Your account is suspended.' });

    const { password: henry } = await withAppPassword('henry@example.com');
    await t.db.updateTable('users').set({ email_verified_at: null }).where('email', '=', 'henry@example.com').execute();
    await settingsRepository.saveSettings(t.db, { require_email_confirmation: true });
    try {
      expect(((await clientOf('henry@example.com', henry).ping()) as unknown as { error: { code: number } }).error.code).toBe(50);
    } finally {
      await settingsRepository.saveSettings(t.db, { require_email_confirmation: false });
    }
  });

  it('answers every call that the API is disabled when the setting is off', async () => {
    await settingsRepository.saveSettings(t.db, { 'subsonic.enable': false });
    try {
      const answer = (await api.ping()) as unknown as { status: string; error: { code: number; message: string } };
      expect(answer.status).toBe('failed');
      expect(answer.error).toEqual({ code: 0, message: 'The Subsonic API is disabled on this site.' });
      expect((await (await api.stream({ id: 'tr-1' })).json())['subsonic-response'].status).toBe('failed');
    } finally {
      await settingsRepository.saveSettings(t.db, { 'subsonic.enable': true });
    }
    expect((await api.ping()).status).toBe('ok');
  });
});
