import {
  albumCountsOfArtists,
  albumList,
  albumsByIds,
  albumsOfArtists,
  allArtistsByName,
  artistsByIds,
  artistsOfAlbums,
  artistsOfTracks,
  findAlbum,
  findArtist,
  findFileEntries,
  findPlayQueue,
  findTrack,
  findUserByEmail,
  genreCounts,
  genresOfTracks,
  inOrderOf,
  pageOfAlbums,
  pageOfArtists,
  pageOfTracks,
  playlistsOfUser,
  playsSince,
  publicUsersByIds,
  randomTracks,
  ratingsOf,
  savePlayQueue as storePlayQueue,
  setRating as storeRating,
  starredAt,
  starredIds,
  trackStatsOfPlaylists,
  tracksByIds,
  tracksOfAlbums,
  tracksOfGenre,
  tracksOfPlaylist,
  type AlbumListType,
  type AlbumRow,
  type ArtistRow,
  type PlaylistRow,
  type TrackRow,
  type UserRow,
} from '@app/db';
import type { AppDeps, AuthState } from '../context.ts';
import { msg } from '../i18n/msg.ts';
import { authenticateBearer } from '../services/access-tokens.service.ts';
import { findAudibleTrack, visibleTrackIds } from '../services/backstage-ownership.ts';
import { trackAudio } from '../services/catalog.service.ts';
import { displayName } from '../services/display-name.ts';
import { DomainError, ForbiddenError, NotFoundError, TooManyAttemptsError, UnauthenticatedError, ValidationError } from '../services/errors.ts';
import { follow, like } from '../services/library.service.ts';
import { getLyrics } from '../services/lyrics.service.ts';
import { hasPermission } from '../services/permissions.ts';
import { countPlay, type Listener } from '../services/plays.service.ts';
import { addTracks, canEditTracks, changePlaylist, createOwnPlaylist, PLAYLIST_MAX_TRACKS, removePlaylist, removeTracks, visiblePlaylist } from '../services/playlists.service.ts';
import { search } from '../services/search.service.ts';
import { loadSettings } from '../services/settings.service.ts';
import { permissionsOfAccount } from '../services/subscriptions.service.ts';
import { assertNotThrottled, hit, throttleIdentity, throttleNetwork, type Limit } from '../services/throttle.service.ts';
import { appPasswordMatches, type AppPasswordProof } from './app-password.service.ts';
import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';
import { textElement, type SubsonicObject } from './serialize.ts';

export { SubsonicError, SUBSONIC_ERROR } from './errors.ts';
export type { AlbumListType } from '@app/db';

// ---------------------------------------------------------------------------------------------
// Ids. Subsonic ids are strings; a prefix per kind keeps artists, albums, songs and playlists
// apart in apps' caches and in getCoverArt, which takes any of them. A bare number is read as
// the kind the parameter names, for clients that build ids themselves.

export type SubsonicKind = 'artist' | 'album' | 'track' | 'playlist';
const PREFIX: Record<SubsonicKind, string> = { artist: 'ar', album: 'al', track: 'tr', playlist: 'pl' };
const KIND_OF_PREFIX = Object.fromEntries(Object.entries(PREFIX).map(([kind, prefix]) => [prefix, kind])) as Record<string, SubsonicKind>;

export const subsonicId = (kind: SubsonicKind, id: number) => `${PREFIX[kind]}-${id}`;

/** The kind and number of an id, or undefined for anything that is not one of ours. */
export function readSubsonicId(value: string, fallback?: SubsonicKind): { kind: SubsonicKind; id: number } | undefined {
  const match = /^(?:(ar|al|tr|pl)-)?(\d{1,15})$/.exec(value.trim());
  if (!match) return undefined;
  const kind = match[1] ? KIND_OF_PREFIX[match[1]] : fallback;
  const id = Number(match[2]);
  return kind && Number.isSafeInteger(id) ? { kind, id } : undefined;
}

const NOT_FOUND: Record<SubsonicKind, string> = {
  artist: msg('This artist does not exist.'),
  album: msg('This album does not exist.'),
  track: msg('This track does not exist.'),
  playlist: msg('This playlist does not exist.'),
};

/** An id of one kind; another kind's id, or garbage, is simply not found (70). */
export function idOf(value: string, kind: SubsonicKind): number {
  const parsed = readSubsonicId(value, kind);
  if (!parsed || parsed.kind !== kind) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND[kind]);
  return parsed.id;
}

// ---------------------------------------------------------------------------------------------
// Authentication.

export interface AuthParams {
  u?: string;
  p?: string;
  t?: string;
  s?: string;
  apiKey?: string;
}

const MINUTE = 60_000;
const REFUSED = msg('Too many failed attempts. Please try again in :seconds seconds.');
/** Wrong app passwords for one account, and from one network across accounts, as the login counts them. */
const passwordLimits = (username: string, ip: string | null): Limit[] => [
  { key: `subsonic:${throttleIdentity(username)}`, max: 10, windowMs: MINUTE },
  ...(ip ? [{ key: `subsonic-network:${throttleNetwork(ip)}`, max: 30, windowMs: 15 * MINUTE }] : []),
];
const apiKeyLimits = (ip: string | null): Limit[] => (ip ? [{ key: `subsonic-network:${throttleNetwork(ip)}`, max: 30, windowMs: 15 * MINUTE }] : []);

