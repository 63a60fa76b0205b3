import type { Db } from '@app/db';
import * as playlistsRepository from '@app/db/library/playlists';
import * as searchRepository from '@app/db/search/search';
import { validationFailed } from '../common/errors.ts';
import type { PlaylistSearchResult, SearchResponse } from './search.schemas.ts';
import { presentAlbums, presentArtists, presentTracks } from '../catalog/catalog.service.ts';
import { displayName } from '../accounts/display-name.ts';
import { PLAYLIST_COVERS } from '../library/playlists.service.ts';

export const SEARCH_TYPES = ['artist', 'album', 'track', 'playlist', 'user', 'tag'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
type ResultKey = keyof SearchResponse['results'];

const RESULT_KEY: Record<SearchType, ResultKey> = { artist: 'artists', album: 'albums', track: 'tracks', playlist: 'playlists', user: 'users', tag: 'tags' };

/** Comma-separated types, singular or plural; none means all. Unknown names are refused with the list. */
export function parseSearchTypes(value: string | undefined): SearchType[] {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (!names.length) return [...SEARCH_TYPES];
  const types = new Set<SearchType>();
  for (const name of names) {
    const type = SEARCH_TYPES.find((t) => t === name || RESULT_KEY[t] === name);
    if (!type) throw validationFailed({ types: `Unknown type "${name.slice(0, 40)}". Accepted: ${SEARCH_TYPES.join(', ')}.` });
    types.add(type);
  }
  return SEARCH_TYPES.filter((t) => types.has(t));
}

async function searchType(db: Db, type: SearchType, query: searchRepository.SearchQuery, page: searchRepository.PageRequest) {
  switch (type) {
    case 'track': {
      const { rows, hasMore } = await searchRepository.searchTracks(db, query, page);
      return { list: await presentTracks(db, rows, new Set(['artists', 'album'])), hasMore };
    }
    case 'album': {
      const { rows, hasMore } = await searchRepository.searchAlbums(db, query, page);
      return { list: await presentAlbums(db, rows, new Set(['artists'])), hasMore };
    }
    case 'artist': {
      const { rows, hasMore } = await searchRepository.searchArtists(db, query, page);
      return { list: await presentArtists(db, rows, new Set()), hasMore };
    }
    case 'playlist': {
      const { rows, hasMore } = await searchRepository.searchPlaylists(db, query, page);
      const covers = await playlistsRepository.albumCoversOfPlaylists(db, rows.map((row) => row.id), PLAYLIST_COVERS);
      const list: PlaylistSearchResult[] = rows.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        image: row.image,
        covers: covers.get(row.id) ?? [],
        owner: { id: row.owner_id, name: displayName({ id: row.owner_id, name: row.owner_name, first_name: row.owner_first_name, last_name: row.owner_last_name }), image: row.owner_image },
      }));
      return { list, hasMore };
    }
    case 'user': {
      const { rows, hasMore } = await searchRepository.searchUsers(db, query, page);
      return { list: rows.map(({ id, name, image, followers }) => ({ id, name: name ?? '', image, followers_count: followers })), hasMore };
    }
    case 'tag': {
      const { rows, hasMore } = await searchRepository.searchTags(db, query, page);
      return { list: rows.map(({ id, name, display_name }) => ({ id, name, display_name })), hasMore };
    }
  }
}

export interface SearchOptions {
  text: string;
  types: SearchType[];
  limit?: number;
  page: number;
}

/**
 * Every requested type, best first. Text with no words in it (only symbols) finds nothing rather
 * than failing. A single type is a tab of the search page, so it also says whether more pages exist.
 */
export async function search(db: Db, { text, types, limit, page }: SearchOptions): Promise<SearchResponse> {
  const perPage = limit ?? (types.length === 1 ? 20 : 10);
  const request = { limit: perPage, offset: (page - 1) * perPage };
  const query = searchRepository.parseSearchQuery(text);
  const results: SearchResponse['results'] = {};
  let hasMore = false;
  for (const type of types) {
    const found = query ? await searchType(db, type, query, request) : { list: [], hasMore: false };
    (results as Record<ResultKey, unknown[]>)[RESULT_KEY[type]] = found.list;
    hasMore ||= found.hasMore;
  }
  return { query: text, results, ...(types.length === 1 ? { pagination: { current_page: page, per_page: perPage, has_more: hasMore } } : {}) };
}
