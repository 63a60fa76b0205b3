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