/**
 * Refuses while a limit is used up. Apps repeat the credentials on every call, so a success is
 * not counted (that would be a write per song and cover); only failures are, after the check.
 */
async function throttled<T>(deps: AppDeps, limits: Limit[], check: () => Promise<T | null>): Promise<T | null> {
  try {
    for (const limit of limits) await assertNotThrottled(deps, limit, REFUSED);
  } catch (error) {
    if (error instanceof TooManyAttemptsError) throw new SubsonicError(SUBSONIC_ERROR.generic, error.message);
    throw error;
  }
  const result = await check();
  if (result === null) for (const limit of limits) await hit(deps, limit);
  return result;
}

function passwordProof(params: AuthParams): AppPasswordProof {
  if (params.t !== undefined || params.s !== undefined) {
    if (!params.t || !params.s) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Token authentication needs both t and s.'));
    return { kind: 'token', token: params.t, salt: params.s };
  }
  if (params.p === undefined) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Send the app password (p) or a token (t and s).'));
  const encoded = /^enc:([0-9a-fA-F]*)$/.exec(params.p);
  return { kind: 'password', password: encoded ? Buffer.from(encoded[1], 'hex').toString('utf8') : params.p };
}

/**
 * Who is calling: an API token as `apiKey` (OpenSubsonic), or the user's email as `u` with the app
 * password from account settings (`p`, or `t` = md5(password + `s`)). Then the account gates and
 * permissions of the site apply: a suspended or unconfirmed account may do nothing.
 */
export async function authenticateSubsonic(deps: AppDeps, params: AuthParams, ip: string | null): Promise<AuthState> {
  if (params.apiKey !== undefined && (params.u !== undefined || params.p !== undefined || params.t !== undefined || params.s !== undefined)) {
    throw new SubsonicError(SUBSONIC_ERROR.conflictingAuth, msg('Multiple conflicting authentication mechanisms provided.'));
  }
  let auth: AuthState | null;
  if (params.apiKey !== undefined) {
    const apiKey = params.apiKey;
    auth = await throttled(deps, apiKeyLimits(ip), async () => {
      try {
        return await authenticateBearer(deps, `Bearer ${apiKey}`);
      } catch (error) {
        if (error instanceof UnauthenticatedError) return null;
        if (error instanceof ForbiddenError) throw new SubsonicError(SUBSONIC_ERROR.notAuthorized, error.message);
        throw error;
      }
    });
    if (!auth) throw new SubsonicError(SUBSONIC_ERROR.invalidApiKey, msg('The API key is invalid or was revoked.'));
  } else {
    if (!params.u) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Required parameter u (or apiKey) is missing.'));
    const username = params.u;
    const proof = passwordProof(params);
    const user = await throttled(deps, passwordLimits(username, ip), async () => {
      const found = await findUserByEmail(deps.db, username);
      return found && (await appPasswordMatches(deps, found.id, proof)) ? found : null;
    });
    if (!user) throw new SubsonicError(SUBSONIC_ERROR.wrongCredentials, msg('Wrong username or password.'));
    auth = { user, session: null, permissions: await permissionsOfAccount(deps.db, user.id) };
  }
  const user = auth.user!;
  if (user.banned_at) throw new SubsonicError(SUBSONIC_ERROR.notAuthorized, msg('Your account is suspended.'));
  if (!user.email_verified_at && (await loadSettings(deps.db)).require_email_confirmation) {
    throw new SubsonicError(SUBSONIC_ERROR.notAuthorized, msg('Verify your email address to continue.'));
  }
  return auth;
}

export async function subsonicEnabled(deps: AppDeps): Promise<boolean> {
  return (await loadSettings(deps.db))['subsonic.enable'];
}

export function requireSubsonicPermission(auth: AuthState, name: string): void {
  if (!hasPermission(auth.permissions, name)) throw new SubsonicError(SUBSONIC_ERROR.notAuthorized, msg("You don't have permission to do that."));
}

/** The site's domain errors in Subsonic's codes. */
export function subsonicErrorOf(error: unknown): SubsonicError | undefined {
  if (error instanceof SubsonicError) return error;
  if (!(error instanceof DomainError)) return undefined;
  if (error instanceof NotFoundError) return new SubsonicError(SUBSONIC_ERROR.notFound, error.message);
  if (error instanceof ForbiddenError || error instanceof UnauthenticatedError) return new SubsonicError(SUBSONIC_ERROR.notAuthorized, error.message);
  if (error instanceof ValidationError) {
    const first = error.errors ? Object.values(error.errors).flat()[0] : undefined;
    return new SubsonicError(SUBSONIC_ERROR.generic, typeof first === 'string' ? first : error.message);
  }
  return new SubsonicError(SUBSONIC_ERROR.generic, error.message);
}

// ---------------------------------------------------------------------------------------------
// Presenting: the site's rows as Subsonic's Child, AlbumID3, ArtistID3 and Playlist.

const year = (date: string | null) => (date && /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : undefined);
const seconds = (ms: number | null) => (ms ? Math.round(ms / 1000) : 0);
const isoTime = (value: string) => (Number.isNaN(Date.parse(value)) ? value : new Date(value).toISOString());

function imageUrl(deps: AppDeps, image: string | null): string | undefined {
  if (!image) return undefined;
  return image.startsWith('/') ? `${deps.config.appUrl}${image}` : image;
}

