import type { AlbumRow, ArtistRow, Db, FileEntryRow, TrackRow } from '@app/db';
import * as tableVersionsRepository from '@app/db/caching/table-versions';
import * as catalogRepository from '@app/db/catalog/catalog';
import * as channelsRepository from '@app/db/catalog/channels';
import * as fileEntriesRepository from '@app/db/uploads/file-entries';
import type { AppDeps, AuthState } from '../context.ts';
import { findAudibleTrack } from '../backstage/backstage-ownership.ts';
import { notFound } from '../common/errors.ts';
import { createProcessCache } from '../caching/process-cache.ts';
import { readTableVersions } from '../caching/table-versions.ts';
import type { AlbumResource, ArtistResource, TrackResource } from './catalog.schemas.ts';

export const ALBUM_RELATIONS = ['artists', 'tracks', 'tracks.artists', 'tags'] as const;
export const ALBUM_COUNTS = ['tracks'] as const;
export const ARTIST_RELATIONS = ['albums', 'topTracks', 'topTracks.artists', 'topTracks.album'] as const;
export const ARTIST_COUNTS = ['albums'] as const;
export const TRACK_RELATIONS = ['album', 'album.artists', 'artists', 'genres', 'tags'] as const;

type Relations<T extends readonly string[]> = Set<T[number]>;

export function streamUrl(track: Pick<TrackRow, 'id' | 'file_entry_id' | 'src'>): string | null {
  return track.file_entry_id || track.src ? `/api/v1/tracks/${track.id}/stream` : null;
}

function albumSummary(album: AlbumRow) {
  return { id: album.id, name: album.name, image: album.image, release_date: album.release_date, type: album.type };
}

function albumResource(album: AlbumRow): AlbumResource {
  return { ...albumSummary(album), description: album.description };
}

/** Relations a caller has already loaded in its own batch, so presenting them costs no query. */
export interface LoadedTrackRelations {
  artists?: Map<number, catalogRepository.ArtistSummary[]>;
  albums?: Map<number, AlbumRow>;
  albumArtists?: Map<number, catalogRepository.ArtistSummary[]>;
}

/** Tracks with their artists, album and genres loaded in one query per relation. */
export async function presentTracks(
  db: Db,
  tracks: TrackRow[],
  relations: Relations<typeof TRACK_RELATIONS>,
  loaded: LoadedTrackRelations = {},
): Promise<TrackResource[]> {
  const ids = tracks.map((t) => t.id);
  const wantsAlbum = relations.has('album') || relations.has('album.artists');
  const albumIds = [...new Set(tracks.map((t) => t.album_id).filter((id): id is number => id !== null))];
  const [artists, genres, albums, tags] = await Promise.all([
    relations.has('artists') ? (loaded.artists ?? catalogRepository.artistsOfTracks(db, ids)) : undefined,
    relations.has('genres') ? catalogRepository.genresOfTracks(db, ids) : undefined,
    wantsAlbum ? (loaded.albums ? [...loaded.albums.values()] : catalogRepository.albumsByIds(db, albumIds)) : undefined,
    relations.has('tags') ? catalogRepository.tagsOfTracks(db, ids) : undefined,
  ]);
  const albumArtists = relations.has('album.artists') ? (loaded.albumArtists ?? (await catalogRepository.artistsOfAlbums(db, albumIds))) : undefined;
  const albumById = new Map((albums ?? []).map((a) => [a.id, a]));
  return tracks.map((track) => {
    const album = track.album_id !== null ? albumById.get(track.album_id) : undefined;
    return {
      id: track.id,
      name: track.name,
      number: track.number,
      duration: track.duration,
      album_id: track.album_id,
      plays: track.plays,
      stream_url: streamUrl(track),
      ...(artists ? { artists: artists.get(track.id) ?? [] } : {}),
      ...(genres ? { genres: genres.get(track.id) ?? [] } : {}),
      ...(tags ? { tags: tags.get(track.id) ?? [] } : {}),
      ...(wantsAlbum ? { album: album ? { ...albumSummary(album), ...(albumArtists ? { artists: albumArtists.get(album.id) ?? [] } : {}) } : null } : {}),
    };
  });
}

