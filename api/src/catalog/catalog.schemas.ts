import { z } from '@hono/zod-openapi';

export const ArtistSummarySchema = z.object({ id: z.number(), name: z.string(), image: z.string().nullable() }).openapi('ArtistSummary');

export const GenreSummarySchema = z.object({ id: z.number(), name: z.string(), display_name: z.string().nullable() }).openapi('GenreSummary');

export const TagSummarySchema = z.object({ id: z.number(), name: z.string(), display_name: z.string().nullable() }).openapi('TagSummary');

export const AlbumSummarySchema = z
  .object({ id: z.number(), name: z.string(), image: z.string().nullable(), release_date: z.string().nullable(), type: z.string() })
  .openapi('AlbumSummary');

export const TrackSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    number: z.number().nullable(),
    duration: z.number().nullable().openapi({ description: 'Milliseconds' }),
    album_id: z.number().nullable(),
    plays: z.number(),
    stream_url: z.string().nullable().openapi({ description: 'Address of the audio; null when the track has none.' }),
    artists: z.array(ArtistSummarySchema).optional(),
    album: AlbumSummarySchema.extend({ artists: z.array(ArtistSummarySchema).optional() }).nullable().optional(),
    genres: z.array(GenreSummarySchema).optional(),
    tags: z.array(TagSummarySchema).optional(),
  })
  .openapi('Track');

export const AlbumSchema = AlbumSummarySchema.extend({
  description: z.string().nullable(),
  artists: z.array(ArtistSummarySchema).optional(),
  tracks: z.array(TrackSchema).optional(),
  tracks_count: z.number().optional(),
  tags: z.array(TagSummarySchema).optional(),
}).openapi('Album');

export const ArtistSchema = ArtistSummarySchema.extend({
  description: z.string().nullable(),
  verified: z.boolean(),
  albums: z.array(AlbumSchema).optional(),
  top_tracks: z.array(TrackSchema).optional(),
  albums_count: z.number().optional(),
}).openapi('Artist');

export const GenreSchema = GenreSummarySchema.extend({ image: z.string().nullable() }).openapi('Genre');

export type TrackResource = z.infer<typeof TrackSchema>;
export type AlbumResource = z.infer<typeof AlbumSchema>;
export type ArtistResource = z.infer<typeof ArtistSchema>;