interface Viewer {
  userId: number;
  username: string;
}

/** Songs with their album, artists, genres, file facts, stars and ratings, in a fixed number of queries. */
export async function presentSongs(deps: AppDeps, viewer: Viewer, tracks: TrackRow[]): Promise<SubsonicObject[]> {
  const { db } = deps;
  const ids = tracks.map((t) => t.id);
  const albumIds = [...new Set(tracks.map((t) => t.album_id).filter((id): id is number => id !== null))];
  const [artists, genres, albums, files, starred, ratings] = await Promise.all([
    artistsOfTracks(db, ids),
    genresOfTracks(db, ids),
    albumsByIds(db, albumIds),
    findFileEntries(db, tracks.map((t) => t.file_entry_id).filter((id): id is number => id !== null)),
    starredAt(db, viewer.userId, 'track', ids),
    ratingsOf(db, viewer.userId, 'track', ids),
  ]);
  const albumArtists = await artistsOfAlbums(db, albumIds);
  const albumById = new Map(albums.map((a) => [a.id, a]));
  const fileById = new Map(files.map((f) => [f.id, f]));
  return tracks.map((track) => {
    const album = track.album_id !== null ? albumById.get(track.album_id) : undefined;
    const file = track.file_entry_id !== null ? fileById.get(track.file_entry_id) : undefined;
    const trackArtists = artists.get(track.id) ?? [];
    const trackGenres = genres.get(track.id) ?? [];
    const albumArtistList = album ? (albumArtists.get(album.id) ?? []) : [];
    const suffix = file?.extension ?? (file?.name.includes('.') ? file.name.split('.').pop() : undefined);
    const duration = seconds(track.duration);
    return {
      id: subsonicId('track', track.id),
      parent: album ? subsonicId('album', album.id) : undefined,
      isDir: false,
      title: track.name,
      album: album?.name,
      artist: trackArtists.map((a) => a.name).join(', ') || undefined,
      track: track.number ?? undefined,
      year: year(album?.release_date ?? null),
      genre: trackGenres[0]?.display_name ?? trackGenres[0]?.name,
      coverArt: album ? subsonicId('album', album.id) : subsonicId('track', track.id),
      size: file?.file_size,
      contentType: file?.mime ?? undefined,
      suffix,
      duration,
      bitRate: file?.file_size && duration ? Math.round((file.file_size * 8) / duration / 1000) : undefined,
      path: `${albumArtistList[0]?.name ?? trackArtists[0]?.name ?? 'Unknown'}/${album?.name ?? 'Singles'}/${track.name}${suffix ? `.${suffix}` : ''}`,
      playCount: track.plays,
      created: isoTime(track.created_at),
      starred: starred.has(track.id) ? isoTime(starred.get(track.id)!) : undefined,
      userRating: ratings.get(track.id),
      albumId: album ? subsonicId('album', album.id) : undefined,
      artistId: trackArtists[0] ? subsonicId('artist', trackArtists[0].id) : undefined,
      type: 'music',
      isVideo: false,
      // OpenSubsonic's additions.
      mediaType: 'song',
      genres: trackGenres.map((g) => ({ name: g.display_name ?? g.name })),
      artists: trackArtists.map((a) => ({ id: subsonicId('artist', a.id), name: a.name })),
      displayArtist: trackArtists.map((a) => a.name).join(', '),
      albumArtists: albumArtistList.map((a) => ({ id: subsonicId('artist', a.id), name: a.name })),
      displayAlbumArtist: albumArtistList.map((a) => a.name).join(', '),
    };
  });
}

export async function presentAlbums(deps: AppDeps, viewer: Viewer, albums: AlbumRow[]): Promise<SubsonicObject[]> {
  const { db } = deps;
  const ids = albums.map((a) => a.id);
  const [artists, tracks, starred, ratings] = await Promise.all([
    artistsOfAlbums(db, ids),
    tracksOfAlbums(db, ids),
    starredAt(db, viewer.userId, 'album', ids),
    ratingsOf(db, viewer.userId, 'album', ids),
  ]);
  const allTracks = [...tracks.values()].flat();
  const genres = await genresOfTracks(db, allTracks.map((t) => t.id));
  return albums.map((album) => {
    const albumArtists = artists.get(album.id) ?? [];
    const albumTracks = tracks.get(album.id) ?? [];
    const albumGenres = [...new Set(albumTracks.flatMap((t) => (genres.get(t.id) ?? []).map((g) => g.display_name ?? g.name)))];
    return {
      id: subsonicId('album', album.id),
      name: album.name,
      artist: albumArtists.map((a) => a.name).join(', ') || undefined,
      artistId: albumArtists[0] ? subsonicId('artist', albumArtists[0].id) : undefined,
      coverArt: subsonicId('album', album.id),
      songCount: albumTracks.length,
      duration: albumTracks.reduce((sum, t) => sum + seconds(t.duration), 0),
      playCount: album.plays,
      created: isoTime(album.created_at),
      starred: starred.has(album.id) ? isoTime(starred.get(album.id)!) : undefined,
      year: year(album.release_date),
      genre: albumGenres[0],
      userRating: ratings.get(album.id),
      // OpenSubsonic's additions.
      artists: albumArtists.map((a) => ({ id: subsonicId('artist', a.id), name: a.name })),
      displayArtist: albumArtists.map((a) => a.name).join(', '),
      genres: albumGenres.map((name) => ({ name })),
      releaseTypes: [album.type],
      isCompilation: album.type === 'compilation',
    };
  });
}

