import * as catalogRepository from '@app/db/catalog/catalog';
import * as subsonicRepository from '@app/db/subsonic/subsonic';
import type { AppDeps, AuthState } from '../context.ts';
import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';
import { NOT_FOUND } from './ids.ts';
import { imageUrl, presentAlbums, presentArtists, presentFolderArtists, presentSongs, viewerOf } from './present.ts';
import type { AlbumInfo, AlbumWithSongsID3, ArtistInfo2, ArtistsID3, ArtistWithAlbumsID3, Child, Genre, Indexes } from './responses.ts';
import { textElement } from './serialize.ts';

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

/** Every artist under its first letter, as getArtists and getIndexes list them. */
function byLetter<T extends { name: string }>(artists: T[]): { ignoredArticles: string; index: { name: string; artist: T[] }[] } {
  const groups = new Map<string, T[]>();
  for (const artist of artists) {
    const letter = indexLetter(artist.name);
    groups.set(letter, [...(groups.get(letter) ?? []), artist]);
  }
  const letters = [...groups.keys()].sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)));
  return { ignoredArticles: IGNORED_ARTICLES, index: letters.map((name) => ({ name, artist: groups.get(name)! })) };
}

/** getArtists: ArtistID3 by letter. */
export async function artistsID3(deps: AppDeps, auth: AuthState): Promise<ArtistsID3> {
  return byLetter(await presentArtists(deps, viewerOf(auth), await subsonicRepository.allArtistsByName(deps.db)));
}

/** getIndexes: the folder-based Artist by letter. */
export async function indexes(deps: AppDeps, auth: AuthState): Promise<Indexes> {
  return { lastModified: Date.now(), ...byLetter(await presentFolderArtists(deps, viewerOf(auth), await subsonicRepository.allArtistsByName(deps.db))) };
}

export async function artistWithAlbums(deps: AppDeps, auth: AuthState, id: number): Promise<ArtistWithAlbumsID3> {
  const artist = await catalogRepository.findArtist(deps.db, id);
  if (!artist) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.artist);
  const albums = (await catalogRepository.albumsOfArtists(deps.db, [id])).get(id) ?? [];
  const [presented] = await presentArtists(deps, viewerOf(auth), [artist]);
  return { ...presented, album: await presentAlbums(deps, viewerOf(auth), albums) };
}

export async function artistInfo(deps: AppDeps, id: number): Promise<ArtistInfo2> {
  const artist = await catalogRepository.findArtist(deps.db, id);
  if (!artist) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.artist);
  const image = textElement(imageUrl(deps, artist.image));
  return { biography: textElement(artist.description), smallImageUrl: image, mediumImageUrl: image, largeImageUrl: image };
}

export async function albumWithSongs(deps: AppDeps, auth: AuthState, id: number): Promise<AlbumWithSongsID3> {
  const album = await catalogRepository.findAlbum(deps.db, id);
  if (!album) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.album);
  const tracks = (await catalogRepository.tracksOfAlbums(deps.db, [id])).get(id) ?? [];
  const [presented] = await presentAlbums(deps, viewerOf(auth), [album]);
  return { ...presented, song: await presentSongs(deps, viewerOf(auth), tracks) };
}

export async function albumInfo(deps: AppDeps, id: number): Promise<AlbumInfo> {
  const album = await catalogRepository.findAlbum(deps.db, id);
  if (!album) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.album);
  const image = textElement(imageUrl(deps, album.image));
  return { notes: textElement(album.description), smallImageUrl: image, mediumImageUrl: image, largeImageUrl: image };
}

export async function song(deps: AppDeps, auth: AuthState, id: number): Promise<Child> {
  const track = await catalogRepository.findTrack(deps.db, id);
  if (!track) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.track);
  return (await presentSongs(deps, viewerOf(auth), [track]))[0];
}

export async function genres(deps: AppDeps): Promise<Genre[]> {
  return (await subsonicRepository.genreCounts(deps.db)).map((g) => ({ value: g.display_name ?? g.name, songCount: g.song_count, albumCount: g.album_count }));
}