export async function presentAlbums(
  db: Db,
  albums: AlbumRow[],
  relations: Relations<typeof ALBUM_RELATIONS>,
  counts: Relations<typeof ALBUM_COUNTS> = new Set(),
  loaded: { artists?: Map<number, catalogRepository.ArtistSummary[]> } = {},
): Promise<AlbumResource[]> {
  const ids = albums.map((a) => a.id);
  const wantsTracks = relations.has('tracks') || relations.has('tracks.artists');
  const withTrackArtists = relations.has('tracks.artists');
  const [artists, albumTracks, trackCounts, tags] = await Promise.all([
    relations.has('artists') ? (loaded.artists ?? catalogRepository.artistsOfAlbums(db, ids)) : undefined,
    wantsTracks ? (withTrackArtists ? catalogRepository.tracksOfAlbumsWithArtists(db, ids) : catalogRepository.tracksOfAlbums(db, ids).then((tracks) => ({ tracks, artists: undefined }))) : undefined,
    counts.has('tracks') ? catalogRepository.trackCountsOfAlbums(db, ids) : undefined,
    relations.has('tags') ? catalogRepository.tagsOfAlbums(db, ids) : undefined,
  ]);
  const tracks = albumTracks?.tracks;
  const allTracks = tracks ? [...tracks.values()].flat() : [];
  const presented = wantsTracks ? await presentTracks(db, allTracks, new Set(withTrackArtists ? ['artists'] : []), { artists: albumTracks?.artists }) : [];
  const presentedById = new Map(presented.map((t) => [t.id, t]));
  return albums.map((album) => ({
    ...albumResource(album),
    ...(artists ? { artists: artists.get(album.id) ?? [] } : {}),
    ...(tracks ? { tracks: (tracks.get(album.id) ?? []).map((t) => presentedById.get(t.id)!) } : {}),
    ...(trackCounts ? { tracks_count: trackCounts.get(album.id) ?? 0 } : {}),
    ...(tags ? { tags: tags.get(album.id) ?? [] } : {}),
  }));
}

export async function presentArtists(
  db: Db,
  artists: ArtistRow[],
  relations: Relations<typeof ARTIST_RELATIONS>,
  counts: Relations<typeof ARTIST_COUNTS> = new Set(),
): Promise<ArtistResource[]> {
  const ids = artists.map((a) => a.id);
  const [albums, albumCounts] = await Promise.all([
    relations.has('albums') ? catalogRepository.albumsOfArtists(db, ids) : undefined,
    counts.has('albums') ? catalogRepository.albumCountsOfArtists(db, ids) : undefined,
  ]);
  const wantsTop = relations.has('topTracks') || relations.has('topTracks.artists') || relations.has('topTracks.album');
  const topTrackRelations = new Set<(typeof TRACK_RELATIONS)[number]>();
  if (relations.has('topTracks.artists')) topTrackRelations.add('artists');
  if (relations.has('topTracks.album')) topTrackRelations.add('album');
  const topTracks = wantsTop
    ? new Map(await Promise.all(ids.map(async (id) => [id, await presentTracks(db, await catalogRepository.popularTracks(db, 10, id), topTrackRelations)] as const)))
    : undefined;
  return artists.map((artist) => ({
    id: artist.id,
    name: artist.name,
    image: artist.image,
    description: artist.description,
    verified: Boolean(artist.verified),
    ...(albums ? { albums: (albums.get(artist.id) ?? []).map(albumResource) } : {}),
    ...(topTracks ? { top_tracks: topTracks.get(artist.id) ?? [] } : {}),
    ...(albumCounts ? { albums_count: albumCounts.get(artist.id) ?? 0 } : {}),
  }));
}

/**
 * The tables an album is read from, whatever it comes with (whether it is listed at all depends on
 * its tracks): a change to any of them shows at the next request.
 */
const ALBUM_TABLES = ['album_artist', 'album_tag', 'albums', 'artists', 'tags', 'track_artist', 'tracks'];

/**
 * How far behind the database's an album this process keeps may show its play counts. Plays move
 * them all the time: reading the album again after every play anywhere would keep none on a site
 * people listen to. As long as a visitor's page of it is kept by default (cache.public_pages_seconds),
 * which shows the same counts.
 */
export const PLAY_COUNTS_LAG_MS = 60_000;

/** 2 MB holds some 600 albums of a dozen tracks each with all they come with, as JSON. */
const albumCaches = new WeakMap<Db, ReturnType<typeof createProcessCache<Uint8Array<ArrayBuffer> | undefined>>>();
const utf8 = new TextEncoder();

