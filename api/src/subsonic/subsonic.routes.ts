import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppDeps, AppEnv, AuthState } from '../context.ts';
import { audioResponse } from '../http/audio-response.ts';
import { clientInfo } from '../http/login.ts';
import { msg } from '../i18n/msg.ts';
import { interfaceLanguage } from '../services/bootstrap.service.ts';
import { loadSettings } from '../services/settings.service.ts';
import { COVER_MAX_SIZE, rasterCover } from './cover-art.ts';
import { toJson, toXml, type SubsonicObject } from './serialize.ts';
import {
  albumInfo,
  albumsInOrder,
  albumWithSongs,
  artistIndex,
  artistInfo,
  artistWithAlbums,
  authenticateSubsonic,
  coverImage,
  createOrReplacePlaylist,
  deletePlaylist,
  genres,
  idOf,
  lyricsOfSong,
  MAX_SCROBBLES_PER_CALL,
  nowPlaying,
  playlistsOf,
  playlistWithSongs,
  playQueue,
  randomSongs,
  rate,
  readSubsonicId,
  requireSubsonicPermission,
  savePlayQueue,
  scrobble,
  search3,
  song,
  songAudio,
  songsByGenre,
  star,
  starredItems,
  subsonicEnabled,
  subsonicErrorOf,
  subsonicUser,
  SUBSONIC_ERROR,
  SubsonicError,
  updatePlaylist,
  type AlbumListType,
  type SubsonicKind,
} from './subsonic.service.ts';

/** The Subsonic API version this server speaks, and how it names itself (OpenSubsonic). */
export const SUBSONIC_API_VERSION = '1.16.1';
const SERVER_TYPE = 'cadence';
const SERVER_VERSION = '1.0.0';
const EXTENSIONS = [
  { name: 'apiKeyAuthentication', versions: [1] },
  { name: 'formPost', versions: [1] },
  { name: 'songLyrics', versions: [1] },
];
/** The most items one call lists (Subsonic documents 500 for its lists); larger counts are capped to it. */
const LIST_MAX = 500;
/** The one music folder: the whole catalogue. */
const MUSIC_FOLDER_ID = 1;

/** Request parameters from the query and, for POST, the form body; Subsonic repeats a name for lists. */
class Params {
  private readonly values: Map<string, string[]>;
  constructor(values: Map<string, string[]>) {
    this.values = values;
  }

  all(name: string): string[] {
    return this.values.get(name) ?? [];
  }

  one(name: string): string | undefined {
    return this.values.get(name)?.[0];
  }

  required(name: string): string {
    const value = this.one(name);
    if (value === undefined) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Required parameter :name is missing.'), { name });
    return value;
  }

  int(name: string, options: { min: number; max: number; fallback: number }): number;
  int(name: string, options: { min: number; max: number }): number | undefined;
  int(name: string, { min, max, fallback }: { min: number; max: number; fallback?: number }): number | undefined {
    const value = this.one(name);
    if (value === undefined || value === '') return fallback;
    return wholeNumber(name, value, min, max);
  }

  /** Every value of a repeated number parameter (songIndexToRemove, time), each checked. */
  ints(name: string, { min, max }: { min: number; max: number }): number[] {
    return this.all(name).map((value) => wholeNumber(name, value, min, max));
  }

  /** How many items a list may hold: a count past the largest page is capped rather than refused, as apps ask for "all". */
  count(name: string, { max, fallback }: { max: number; fallback: number }): number {
    return Math.min(this.int(name, { min: 0, max: Number.MAX_SAFE_INTEGER, fallback }), max);
  }

  bool(name: string, fallback: boolean): boolean {
    const value = this.one(name)?.toLowerCase();
    if (value === undefined || value === '') return fallback;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    throw new SubsonicError(SUBSONIC_ERROR.generic, msg('Parameter :name must be true or false.'), { name });
  }
}

function wholeNumber(name: string, value: string, min: number, max: number): number {
  const parsed = z.coerce.number().int().min(min).max(max).safeParse(value.trim() === '' ? Number.NaN : value);
  if (!parsed.success) {
    throw new SubsonicError(SUBSONIC_ERROR.generic, msg('Parameter :name must be a whole number from :min to :max.'), { name, min: String(min), max: String(max) });
  }
  return parsed.data;
}

const MAX_PARAM_VALUES = 5000;