export async function presentArtists(deps: AppDeps, viewer: Viewer, artists: ArtistRow[]): Promise<SubsonicObject[]> {
  const ids = artists.map((a) => a.id);
  const [albumCounts, starred] = await Promise.all([albumCountsOfArtists(deps.db, ids), starredAt(deps.db, viewer.userId, 'artist', ids)]);
  return artists.map((artist) => ({
    id: subsonicId('artist', artist.id),
    name: artist.name,
    coverArt: subsonicId('artist', artist.id),
    artistImageUrl: imageUrl(deps, artist.image),
    albumCount: albumCounts.get(artist.id) ?? 0,
    starred: starred.has(artist.id) ? isoTime(starred.get(artist.id)!) : undefined,
  }));
}

/** Artists as Subsonic's folder-based Artist type (getIndexes): no cover or album count, but the listener's rating. */
async function presentFolderArtists(deps: AppDeps, viewer: Viewer, artists: ArtistRow[]): Promise<SubsonicObject[]> {
  const ids = artists.map((a) => a.id);
  const [starred, ratings] = await Promise.all([starredAt(deps.db, viewer.userId, 'artist', ids), ratingsOf(deps.db, viewer.userId, 'artist', ids)]);
  return artists.map((artist) => ({
    id: subsonicId('artist', artist.id),
    name: artist.name,
    artistImageUrl: imageUrl(deps, artist.image),
    starred: starred.has(artist.id) ? isoTime(starred.get(artist.id)!) : undefined,
    userRating: ratings.get(artist.id),
  }));
}

async function presentPlaylists(deps: AppDeps, viewer: Viewer, playlists: PlaylistRow[]): Promise<SubsonicObject[]> {
  const ids = playlists.map((p) => p.id);
  const [stats, owners] = await Promise.all([trackStatsOfPlaylists(deps.db, ids), publicUsersByIds(deps.db, [...new Set(playlists.map((p) => p.owner_id))])]);
  return playlists.map((playlist) => ({
    id: subsonicId('playlist', playlist.id),
    name: playlist.name,
    comment: playlist.description ?? undefined,
    // Apps offer to edit a playlist whose owner is the username they logged in with; other
    // people are named as on the site, never by their email.
    owner: playlist.owner_id === viewer.userId ? viewer.username : owners.has(playlist.owner_id) ? displayName(owners.get(playlist.owner_id)!) : undefined,
    public: Boolean(playlist.public),
    songCount: stats.get(playlist.id)?.count ?? 0,
    duration: seconds(stats.get(playlist.id)?.duration ?? 0),
    created: isoTime(playlist.created_at),
    changed: isoTime(playlist.updated_at),
    coverArt: subsonicId('playlist', playlist.id),
  }));
}

const viewerOf = (auth: AuthState): Viewer => ({ userId: auth.user!.id, username: auth.user!.email });

// ---------------------------------------------------------------------------------------------
// Browsing.

const IGNORED_ARTICLES = 'The El La Los Las Le Les';

function indexLetter(name: string): string {
  const first = name
    .replace(/^(the|el|la|los|las|le|les)\s+/i, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toUpperCase();
  return /[A-Z]/.test(first) ? first : '#';
}

/** getArtists (ArtistID3) and getIndexes (Artist): every artist under its first letter. */
export async function artistIndex(deps: AppDeps, auth: AuthState, type: 'ArtistID3' | 'Artist'): Promise<{ ignoredArticles: string; index: SubsonicObject[] }> {
  const present = type === 'ArtistID3' ? presentArtists : presentFolderArtists;
  const artists = await present(deps, viewerOf(auth), await allArtistsByName(deps.db));
  const groups = new Map<string, SubsonicObject[]>();
  for (const artist of artists) {
    const letter = indexLetter(String(artist.name));
    groups.set(letter, [...(groups.get(letter) ?? []), artist]);
  }
  const letters = [...groups.keys()].sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)));
  return { ignoredArticles: IGNORED_ARTICLES, index: letters.map((name) => ({ name, artist: groups.get(name)! })) };
}

export async function artistWithAlbums(deps: AppDeps, auth: AuthState, id: number): Promise<SubsonicObject> {
  const artist = await findArtist(deps.db, id);
  if (!artist) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.artist);
  const albums = (await albumsOfArtists(deps.db, [id])).get(id) ?? [];
  const [presented] = await presentArtists(deps, viewerOf(auth), [artist]);
  return { ...presented, album: await presentAlbums(deps, viewerOf(auth), albums) };
}

export async function artistInfo(deps: AppDeps, id: number): Promise<SubsonicObject> {
  const artist = await findArtist(deps.db, id);
  if (!artist) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.artist);
  const image = textElement(imageUrl(deps, artist.image));
  return { biography: textElement(artist.description), smallImageUrl: image, mediumImageUrl: image, largeImageUrl: image };
}

export async function albumWithSongs(deps: AppDeps, auth: AuthState, id: number): Promise<SubsonicObject> {
  const album = await findAlbum(deps.db, id);
  if (!album) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.album);
  const tracks = (await tracksOfAlbums(deps.db, [id])).get(id) ?? [];
  const [presented] = await presentAlbums(deps, viewerOf(auth), [album]);
  return { ...presented, song: await presentSongs(deps, viewerOf(auth), tracks) };
}

