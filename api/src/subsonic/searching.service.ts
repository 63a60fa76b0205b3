import * as catalogRepository from '@app/db/catalog/catalog';
import * as subsonicRepository from '@app/db/subsonic/subsonic';
import type { AppDeps, AuthState } from '../context.ts';
import { search } from '../search/search.service.ts';
import { presentAlbums, presentArtists, presentSongs, viewerOf } from './present.ts';
import type { SearchResult3 } from './responses.ts';

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
export async function search3(deps: AppDeps, auth: AuthState, q: Search3Query): Promise<SearchResult3> {
  const viewer = viewerOf(auth);
  const text = q.query.trim();
  if (text === '' || text === '""') {
    const [artists, albums, tracks] = await Promise.all([
      q.artistCount ? subsonicRepository.pageOfArtists(deps.db, q.artistOffset, q.artistCount) : [],
      q.albumCount ? subsonicRepository.pageOfAlbums(deps.db, q.albumOffset, q.albumCount) : [],
      q.songCount ? subsonicRepository.pageOfTracks(deps.db, q.songOffset, q.songCount) : [],
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
  const [artists, albums, tracks] = await Promise.all([catalogRepository.artistsByIds(deps.db, artistIds), catalogRepository.albumsByIds(deps.db, albumIds), catalogRepository.tracksByIds(deps.db, trackIds)]);
  return {
    artist: await presentArtists(deps, viewer, catalogRepository.inOrderOf(artistIds, artists)),
    album: await presentAlbums(deps, viewer, catalogRepository.inOrderOf(albumIds, albums)),
    song: await presentSongs(deps, viewer, catalogRepository.inOrderOf(trackIds, tracks)),
  };
}
