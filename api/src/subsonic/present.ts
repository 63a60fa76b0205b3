import type { AlbumRow, ArtistRow, PlaylistRow, TrackRow } from '@app/db';
import * as usersRepository from '@app/db/accounts/users';
import * as catalogRepository from '@app/db/catalog/catalog';
import * as playlistsRepository from '@app/db/library/playlists';
import * as subsonicRepository from '@app/db/subsonic/subsonic';
import * as fileEntriesRepository from '@app/db/uploads/file-entries';
import type { AppDeps, AuthState } from '../context.ts';
import { displayName } from '../accounts/display-name.ts';
import { subsonicId } from './ids.ts';
import type { AlbumID3, Artist, ArtistID3, Child, Playlist } from './responses.ts';

// Presenting: the site's rows as Subsonic's Child, AlbumID3, ArtistID3 and Playlist.

const year = (date: string | null) => (date && /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : undefined);
const seconds = (ms: number | null) => (ms ? Math.round(ms / 1000) : 0);
export const isoTime = (value: string) => (Number.isNaN(Date.parse(value)) ? value : new Date(value).toISOString());

export function imageUrl(deps: AppDeps, image: string | null): string | undefined {
  if (!image) return undefined;
  return image.startsWith('/') ? `${deps.config.appUrl}${image}` : image;
}

interface Viewer {
  userId: number;
  username: string;
}

/** Songs with their album, artists, genres, file facts, stars and ratings, in a fixed number of queries. */
export async function presentSongs(deps: AppDeps, viewer: Viewer, tracks: TrackRow[]): Promise<Child[]> {
  const { db } = deps;
  const ids = tracks.map((t) => t.id);
  const albumIds = [...new Set(tracks.map((t) => t.album_id).filter((id): id is number => id !== null))];
  const [artists, genres, albums, files, starred, ratings] = await Promise.all([
    catalogRepository.artistsOfTracks(db, ids),
    catalogRepository.genresOfTracks(db, ids),
    catalogRepository.albumsByIds(db, albumIds),
    fileEntriesRepository.findFileEntries(db, tracks.map((t) => t.file_entry_id).filter((id): id is number => id !== null)),
    subsonicRepository.starredAt(db, viewer.userId, 'track', ids),
    subsonicRepository.ratingsOf(db, viewer.userId, 'track', ids),
  ]);
  const albumArtists = await catalogRepository.artistsOfAlbums(db, albumIds);
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

export async function presentAlbums(deps: AppDeps, viewer: Viewer, albums: AlbumRow[]): Promise<AlbumID3[]> {
  const { db } = deps;
  const ids = albums.map((a) => a.id);
  const [artists, tracks, starred, ratings] = await Promise.all([
    catalogRepository.artistsOfAlbums(db, ids),
    catalogRepository.tracksOfAlbums(db, ids),
    subsonicRepository.starredAt(db, viewer.userId, 'album', ids),
    subsonicRepository.ratingsOf(db, viewer.userId, 'album', ids),
  ]);
  const allTracks = [...tracks.values()].flat();
  const genres = await catalogRepository.genresOfTracks(db, allTracks.map((t) => t.id));
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

export async function presentArtists(deps: AppDeps, viewer: Viewer, artists: ArtistRow[]): Promise<ArtistID3[]> {
  const ids = artists.map((a) => a.id);
  const [albumCounts, starred] = await Promise.all([catalogRepository.albumCountsOfArtists(deps.db, ids), subsonicRepository.starredAt(deps.db, viewer.userId, 'artist', ids)]);
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
export async function presentFolderArtists(deps: AppDeps, viewer: Viewer, artists: ArtistRow[]): Promise<Artist[]> {
  const ids = artists.map((a) => a.id);
  const [starred, ratings] = await Promise.all([subsonicRepository.starredAt(deps.db, viewer.userId, 'artist', ids), subsonicRepository.ratingsOf(deps.db, viewer.userId, 'artist', ids)]);
  return artists.map((artist) => ({
    id: subsonicId('artist', artist.id),
    name: artist.name,
    artistImageUrl: imageUrl(deps, artist.image),
    starred: starred.has(artist.id) ? isoTime(starred.get(artist.id)!) : undefined,
    userRating: ratings.get(artist.id),
  }));
}

export async function presentPlaylists(deps: AppDeps, viewer: Viewer, playlists: PlaylistRow[]): Promise<Playlist[]> {
  const ids = playlists.map((p) => p.id);
  const [stats, owners] = await Promise.all([playlistsRepository.trackStatsOfPlaylists(deps.db, ids), usersRepository.publicUsersByIds(deps.db, [...new Set(playlists.map((p) => p.owner_id))])]);
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

export const viewerOf = (auth: AuthState): Viewer => ({ userId: auth.user!.id, username: auth.user!.email });