export async function albumInfo(deps: AppDeps, id: number): Promise<SubsonicObject> {
  const album = await findAlbum(deps.db, id);
  if (!album) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.album);
  const image = textElement(imageUrl(deps, album.image));
  return { notes: textElement(album.description), smallImageUrl: image, mediumImageUrl: image, largeImageUrl: image };
}

export async function song(deps: AppDeps, auth: AuthState, id: number): Promise<SubsonicObject> {
  const track = await findTrack(deps.db, id);
  if (!track) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.track);
  return (await presentSongs(deps, viewerOf(auth), [track]))[0];
}

export async function albumsInOrder(deps: AppDeps, auth: AuthState, q: { type: AlbumListType; offset: number; size: number; fromYear?: number; toYear?: number; genre?: string }) {
  const albums = await albumList(deps.db, { type: q.type, offset: q.offset, limit: q.size, userId: auth.user!.id, fromYear: q.fromYear, toYear: q.toYear, genre: q.genre });
  return presentAlbums(deps, viewerOf(auth), albums);
}

export async function randomSongs(deps: AppDeps, auth: AuthState, q: { size: number; genre?: string; fromYear?: number; toYear?: number }) {
  return presentSongs(deps, viewerOf(auth), await randomTracks(deps.db, { limit: q.size, genre: q.genre, fromYear: q.fromYear, toYear: q.toYear }));
}

export async function songsByGenre(deps: AppDeps, auth: AuthState, genre: string, offset: number, count: number) {
  return presentSongs(deps, viewerOf(auth), await tracksOfGenre(deps.db, genre, offset, count));
}

export async function genres(deps: AppDeps): Promise<SubsonicObject[]> {
  return (await genreCounts(deps.db)).map((g) => ({ value: g.display_name ?? g.name, songCount: g.song_count, albumCount: g.album_count }));
}

export interface Search3Query {
  query: string;
  artistCount: number;
  artistOffset: number;
  albumCount: number;
  albumOffset: number;
  songCount: number;
  songOffset: number;
}

/**
 * search3 with the site's search (prefix words, accents ignored, most played first). An empty
 * query (or `""`, as some apps send) lists the whole library in id order: that is how apps such
 * as Symfonium sync it.
 */
export async function search3(deps: AppDeps, auth: AuthState, q: Search3Query): Promise<SubsonicObject> {
  const viewer = viewerOf(auth);
  const text = q.query.trim();
  if (text === '' || text === '""') {
    const [artists, albums, tracks] = await Promise.all([
      q.artistCount ? pageOfArtists(deps.db, q.artistOffset, q.artistCount) : [],
      q.albumCount ? pageOfAlbums(deps.db, q.albumOffset, q.albumCount) : [],
      q.songCount ? pageOfTracks(deps.db, q.songOffset, q.songCount) : [],
    ]);
    return { artist: await presentArtists(deps, viewer, artists), album: await presentAlbums(deps, viewer, albums), song: await presentSongs(deps, viewer, tracks) };
  }
  // The site's search pages by page number; Subsonic's offset is read as the page it falls in.
  const idsOf = async (type: 'artist' | 'album' | 'track', count: number, offset: number): Promise<number[]> => {
    if (!count) return [];
    const page = Math.floor(offset / count) + 1;
    const found = await search(deps.db, { text, types: [type], limit: count, page });
    const list = (found.results as Record<string, { id: number }[] | undefined>)[type === 'track' ? 'tracks' : `${type}s`] ?? [];
    return list.map((item) => item.id);
  };
  const [artistIds, albumIds, trackIds] = await Promise.all([
    idsOf('artist', q.artistCount, q.artistOffset),
    idsOf('album', q.albumCount, q.albumOffset),
    idsOf('track', q.songCount, q.songOffset),
  ]);
  const [artists, albums, tracks] = await Promise.all([artistsByIds(deps.db, artistIds), albumsByIds(deps.db, albumIds), tracksByIds(deps.db, trackIds)]);
  return {
    artist: await presentArtists(deps, viewer, inOrderOf(artistIds, artists)),
    album: await presentAlbums(deps, viewer, inOrderOf(albumIds, albums)),
    song: await presentSongs(deps, viewer, inOrderOf(trackIds, tracks)),
  };
}

// ---------------------------------------------------------------------------------------------
// Audio, covers and lyrics.

/** The audio of a song the caller may hear (drafts only for those who manage them, as on the site). */
export async function songAudio(deps: AppDeps, auth: AuthState, id: number) {
  return trackAudio(deps, auth, id);
}

