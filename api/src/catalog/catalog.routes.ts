import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requirePermission } from '../http/auth.ts';
import { notFound, validationHook } from '../http/errors.ts';
import { AlbumSchema, ArtistSchema, GenreSchema, TrackSchema, type AlbumResource } from './catalog.schemas.ts';
import { sendJson } from '../caching/direct-response.ts';
import { errorResponses, idParam, relationList, jsonResponse as json } from '../http/schemas.ts';
import {
  ALBUM_COUNTS,
  ALBUM_RELATIONS,
  ARTIST_COUNTS,
  ARTIST_RELATIONS,
  albumAnswer,
  getArtist,
  allGenres,
  genreHighlights,
  getTrack,
  TRACK_RELATIONS,
} from './catalog.service.ts';
import { parseRelations } from '../common/relations.ts';
import { pageOf, pageQuery, TagSchema } from '../library/listener.schemas.ts';
import { RADIO_SEED_TYPES, radio } from '../player/radio.service.ts';
import { getTag, taggedPage } from './tags.service.ts';

const genreName = z.string().min(1).max(100, 'Genre names are at most 100 characters.').openapi({ param: { name: 'name', in: 'path' }, example: 'jazz' });
const tagName = z.string().min(1).max(100, 'Tag names are at most 100 characters.').openapi({ param: { name: 'name', in: 'path' }, example: 'chill' });
const RADIO_BATCH = 25;

const relationsQuery = z.object({ with: relationList, load: relationList, loadCount: relationList });
const viewMusic = requirePermission('music.view');

/** `with` and `load` mean the same thing; clients use either. */
const joined = (query: { with?: string; load?: string }) => [query.with, query.load].filter(Boolean).join(',');

