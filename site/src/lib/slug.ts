const REMOVED = /[*+~.()'"!:@?|/\\#]/g;

/**
 * URL name segments: lower case, words joined by hyphens, the characters * + ~ . ( ) ' " ! : @ ? | / \ #
 * removed. When nothing is left, whitespace becomes hyphens and the text is lower-cased.
 */
export function slugify(text: string): string {
  const slug = text
    .replace(REMOVED, '')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .join('-');
  return slug || text.replace(/\s+/g, '-').toLowerCase();
}

export const albumUrl = (album: { id: number; name: string; artists?: { name: string }[] }) =>
  `/album/${album.id}/${encodeURIComponent(slugify(album.artists?.[0]?.name ?? 'various artists'))}/${encodeURIComponent(slugify(album.name))}`;

export const artistUrl = (artist: { id: number; name: string }) => `/artist/${artist.id}/${encodeURIComponent(slugify(artist.name))}`;

export const trackUrl = (track: { id: number; name: string }) => `/track/${track.id}/${encodeURIComponent(slugify(track.name))}`;

export const playlistUrl = (playlist: { id: number; name: string }) => `/playlist/${playlist.id}/${encodeURIComponent(slugify(playlist.name))}`;

export const userUrl = (user: { id: number; name: string }) => `/user/${user.id}/${encodeURIComponent(slugify(user.name))}`;

export const tagUrl = (tag: { name: string }) => `/tag/${encodeURIComponent(tag.name)}`;

export const radioUrl = (seed: { type: 'track' | 'artist' | 'genre'; id: number | string; name: string }) =>
  `/radio/${seed.type}/${encodeURIComponent(String(seed.id))}/${encodeURIComponent(slugify(seed.name))}`;

/** Genres open the genre channel filtered to them. */
export const genreUrl = (genre: { name: string }) => `/genre/${encodeURIComponent(genre.name)}`;
/**
 * Search pages: /search/{query} and /search/{query}/{tab}. A slash would read as a tab and a lone
 * dot as a path step; neither is part of a word, so they become spaces without changing the results.
 */
export function searchUrl(query: string, tab?: string): string {
  const text = query.replace(/[/\\]/g, ' ').replace(/\s+/g, ' ').trim();
  if (!text || /^\.+$/.test(text)) return '/search';
  return `/search/${encodeURIComponent(text)}${tab ? `/${tab}` : ''}`;
}

/**
 * Whether the requested path is the canonical address, compared decoded. A path whose encoding is
 * malformed (`%E0%A4%A`) is not: the page redirects it to the canonical one instead of failing.
 */
export function isCanonicalPath(requested: string, canonical: string): boolean {
  try {
    return decodeURIComponent(requested) === decodeURIComponent(canonical);
  } catch {
    return false;
  }
}