/** The image of an artist, album, song (its album's) or playlist (its own, else its first album's). */
export async function coverImage(deps: AppDeps, auth: AuthState, value: string): Promise<string> {
  const parsed = readSubsonicId(value, 'album');
  const missing = new SubsonicError(SUBSONIC_ERROR.notFound, msg('This cover does not exist.'));
  if (!parsed) throw missing;
  let image: string | null | undefined;
  if (parsed.kind === 'artist') image = (await findArtist(deps.db, parsed.id))?.image;
  else if (parsed.kind === 'album') image = (await findAlbum(deps.db, parsed.id))?.image;
  else if (parsed.kind === 'track') {
    const track = await findAudibleTrack(deps, auth, parsed.id).catch(() => undefined);
    image = track?.album_id ? (await findAlbum(deps.db, track.album_id))?.image : undefined;
  } else {
    const playlist = await visiblePlaylist(deps.db, auth, parsed.id).catch(() => undefined);
    image = playlist?.image;
    if (playlist && !image) {
      const [first] = await tracksOfPlaylist(deps.db, playlist.id, 0, 1);
      image = first?.album_id ? (await findAlbum(deps.db, first.album_id))?.image : undefined;
    }
  }
  if (!image) throw missing;
  return image;
}

export async function lyricsOfSong(deps: AppDeps, id: number): Promise<SubsonicObject[]> {
  const track = await findTrack(deps.db, id);
  if (!track) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.track);
  const lyrics = await getLyrics(deps.db, id);
  if (!lyrics) return [];
  const artist = (await artistsOfTracks(deps.db, [id])).get(id)?.[0];
  return [
    {
      displayArtist: artist?.name,
      displayTitle: track.name,
      lang: 'xxx',
      synced: lyrics.is_synced,
      offset: 0,
      line: lyrics.is_synced && lyrics.lines ? lyrics.lines.map((line) => ({ start: line.time_ms, value: line.text })) : lyrics.text.split('\n').map((value) => ({ value })),
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// The listener's library: stars (the site's likes and follows), ratings, plays, queue.

export async function star(deps: AppDeps, auth: AuthState, items: { kind: SubsonicKind; id: number }[], starred: boolean): Promise<void> {
  for (const { kind, id } of items) {
    if (kind === 'artist') await follow(deps, auth, 'artist', id, starred);
    // The site's like refuses drafts to those who may not see them, as an unknown id.
    else if (kind === 'track' || kind === 'album') await like(deps.db, auth, kind, id, starred);
    else throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND[kind]);
  }
}

const STARRED_LIMIT = 5000;

export async function starredItems(deps: AppDeps, auth: AuthState): Promise<SubsonicObject> {
  const viewer = viewerOf(auth);
  const ids = await starredIds(deps.db, viewer.userId, STARRED_LIMIT);
  const [artists, albums, tracks] = await Promise.all([artistsByIds(deps.db, ids.artist), albumsByIds(deps.db, ids.album), tracksByIds(deps.db, ids.track)]);
  return {
    artist: await presentArtists(deps, viewer, inOrderOf(ids.artist, artists)),
    album: await presentAlbums(deps, viewer, inOrderOf(ids.album, albums)),
    song: await presentSongs(deps, viewer, inOrderOf(ids.track, tracks)),
  };
}

export async function rate(deps: AppDeps, auth: AuthState, item: { kind: SubsonicKind; id: number }, rating: number): Promise<void> {
  if (item.kind === 'playlist') throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.playlist);
  const exists = item.kind === 'artist' ? await findArtist(deps.db, item.id) : item.kind === 'album' ? await findAlbum(deps.db, item.id) : await findTrack(deps.db, item.id);
  if (!exists) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND[item.kind]);
  await storeRating(deps.db, auth.user!.id, item.kind, item.id, rating, new Date().toISOString());
}

/** Listens older than this are not counted, as scrobbling services do. */
const SCROBBLE_MAX_AGE_MS = 14 * 86_400_000;
/** Scrobbles one call may carry: each is a transaction, and an app's offline backlog fits many times over. */
export const MAX_SCROBBLES_PER_CALL = 500;

/**
 * scrobble with submission=true counts a play through the web player's rule (a repeat within the
 * counting threshold is ignored); streaming never counts, since apps download ahead and cache.
 * Each play is dated when the app says it was heard (apps scrobble offline listens later), and
 * the repeat rule looks around that time, so two listens an hour apart count twice and a resent
 * scrobble once. A time ahead of the server's clock is a phone's clock running fast: it counts now.
 * A dated listen is a repeat of any song heard within the counting threshold of it (nobody hears two
 * at once), and listens older than 14 days are left out, so a date in the past cannot add plays
 * faster than anyone listens.
 * submission=false ("now playing") records nothing: getNowPlaying lists recent counted plays.
 */
export async function scrobble(deps: AppDeps, auth: AuthState, plays: { trackId: number; time?: number }[], submission: boolean, listener: Omit<Listener, 'userId'>): Promise<void> {
  const known = new Set((await tracksByIds(deps.db, [...new Set(plays.map((p) => p.trackId))])).map((t) => t.id));
  if (plays.some((p) => !known.has(p.trackId))) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.track);
  if (!submission) return;
  const oldest = Date.now() - SCROBBLE_MAX_AGE_MS;
  for (const play of plays) {
    if (play.time !== undefined && play.time < oldest) continue;
    const playedAt = play.time === undefined ? undefined : new Date(Math.min(play.time, Date.now()));
    await countPlay(deps.db, play.trackId, { ...listener, userId: auth.user!.id }, playedAt);
  }
}

/** How far back a counted play still shows as playing now. */
export const NOW_PLAYING_MINUTES = 10;