export const catalogRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/albums/{id}',
      tags: ['Catalog'],
      summary: 'One album',
      middleware: [viewMusic] as const,
      request: { params: idParam, query: relationsQuery },
      responses: { 200: json(z.object({ album: AlbumSchema }), 'The album'), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const query = c.req.valid('query');
      const answer = await albumAnswer(
        c.get('deps').db,
        id,
        parseRelations(joined(query), ALBUM_RELATIONS, 'with'),
        parseRelations(query.loadCount, ALBUM_COUNTS, 'loadCount'),
        c.get('tableVersions'),
      );
      if (!answer) throw notFound('This album does not exist.');
      return sendJson<{ album: AlbumResource }>(c, answer);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/artists/{id}',
      tags: ['Catalog'],
      summary: 'One artist',
      middleware: [viewMusic] as const,
      request: { params: idParam, query: relationsQuery },
      responses: { 200: json(z.object({ artist: ArtistSchema }), 'The artist'), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const query = c.req.valid('query');
      const artist = await getArtist(
        c.get('deps').db,
        id,
        parseRelations(joined(query), ARTIST_RELATIONS, 'with'),
        parseRelations(query.loadCount, ARTIST_COUNTS, 'loadCount'),
      );
      if (!artist) throw notFound('This artist does not exist.');
      return c.json({ artist }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/tracks/{id}',
      tags: ['Catalog'],
      summary: 'One track',
      middleware: [viewMusic] as const,
      request: { params: idParam, query: relationsQuery },
      responses: { 200: json(z.object({ track: TrackSchema }), 'The track'), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const query = c.req.valid('query');
      parseRelations(query.loadCount, [], 'loadCount');
      const track = await getTrack(c.get('deps').db, id, parseRelations(joined(query), TRACK_RELATIONS, 'with'));
      if (!track) throw notFound('This track does not exist.');
      return c.json({ track }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/genres',
      tags: ['Catalog'],
      summary: 'All genres',
      middleware: [viewMusic] as const,
      responses: { 200: json(z.object({ genres: z.array(GenreSchema) }), 'Genres by name'), ...errorResponses },
    }),
    async (c) => {
      const genres = await allGenres(c.get('deps').db);
      return c.json({ genres: genres.map(({ id, name, display_name, image }) => ({ id, name, display_name, image })) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/genres/{name}',
      tags: ['Catalog'],
      summary: "A genre with its most played albums and artists",
      middleware: [viewMusic] as const,
      request: { params: z.object({ name: genreName }) },
      responses: {
        200: json(z.object({ genre: GenreSchema, albums: z.array(AlbumSchema), artists: z.array(ArtistSchema) }), 'The genre, its albums and its artists, most played first'),
        ...errorResponses,
      },
    }),
    async (c) => c.json(await genreHighlights(c.get('deps').db, c.req.valid('param').name), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/tags/{name}',
      tags: ['Catalog'],
      summary: 'One tag',
      middleware: [viewMusic] as const,
      request: { params: z.object({ name: tagName }) },
      responses: { 200: json(z.object({ tag: TagSchema }), 'The tag'), ...errorResponses },
    }),
    async (c) => c.json({ tag: await getTag(c.get('deps').db, c.req.valid('param').name) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/tags/{name}/tracks',
      tags: ['Catalog'],
      summary: 'Tracks with a tag, most played first',
      middleware: [viewMusic] as const,
      request: { params: z.object({ name: tagName }), query: pageQuery },
      responses: { 200: json(z.object({ tag: TagSchema, pagination: pageOf(TrackSchema) }), 'A page of tracks'), ...errorResponses },
    }),
    async (c) => {
      const { page, perPage } = c.req.valid('query');
      const result = await taggedPage(c.get('deps').db, c.req.valid('param').name, 'track', page, perPage);
      return c.json(result as { tag: z.infer<typeof TagSchema>; pagination: { data: z.infer<typeof TrackSchema>[]; current_page: number; per_page: number; has_more: boolean } }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/tags/{name}/albums',
      tags: ['Catalog'],
      summary: 'Albums with a tag, most played first',
      middleware: [viewMusic] as const,
      request: { params: z.object({ name: tagName }), query: pageQuery },
      responses: { 200: json(z.object({ tag: TagSchema, pagination: pageOf(AlbumSchema) }), 'A page of albums'), ...errorResponses },
    }),
    async (c) => {
      const { page, perPage } = c.req.valid('query');
      const result = await taggedPage(c.get('deps').db, c.req.valid('param').name, 'album', page, perPage);
      return c.json(result as { tag: z.infer<typeof TagSchema>; pagination: { data: z.infer<typeof AlbumSchema>[]; current_page: number; per_page: number; has_more: boolean } }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/radio/{seedType}/{seedId}',
      tags: ['Catalog'],
      summary: 'Tracks related to a track, artist or genre; pass what was already played in `exclude` to continue',
      middleware: [viewMusic] as const,
      request: {
        params: z.object({
          seedType: z.enum(RADIO_SEED_TYPES, { error: 'A radio starts from a track, an artist or a genre.' }).openapi({ param: { name: 'seedType', in: 'path' } }),
          seedId: z.string().min(1).max(100).openapi({ param: { name: 'seedId', in: 'path' }, description: 'Track or artist id, or genre name' }),
        }),
        query: z.object({
          exclude: z
            .string()
            .max(8000)
            .regex(/^\d{1,15}(,\d{1,15})*$/, 'exclude is a comma-separated list of track ids.')
            .optional(),
        }),
      },
      responses: {
        200: json(z.object({ seed: z.object({ type: z.enum(RADIO_SEED_TYPES), id: z.union([z.number(), z.string()]), name: z.string(), image: z.string().nullable() }), tracks: z.array(TrackSchema) }), 'The next tracks'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { seedType, seedId } = c.req.valid('param');
      const exclude = (c.req.valid('query').exclude ?? '').split(',').filter(Boolean).map(Number).slice(-500);
      return c.json(await radio(c.get('deps').db, seedType, seedId, exclude, RADIO_BATCH), 200);
    },
  );
