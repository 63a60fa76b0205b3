import { z } from '@hono/zod-openapi';
import { AlbumSchema, ArtistSchema, TrackSchema } from '../catalog/catalog.schemas.ts';

/** Longer text is refused rather than cut, so nobody is shown results for words they did not see. */
export const SEARCH_MAX_LENGTH = 255;

export const SearchQuery = z.object({
  query: z
    .string({ error: 'Enter something to search for.' })
    .trim()
    .min(1, 'Enter something to search for.')
    .max(SEARCH_MAX_LENGTH, `Search for at most ${SEARCH_MAX_LENGTH} characters.`)
    .openapi({ description: 'What to search for. Words match from their start ("neo dri" finds "Neon Drive"); quotes, operators and symbols are plain text.', example: 'neon' }),
  types: z
    .string({ error: 'List the types to search, separated by commas.' })
    .max(200, 'List the types to search, separated by commas.')
    .optional()
    .openapi({ description: 'Comma-separated: artist, album, track, playlist, user, tag. Default: all.', example: 'artist,track' }),
  limit: z.coerce
    .number({ error: 'The limit must be a number.' })
    .int('The limit must be a whole number.')
    .min(1, 'The limit must be between 1 and 50.')
    .max(50, 'The limit must be between 1 and 50.')
    .optional()
    .openapi({ description: 'Results per type. Default: 20 for one type, 10 for several.' }),
  page: z.coerce
    .number({ error: 'The page must be a number.' })
    .int('The page must be a whole number.')
    .min(1, 'The page must be 1 or more.')
    .max(1000, 'The page must be at most 1000.')
    .default(1),
});

export const PlaylistSearchResultSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    covers: z.array(z.string()).openapi({ description: "Covers of the playlist's first albums (up to 4), for a cover made of them when it has no image" }),
    owner: z.object({ id: z.number(), name: z.string().nullable(), image: z.string().nullable() }),
  })
  .openapi('PlaylistSearchResult');

export const UserSearchResultSchema = z
  .object({ id: z.number(), name: z.string(), image: z.string().nullable(), followers_count: z.number() })
  .openapi('UserSearchResult');

export const TagSearchResultSchema = z.object({ id: z.number(), name: z.string(), display_name: z.string().nullable() }).openapi('TagSearchResult');

export const SearchResponseSchema = z
  .object({
    query: z.string(),
    results: z
      .object({
        artists: z.array(ArtistSchema).optional(),
        albums: z.array(AlbumSchema).optional(),
        tracks: z.array(TrackSchema).optional(),
        playlists: z.array(PlaylistSearchResultSchema).optional(),
        users: z.array(UserSearchResultSchema).optional(),
        tags: z.array(TagSearchResultSchema).optional(),
      })
      .openapi({ description: 'One list per requested type, best first.' }),
    pagination: z
      .object({ current_page: z.number(), per_page: z.number(), has_more: z.boolean() })
      .optional()
      .openapi({ description: 'When exactly one type was requested.' }),
  })
  .openapi('SearchResponse');

export type PlaylistSearchResult = z.infer<typeof PlaylistSearchResultSchema>;
export type UserSearchResult = z.infer<typeof UserSearchResultSchema>;
export type TagSearchResult = z.infer<typeof TagSearchResultSchema>;
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