export async function nowPlaying(deps: AppDeps, auth: AuthState): Promise<SubsonicObject[]> {
  const now = Date.now();
  const plays = await playsSince(deps.db, new Date(now - NOW_PLAYING_MINUTES * MINUTE).toISOString(), 100);
  // One entry per listener: their latest play.
  const latest = [...new Map(plays.reverse().map((play) => [play.user_id, play])).values()].reverse();
  const tracks = await tracksByIds(deps.db, latest.map((p) => p.track_id));
  const songs = new Map((await presentSongs(deps, viewerOf(auth), tracks)).map((s) => [s.id, s]));
  return latest.flatMap((play) => {
    const entry = songs.get(subsonicId('track', play.track_id));
    return entry ? [{ ...entry, username: play.user_name ?? `Listener ${play.user_id}`, minutesAgo: Math.max(0, Math.floor((now - Date.parse(play.created_at)) / MINUTE)), playerId: 0 }] : [];
  });
}

/**
 * The saved queue, or an empty one that never changed: OpenSubsonic requires the playQueue element
 * with its owner either way. A queue with songs names one of them as current: entries leave drafts
 * out (the row keeps them for when they are published), so when the saved one is not shown, the
 * first shown song is current, from its start.
 */
export async function playQueue(deps: AppDeps, auth: AuthState): Promise<SubsonicObject> {
  const username = auth.user!.email;
  const queue = await findPlayQueue(deps.db, auth.user!.id);
  if (!queue) return { username, changed: new Date(0).toISOString(), changedBy: '' };
  const ids = JSON.parse(queue.track_ids) as number[];
  const tracks = await tracksByIds(deps.db, [...new Set(ids)]);
  const songs = new Map((await presentSongs(deps, viewerOf(auth), tracks)).map((s) => [s.id, s]));
  const entry = ids.flatMap((id) => songs.get(subsonicId('track', id)) ?? []);
  const saved = queue.current_track_id !== null ? subsonicId('track', queue.current_track_id) : undefined;
  const first = ids.map((id) => subsonicId('track', id)).find((id) => songs.has(id));
  const current = saved !== undefined && songs.has(saved) ? saved : first;
  return {
    current,
    position: current === undefined ? undefined : current === saved ? queue.position_ms : 0,
    username,
    changed: isoTime(queue.changed_at),
    changedBy: queue.changed_by,
    entry,
  };
}

export const PLAY_QUEUE_MAX = 1000;

export async function savePlayQueue(deps: AppDeps, auth: AuthState, q: { trackIds: number[]; current?: number; position: number; client: string }): Promise<void> {
  await storePlayQueue(deps.db, {
    user_id: auth.user!.id,
    track_ids: JSON.stringify(q.trackIds.slice(0, PLAY_QUEUE_MAX)),
    current_track_id: q.current ?? null,
    position_ms: q.position,
    changed_at: new Date().toISOString(),
    changed_by: q.client.slice(0, 100),
  });
}

// ---------------------------------------------------------------------------------------------
// Playlists, through the site's rules: owners and managers change them, collaborators their tracks.

export async function playlistsOf(deps: AppDeps, auth: AuthState, username: string | undefined): Promise<SubsonicObject[]> {
  let userId = auth.user!.id;
  let onlyPublic = false;
  if (username !== undefined && username !== auth.user!.email) {
    const other = await findUserByEmail(deps.db, username);
    if (!other) throw new SubsonicError(SUBSONIC_ERROR.notFound, msg('This user does not exist.'));
    userId = other.id;
    // Without the right to manage playlists, someone else's private ones stay private.
    onlyPublic = !hasPermission(auth.permissions, 'playlists.update');
  }
  const rows = await playlistsOfUser(deps.db, userId, { includeFollowed: userId === auth.user!.id, onlyPublic, offset: 0, limit: 1000 });
  return presentPlaylists(deps, viewerOf(auth), rows);
}

export async function playlistWithSongs(deps: AppDeps, auth: AuthState, id: number): Promise<SubsonicObject> {
  const playlist = await visiblePlaylist(deps.db, auth, id);
  const tracks = await shownTracks(deps, playlist.id);
  const [presented] = await presentPlaylists(deps, viewerOf(auth), [playlist]);
  return { ...presented, entry: await presentSongs(deps, viewerOf(auth), tracks) };
}

/**
 * The songs of a playlist as apps see them, in order: drafts are left out (their rows stay, so
 * they show again once published), and songIndexToRemove counts over this list.
 */
async function shownTracks(deps: AppDeps, playlistId: number): Promise<TrackRow[]> {
  return tracksOfPlaylist(deps.db, playlistId, 0, PLAYLIST_MAX_TRACKS);
}

/**
 * A playlist holds a song once, as on the site, so a repeat is refused rather than quietly
 * dropped. Unknown songs and drafts are refused alike, as getSong refuses them.
 */
const REPEATED_SONG = msg('A playlist holds a song only once.');

/**
 * Songs a playlist call adds, checked before anything changes: each once, each one the caller may
 * see (the site's rule for drafts, visibleTrackIds), and room for them beside the `kept` songs.
 */
async function checkSongsToAdd(deps: AppDeps, auth: AuthState, ids: number[], kept: number): Promise<void> {
  if (new Set(ids).size !== ids.length) throw new SubsonicError(SUBSONIC_ERROR.generic, REPEATED_SONG);
  const visible = await visibleTrackIds(deps.db, auth, ids);
  if (ids.some((id) => !visible.has(id))) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.track);
  if (kept + ids.length > PLAYLIST_MAX_TRACKS) throw new SubsonicError(SUBSONIC_ERROR.generic, msg('A playlist holds at most :count tracks.'), { count: String(PLAYLIST_MAX_TRACKS) });
}

