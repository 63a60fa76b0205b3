import { albumsOfArtists, allArtistsByName, findAlbum, findArtist, findTrack, genreCounts, tracksOfAlbums } from '@app/db';
import type { AppDeps, AuthState } from '../context.ts';
import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';
import { NOT_FOUND } from './ids.ts';
import { imageUrl, presentAlbums, presentArtists, presentFolderArtists, presentSongs, viewerOf } from './present.ts';
import { textElement, type SubsonicObject } from './serialize.ts';

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

export async function genres(deps: AppDeps): Promise<SubsonicObject[]> {
  return (await genreCounts(deps.db)).map((g) => ({ value: g.display_name ?? g.name, songCount: g.song_count, albumCount: g.album_count }));
}