/**
 * One album as listeners see it (it does not depend on who asks), as the API answers it: the JSON
 * bytes of `{ "album": … }`. Albums are asked for far more often than they change, so each process
 * keeps those it read while the versions of their tables stay the same (createProcessCache): one
 * small read instead of the album's queries. Kept as bytes, because turning an album into JSON and
 * the JSON into bytes took a third of the request. `versions`: those the request read
 * already (http/auth.ts#identify), else read here.
 */
export async function albumAnswer(db: Db, id: number, relations: Relations<typeof ALBUM_RELATIONS>, counts: Relations<typeof ALBUM_COUNTS>, versions?: tableVersionsRepository.TableVersions) {
  let cached = albumCaches.get(db);
  if (!cached) {
    cached = createProcessCache<Uint8Array<ArrayBuffer> | undefined>({ maxBytes: 2 * 1024 * 1024, sizeOf: (answer) => answer?.byteLength ?? 0, lagMs: PLAY_COUNTS_LAG_MS });
    albumCaches.set(db, cached);
  }
  const current = versions ?? (await readTableVersions(db));
  const stamp = { exact: tableVersionsRepository.versionStamp(current, ALBUM_TABLES), lagging: tableVersionsRepository.versionStamp(current, [tableVersionsRepository.PLAY_COUNTS_VERSION]) };
  return cached(`${id} ${[...relations].sort()} ${[...counts].sort()}`, stamp, async () => {
    const album = await readAlbum(db, id, relations, counts);
    return album && utf8.encode(JSON.stringify({ album }));
  });
}

async function readAlbum(db: Db, id: number, relations: Relations<typeof ALBUM_RELATIONS>, counts: Relations<typeof ALBUM_COUNTS>) {
  if (relations.has('artists')) {
    // The album page's case: the album and its artists in one query.
    const found = await catalogRepository.findAlbumWithArtists(db, id);
    return found ? (await presentAlbums(db, [found.album], relations, counts, { artists: new Map([[id, found.artists]]) }))[0] : undefined;
  }
  const album = await catalogRepository.findAlbum(db, id);
  return album ? (await presentAlbums(db, [album], relations, counts))[0] : undefined;
}

export async function getArtist(db: Db, id: number, relations: Relations<typeof ARTIST_RELATIONS>, counts: Relations<typeof ARTIST_COUNTS>) {
  const artist = await catalogRepository.findArtist(db, id);
  return artist ? (await presentArtists(db, [artist], relations, counts))[0] : undefined;
}

export async function getTrack(db: Db, id: number, relations: Relations<typeof TRACK_RELATIONS>) {
  const track = await catalogRepository.findTrack(db, id);
  return track ? (await presentTracks(db, [track], relations))[0] : undefined;
}

/** How many albums and artists a genre page shows above its tracks: a carousel's worth. */
export const GENRE_HIGHLIGHTS = 12;

/** A genre with its most played albums and artists; its tracks are the genre channel's (/genre/{name}). */
export async function genreHighlights(db: Db, name: string) {
  const genre = await channelsRepository.findGenreByName(db, name);
  if (!genre) throw notFound('This genre does not exist.');
  const { albums, artists } = await catalogRepository.popularOfGenre(db, genre.id, GENRE_HIGHLIGHTS);
  const [presentedAlbums, presentedArtists] = await Promise.all([presentAlbums(db, albums, new Set(['artists'])), presentArtists(db, artists, new Set())]);
  return { genre: { id: genre.id, name: genre.name, display_name: genre.display_name, image: genre.image }, albums: presentedAlbums, artists: presentedArtists };
}

/** A track's audio: its file entry, or none when it plays from an external address. Drafts only for those who manage them. */
export async function trackAudio(deps: AppDeps, auth: AuthState, trackId: number): Promise<{ track: TrackRow; entry: FileEntryRow | undefined }> {
  const track = await findAudibleTrack(deps, auth, trackId);
  return { track, entry: track.file_entry_id ? await fileEntriesRepository.findFileEntry(deps.db, track.file_entry_id) : undefined };
}

/** Every genre, by name. */
export async function allGenres(db: Db) {
  return catalogRepository.listGenres(db);
}