async function playlistForTrackChanges(deps: AppDeps, auth: AuthState, id: number): Promise<PlaylistRow> {
  const playlist = await visiblePlaylist(deps.db, auth, id);
  if (!(await canEditTracks(deps.db, auth, playlist))) throw new SubsonicError(SUBSONIC_ERROR.notAuthorized, msg('Only the owner or collaborators can change the tracks of this playlist.'));
  return playlist;
}

/**
 * createPlaylist: a new playlist, or with playlistId the songs of that one replaced. Everything
 * is checked before anything changes, so a refused call leaves the playlist as it was.
 */
export async function createOrReplacePlaylist(deps: AppDeps, auth: AuthState, q: { playlistId?: number; name?: string; trackIds: number[] }): Promise<SubsonicObject> {
  let id = q.playlistId;
  if (id !== undefined) await playlistForTrackChanges(deps, auth, id);
  // Replacing keeps none of the songs shown, so the new ones need room of their own only.
  await checkSongsToAdd(deps, auth, q.trackIds, 0);
  if (id !== undefined) {
    if (q.name) await changePlaylist(deps.db, auth, id, { name: q.name.slice(0, 255) });
    const shown = (await shownTracks(deps, id)).map((t) => t.id);
    if (shown.length) await removeTracks(deps.db, auth, id, shown);
  } else {
    if (!q.name) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Required parameter name (or playlistId) is missing.'));
    id = (await createOwnPlaylist(deps.db, auth, { name: q.name.slice(0, 255), public: false })).id;
  }
  if (q.trackIds.length) await addTracks(deps.db, auth, id, q.trackIds);
  return playlistWithSongs(deps, auth, id);
}

/**
 * updatePlaylist: details, then the songs at the given indexes (of the list before this call)
 * removed, then songs appended. An index past the end or a repeated song refuses the whole call.
 */
export async function updatePlaylist(
  deps: AppDeps,
  auth: AuthState,
  id: number,
  q: { name?: string; comment?: string; public?: boolean; add: number[]; removeIndexes: number[] },
): Promise<void> {
  const details = { ...(q.name !== undefined ? { name: q.name.slice(0, 255) } : {}), ...(q.comment !== undefined ? { description: q.comment } : {}), ...(q.public !== undefined ? { public: q.public } : {}) };
  let removed: number[] = [];
  if (q.add.length || q.removeIndexes.length) {
    await playlistForTrackChanges(deps, auth, id);
    const shown = (await shownTracks(deps, id)).map((t) => t.id);
    const outside = q.removeIndexes.find((index) => index >= shown.length);
    if (outside !== undefined) throw new SubsonicError(SUBSONIC_ERROR.generic, msg('This playlist has no song at index :index.'), { index: String(outside) });
    removed = [...new Set(q.removeIndexes.map((index) => shown[index]))];
    const kept = new Set(shown.filter((trackId) => !removed.includes(trackId)));
    if (q.add.some((trackId) => kept.has(trackId))) throw new SubsonicError(SUBSONIC_ERROR.generic, REPEATED_SONG);
    await checkSongsToAdd(deps, auth, q.add, kept.size);
  }
  if (Object.keys(details).length) await changePlaylist(deps.db, auth, id, details);
  if (removed.length) await removeTracks(deps.db, auth, id, removed);
  if (q.add.length) await addTracks(deps.db, auth, id, q.add);
  // Nothing to change still proves the playlist exists and is the caller's to see.
  if (!Object.keys(details).length && !q.removeIndexes.length && !q.add.length) await visiblePlaylist(deps.db, auth, id);
}

export async function deletePlaylist(deps: AppDeps, auth: AuthState, id: number): Promise<void> {
  await removePlaylist(deps, auth, id);
}

// ---------------------------------------------------------------------------------------------
// Users.

function userObject(user: UserRow, permissions: AuthState['permissions']): SubsonicObject {
  const can = (name: string) => hasPermission(permissions, name);
  return {
    username: user.email,
    email: user.email,
    scrobblingEnabled: true,
    adminRole: can('admin'),
    settingsRole: true,
    downloadRole: can('music.view'),
    uploadRole: can('music.create'),
    playlistRole: can('music.view'),
    coverArtRole: can('music.update'),
    commentRole: can('music.view'),
    podcastRole: false,
    streamRole: can('music.view'),
    jukeboxRole: false,
    shareRole: false,
    videoConversionRole: false,
    folder: [1],
  };
}

/** The caller's own account; someone else's only for those who manage users. */
export async function subsonicUser(deps: AppDeps, auth: AuthState, username: string): Promise<SubsonicObject> {
  if (username === auth.user!.email) return userObject(auth.user!, auth.permissions);
  if (!hasPermission(auth.permissions, 'users.update')) throw new SubsonicError(SUBSONIC_ERROR.notAuthorized, msg("You don't have permission to do that."));
  const other = await findUserByEmail(deps.db, username);
  if (!other) throw new SubsonicError(SUBSONIC_ERROR.notFound, msg('This user does not exist.'));
  return userObject(other, await permissionsOfAccount(deps.db, other.id));
}
