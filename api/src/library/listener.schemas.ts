import { z } from '@hono/zod-openapi';

/** What anybody may see of a user: never the email. */
export const UserSummarySchema = z.object({ id: z.number(), name: z.string(), image: z.string().nullable() }).openapi('UserSummary');

export { TagSummarySchema as TagSchema } from '../catalog/catalog.schemas.ts';

export const PlaylistSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    covers: z.array(z.string()).openapi({ description: "Covers of the playlist's first albums (up to 4), for a cover made of them when it has no image" }),
    public: z.boolean(),
    collaborative: z.boolean(),
    owner: UserSummarySchema.nullable(),
    tracks_count: z.number(),
    duration: z.number().openapi({ description: 'Total milliseconds' }),
    followers_count: z.number(),
    updated_at: z.string(),
  })
  .openapi('Playlist');

/** A page of a list. `total` is given where counting is cheap. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number(),
    per_page: z.number(),
    has_more: z.boolean(),
    total: z.number().optional(),
  });
}

/** `page` and `perPage` of a list; lists differ in how many items a page may hold. */
export const pageQueryOf = (maxPerPage: number, defaultPerPage: number) =>
  z.object({
    page: z.coerce.number({ error: 'The page must be a number.' }).int('The page must be a whole number.').min(1, 'Pages start at 1.').max(10000, 'The page is too far.').default(1),
    perPage: z.coerce
      .number({ error: 'perPage must be a number.' })
      .int('perPage must be a whole number.')
      .min(1, 'perPage starts at 1.')
      .max(maxPerPage, `At most ${maxPerPage} per page.`)
      .default(defaultPerPage),
  });

export const pageQuery = pageQueryOf(50, 20);

export const CommentSchema = z
  .object({
    id: z.number(),
    content: z.string(),
    position: z.number().nullable().openapi({ description: 'Seconds into the track' }),
    created_at: z.string(),
    user: UserSummarySchema,
    parent_id: z.number().nullable(),
    can_delete: z.boolean(),
  })
  .openapi('Comment');

export const CommentThreadSchema = CommentSchema.extend({ replies: z.array(CommentSchema) }).openapi('CommentThread');

/** A channel's items are of its content model (Track, Album, Artist, Playlist, Genre or a nested Channel with its own first page). */
export const ChannelItemSchema = z.any().openapi({ description: 'A Track, Album, Artist, Playlist, Genre or Channel, following content_model' });

export const ChannelSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    content_model: z.enum(['track', 'album', 'artist', 'playlist', 'genre', 'channel']),
    layout: z.enum(['grid', 'carousel', 'list', 'table']),
    hide_title: z.boolean(),
    restriction: z.object({ name: z.string(), display_name: z.string() }).nullable(),
    content: pageOf(ChannelItemSchema),
  })
  .openapi('Channel');