async function readParams(c: Context<AppEnv>): Promise<Params> {
  const values = new Map<string, string[]>();
  const add = (key: string, value: string) => {
    const list = values.get(key) ?? [];
    if (list.length < MAX_PARAM_VALUES) list.push(value);
    values.set(key, list);
  };
  for (const [key, value] of new URL(c.req.url).searchParams) add(key, value);
  // OpenSubsonic's formPost: the same parameters as a form body, so credentials stay out of URLs.
  if (c.req.method === 'POST' && (c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(await c.req.text())) add(key, value);
  }
  return new Params(values);
}

type Format = 'xml' | 'json';

function envelope(status: 'ok' | 'failed', body: SubsonicObject = {}): SubsonicObject {
  return { status, version: SUBSONIC_API_VERSION, type: SERVER_TYPE, serverVersion: SERVER_VERSION, openSubsonic: true, ...body };
}

function respond(c: Context<AppEnv>, format: Format, body: SubsonicObject, status: 'ok' | 'failed' = 'ok'): Response {
  const payload = envelope(status, body);
  // Subsonic answers every call with 200, failures included: apps read the status from the body.
  return format === 'json'
    ? c.body(toJson('subsonic-response', payload), 200, { 'Content-Type': 'application/json; charset=utf-8' })
    : c.body(toXml('subsonic-response', payload), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
}

async function respondError(c: Context<AppEnv>, format: Format, error: SubsonicError, user: AuthState['user']): Promise<Response> {
  const { lines } = await interfaceLanguage(c.get('deps'), user);
  let message = lines[error.message]?.trim() ? lines[error.message] : error.message;
  for (const [key, value] of Object.entries(error.replacements)) message = message.replaceAll(`:${key}`, value);
  return respond(c, format, { error: { code: error.code, message } }, 'failed');
}

interface Call {
  c: Context<AppEnv>;
  deps: AppDeps;
  auth: AuthState;
  params: Params;
}

type Handler = (call: Call) => Promise<SubsonicObject | Response>;

/** A method and whether it needs `music.view` (browsing and listening), as the site's pages and calls do. */
const method = (listens: boolean, handler: Handler) => ({ listens, handler });

const ALBUM_LIST_TYPES = ['random', 'newest', 'frequent', 'recent', 'alphabeticalByName', 'alphabeticalByArtist', 'starred', 'byYear', 'byGenre', 'highest'] as const satisfies readonly AlbumListType[];

/** Ids given as `id`, `albumId` and `artistId`, each of the kind the parameter names (or its prefix says). */
function starTargets(params: Params): { kind: SubsonicKind; id: number }[] {
  const read = (name: string, kind: SubsonicKind) =>
    params.all(name).map((value) => {
      const parsed = readSubsonicId(value, kind);
      if (!parsed) throw new SubsonicError(SUBSONIC_ERROR.notFound, msg('This item does not exist.'));
      return parsed;
    });
  const targets = [...read('id', 'track'), ...read('albumId', 'album'), ...read('artistId', 'artist')];
  if (!targets.length) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Required parameter :name is missing.'), { name: 'id' });
  return targets;
}

const trackIds = (values: string[]) => values.map((value) => idOf(value, 'track'));

/** Stored originals larger than this are no cover an app should be sent. */
const COVER_SOURCE_MAX_BYTES = 32 * 1024 * 1024;

async function coverArt({ c, deps, auth, params }: Call): Promise<Response> {
  const image = await coverImage(deps, auth, params.required('id'));
  const size = params.int('size', { min: 1, max: Number.MAX_SAFE_INTEGER });
  const uploaded = /^\/uploads\/([A-Za-z0-9][A-Za-z0-9._-]{0,200})$/.exec(image);
  if (uploaded) {
    const key = uploaded[1];
    const stored = await deps.storage.size('public', key);
    if (stored === undefined || stored > COVER_SOURCE_MAX_BYTES) throw new SubsonicError(SUBSONIC_ERROR.notFound, msg('This cover does not exist.'));
    const cover = await rasterCover(key, size === undefined ? undefined : Math.min(size, COVER_MAX_SIZE), async () => new Uint8Array(await new Response(deps.storage.read('public', key)).arrayBuffer()));
    return new Response(c.req.method === 'HEAD' ? null : cover.bytes, {
      headers: { 'Content-Type': cover.type, 'Content-Length': String(cover.bytes.byteLength), 'Cache-Control': 'private, max-age=86400' },
    });
  }
  if (URL.canParse(image) && /^https?:$/.test(new URL(image).protocol)) return c.redirect(new URL(image).href, 302);
  throw new SubsonicError(SUBSONIC_ERROR.notFound, msg('This cover does not exist.'));
}

const METHODS: Record<string, { listens: boolean; handler: Handler }> = {
  ping: method(false, async () => ({})),
  getLicense: method(false, async () => ({ license: { valid: true } })),
  getOpenSubsonicExtensions: method(false, async () => ({ openSubsonicExtensions: EXTENSIONS })),
  getMusicFolders: method(true, async ({ deps }) => ({
    musicFolders: { musicFolder: [{ id: MUSIC_FOLDER_ID, name: (await loadSettings(deps.db))['branding.site_name'] }] },
  })),
  getIndexes: method(true, async ({ deps, auth }) => ({ indexes: { lastModified: Date.now(), ...(await artistIndex(deps, auth, 'Artist')) } })),
  getArtists: method(true, async ({ deps, auth }) => ({ artists: await artistIndex(deps, auth, 'ArtistID3') })),
  getArtist: method(true, async ({ deps, auth, params }) => ({ artist: await artistWithAlbums(deps, auth, idOf(params.required('id'), 'artist')) })),
  getArtistInfo2: method(true, async ({ deps, params }) => ({ artistInfo2: await artistInfo(deps, idOf(params.required('id'), 'artist')) })),
  getAlbum: method(true, async ({ deps, auth, params }) => ({ album: await albumWithSongs(deps, auth, idOf(params.required('id'), 'album')) })),
  getAlbumInfo2: method(true, async ({ deps, params }) => ({ albumInfo: await albumInfo(deps, idOf(params.required('id'), 'album')) })),
  getSong: method(true, async ({ deps, auth, params }) => ({ song: await song(deps, auth, idOf(params.required('id'), 'track')) })),
  getAlbumList2: method(true, async ({ deps, auth, params }) => {
    const type = params.required('type');
    if (!(ALBUM_LIST_TYPES as readonly string[]).includes(type)) throw new SubsonicError(SUBSONIC_ERROR.generic, msg('Unknown album list type :type.'), { type: type.slice(0, 50) });
    const fromYear = params.int('fromYear', { min: 0, max: 9999 });
    const toYear = params.int('toYear', { min: 0, max: 9999 });
    if (type === 'byYear' && (fromYear === undefined || toYear === undefined)) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Required parameter :name is missing.'), { name: fromYear === undefined ? 'fromYear' : 'toYear' });
    const genre = type === 'byGenre' ? params.required('genre') : undefined;
    const album = await albumsInOrder(deps, auth, {
      type: type as AlbumListType,
      size: params.count('size', { max: LIST_MAX, fallback: 10 }),
      offset: params.int('offset', { min: 0, max: 1_000_000, fallback: 0 }),
      fromYear,
      toYear,
      genre,
    });
    return { albumList2: { album } };
  }),
  getRandomSongs: method(true, async ({ deps, auth, params }) => ({
    randomSongs: {
      song: await randomSongs(deps, auth, {
        size: params.count('size', { max: LIST_MAX, fallback: 10 }),
        genre: params.one('genre') || undefined,
        fromYear: params.int('fromYear', { min: 0, max: 9999 }),
        toYear: params.int('toYear', { min: 0, max: 9999 }),
      }),
    },
  })),
  getSongsByGenre: method(true, async ({ deps, auth, params }) => ({
    songsByGenre: {
      song: await songsByGenre(deps, auth, params.required('genre'), params.int('offset', { min: 0, max: 1_000_000, fallback: 0 }), params.count('count', { max: LIST_MAX, fallback: 10 })),
    },
  })),
  getGenres: method(true, async ({ deps }) => ({ genres: { genre: await genres(deps) } })),
  search3: method(true, async ({ deps, auth, params }) => {
    const query = params.required('query');
    if (query.length > 255) throw new SubsonicError(SUBSONIC_ERROR.generic, msg('The search text is too long. Use at most 255 characters.'));
    const count = (name: string) => params.count(name, { max: LIST_MAX, fallback: 20 });
    const offset = (name: string) => params.int(name, { min: 0, max: 1_000_000, fallback: 0 });
    return {
      searchResult3: await search3(deps, auth, {
        query,
        artistCount: count('artistCount'),
        artistOffset: offset('artistOffset'),
        albumCount: count('albumCount'),
        albumOffset: offset('albumOffset'),
        songCount: count('songCount'),
        songOffset: offset('songOffset'),
      }),
    };
  }),
  // The file as stored: no transcoding, so maxBitRate and format are ignored (apps read the
  // song's real bitRate and suffix). Streaming counts no play: scrobble does.
  stream: method(true, async ({ c, deps, auth, params }) => audioResponse(c, await songAudio(deps, auth, idOf(params.required('id'), 'track')))),
  download: method(true, async ({ c, deps, auth, params }) => {
    const audio = await songAudio(deps, auth, idOf(params.required('id'), 'track'));
    const name = `${audio.track.name}.${audio.entry?.extension ?? 'mp3'}`;
    return audioResponse(c, audio, { 'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}` });
  }),
  getCoverArt: method(true, coverArt),
  getLyricsBySongId: method(true, async ({ deps, params }) => ({ lyricsList: { structuredLyrics: await lyricsOfSong(deps, idOf(params.required('id'), 'track')) } })),
  star: method(false, async ({ deps, auth, params }) => {
    await star(deps, auth, starTargets(params), true);
    return {};
  }),
  unstar: method(false, async ({ deps, auth, params }) => {
    await star(deps, auth, starTargets(params), false);
    return {};
  }),
  getStarred2: method(true, async ({ deps, auth }) => ({ starred2: await starredItems(deps, auth) })),
  setRating: method(false, async ({ deps, auth, params }) => {
    const item = readSubsonicId(params.required('id'), 'track');
    if (!item) throw new SubsonicError(SUBSONIC_ERROR.notFound, msg('This item does not exist.'));
    const rating = params.int('rating', { min: 0, max: 5 });
    if (rating === undefined) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Required parameter :name is missing.'), { name: 'rating' });
    await rate(deps, auth, item, rating);
    return {};
  }),
  scrobble: method(true, async ({ c, deps, auth, params }) => {
    const ids = trackIds(params.all('id'));
    if (!ids.length) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Required parameter :name is missing.'), { name: 'id' });
    // `time` (milliseconds since 1970) pairs with `id` by position: an app sends the listens it kept offline in one call.
    const times = params.ints('time', { min: 0, max: 8_640_000_000_000_000 });
    if (times.length && times.length !== ids.length) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Send one time for each id, or none.'));
    if (ids.length > MAX_SCROBBLES_PER_CALL) throw new SubsonicError(SUBSONIC_ERROR.generic, msg('Send at most :count scrobbles in one call.'), { count: String(MAX_SCROBBLES_PER_CALL) });
    const { ip, userAgent } = clientInfo(c);
    // Apps name themselves in `c`; it says more about the device than their HTTP library's User-Agent.
    const plays = ids.map((trackId, index) => ({ trackId, time: times[index] }));
    await scrobble(deps, auth, plays, params.bool('submission', true), { ip, userAgent: userAgent ?? params.one('c') });
    return {};
  }),
  getNowPlaying: method(true, async ({ deps, auth }) => ({ nowPlaying: { entry: await nowPlaying(deps, auth) } })),
  getPlaylists: method(true, async ({ deps, auth, params }) => ({ playlists: { playlist: await playlistsOf(deps, auth, params.one('username')) } })),
  getPlaylist: method(true, async ({ deps, auth, params }) => ({ playlist: await playlistWithSongs(deps, auth, idOf(params.required('id'), 'playlist')) })),
  createPlaylist: method(true, async ({ deps, auth, params }) => {
    const playlistId = params.one('playlistId');
    return {
      playlist: await createOrReplacePlaylist(deps, auth, {
        playlistId: playlistId === undefined ? undefined : idOf(playlistId, 'playlist'),
        name: params.one('name'),
        trackIds: trackIds(params.all('songId')),
      }),
    };
  }),
  updatePlaylist: method(false, async ({ deps, auth, params }) => {
    const isPublic = params.one('public');
    await updatePlaylist(deps, auth, idOf(params.required('playlistId'), 'playlist'), {
      name: params.one('name'),
      comment: params.one('comment'),
      public: isPublic === undefined ? undefined : params.bool('public', false),
      add: trackIds(params.all('songIdToAdd')),
      removeIndexes: params.ints('songIndexToRemove', { min: 0, max: 1_000_000 }),
    });
    return {};
  }),
  deletePlaylist: method(false, async ({ deps, auth, params }) => {
    await deletePlaylist(deps, auth, idOf(params.required('id'), 'playlist'));
    return {};
  }),
  getPlayQueue: method(true, async ({ deps, auth }) => ({ playQueue: await playQueue(deps, auth) })),
  savePlayQueue: method(false, async ({ deps, auth, params }) => {
    const ids = trackIds(params.all('id'));
    const current = params.one('current');
    await savePlayQueue(deps, auth, {
      trackIds: ids,
      current: current === undefined || current === '' ? undefined : idOf(current, 'track'),
      position: params.int('position', { min: 0, max: Number.MAX_SAFE_INTEGER, fallback: 0 }),
      client: params.one('c') ?? '',
    });
    return {};
  }),
  getUser: method(false, async ({ deps, auth, params }) => ({ user: await subsonicUser(deps, auth, params.required('username')) })),
  // apiKeyAuthentication's call: whose key this is (with a password login, whose password).
  tokenInfo: method(false, async ({ auth }) => ({ tokenInfo: { username: auth.user!.email } })),
};

/** The methods served, as apps call them (docs/subsonic.md). */
export const SUBSONIC_METHODS: readonly string[] = Object.keys(METHODS);

/** Calls that answer without credentials: OpenSubsonic asks for the extension list to be open. */
const OPEN_METHODS = new Set(['getOpenSubsonicExtensions']);

/** Clients name the version they speak; a newer major one than ours cannot be served. */
function checkVersion(version: string | undefined): void {
  const major = version ? Number(/^(\d+)\./.exec(version)?.[1]) : undefined;
  if (major !== undefined && major > 1) throw new SubsonicError(SUBSONIC_ERROR.serverTooOld, msg('Incompatible Subsonic REST protocol version. Server must upgrade.'));
  if (major !== undefined && major < 1) throw new SubsonicError(SUBSONIC_ERROR.clientTooOld, msg('Incompatible Subsonic REST protocol version. Client must upgrade.'));
}

/**
 * The Subsonic API (1.16.1 with OpenSubsonic's extensions) for music apps, at /rest/<method> and
 * /rest/<method>.view, as GET or as a POSTed form. XML unless `f=json`; JSONP (`f=jsonp`) is
 * refused: it would let any web page read a listener's library with credentials it got hold of.
 * Credentials come in the parameters, never from cookies, so browser-based apps on other origins
 * may call it (CORS) and no cross-site forgery can ride on a session.
 */
export const subsonicRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    await next();
    c.header('Access-Control-Allow-Origin', '*');
  })
  .options('/:method{[A-Za-z0-9]+(?:\\.view)?}', (c) =>
    c.body(null, 204, { 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS', 'Access-Control-Allow-Headers': 'Content-Type', 'Access-Control-Max-Age': '86400' }),
  )
  .on(
    ['GET', 'POST'],
    '/:method{[A-Za-z0-9]+(?:\\.view)?}',
    async (c, next) => bodyLimit({ maxSize: c.get('deps').config.maxBodyBytes, onError: (ctx) => respondError(ctx as Context<AppEnv>, 'xml', new SubsonicError(SUBSONIC_ERROR.generic, msg('The request is too large.')), null) })(c, next),
    async (c) => {
      const deps = c.get('deps');
      const name = c.req.param('method').replace(/\.view$/, '');
      let format: Format = new URL(c.req.url).searchParams.get('f') === 'json' ? 'json' : 'xml';
      let user: AuthState['user'] = null;
      try {
        const params = await readParams(c);
        const f = params.one('f');
        format = f === 'json' ? 'json' : 'xml';
        if (f === 'jsonp') throw new SubsonicError(SUBSONIC_ERROR.generic, msg('JSONP is not supported. Use f=json.'));
        if (!(await subsonicEnabled(deps))) throw new SubsonicError(SUBSONIC_ERROR.generic, msg('The Subsonic API is disabled on this site.'));
        const target = Object.hasOwn(METHODS, name) ? METHODS[name] : undefined;
        if (!target) throw new SubsonicError(SUBSONIC_ERROR.notFound, msg('Unknown method :method.'), { method: name.slice(0, 50) });
        checkVersion(params.one('v'));
        if (OPEN_METHODS.has(name) && params.one('apiKey') === undefined && params.one('u') === undefined) {
          return respond(c, format, (await target.handler({ c, deps, auth: { user: null, session: null, permissions: [] }, params })) as SubsonicObject);
        }
        const { ip } = clientInfo(c);
        const auth = await authenticateSubsonic(deps, { u: params.one('u'), p: params.one('p'), t: params.one('t'), s: params.one('s'), apiKey: params.one('apiKey') }, ip);
        user = auth.user;
        if (target.listens) requireSubsonicPermission(auth, 'music.view');
        const result = await target.handler({ c, deps, auth, params });
        return result instanceof Response ? result : respond(c, format, result);
      } catch (error) {
        const subsonic = subsonicErrorOf(error);
        if (!subsonic) throw error;
        return respondError(c, format, subsonic, user);
      }
    },
  );
