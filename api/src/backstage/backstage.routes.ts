import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requireLogin, requirePermission } from '../http/auth.ts';
import { validationHook } from '../http/errors.ts';
import { errorResponses, idParam, jsonResponse as json } from '../http/schemas.ts';
import { PlaysReportSchema, RangeQuery } from '../reports/reports.schemas.ts';
import type { BackstageKind } from './backstage-ownership.ts';
import {
  AlbumChanges,
  albumsOfArtist,
  ArtistChanges,
  createAlbum,
  createTrack,
  getAlbum,
  getArtist,
  getTrack,
  importUpload,
  insightsOf,
  lyricsOf,
  myArtists,
  NewAlbum,
  NewTrack,
  TrackChanges,
  TrackUpload,
  updateAlbum,
  uploadQuota,
  updateArtist,
  updateTrack,
} from './backstage.service.ts';

/** Backstage (spec §2.5): artists manage their own tracks, albums and profile, and see how they are played. */
const tags = ['Backstage'];
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });

const ArtistChoice = z.object({ id: z.number(), name: z.string(), image: z.string().nullable() });
const BackstageTrack = z
  .object({
    id: z.number(),
    name: z.string(),
    number: z.number().nullable(),
    duration: z.number().nullable(),
    album_id: z.number().nullable(),
    file_entry_id: z.number().nullable(),
    description: z.string().nullable(),
    plays: z.number(),
    published: z.boolean().openapi({ description: 'False for a draft, seen only by its artists and admins' }),
    artist_ids: z.array(z.number()),
    genre_ids: z.array(z.number()),
  })
  .openapi('BackstageTrack');
const BackstageAlbum = z
  .object({
    id: z.number(),
    name: z.string(),
    image: z.string().nullable(),
    description: z.string().nullable(),
    type: z.string(),
    release_date: z.string().nullable(),
    artist_ids: z.array(z.number()),
    tracks: z.array(z.object({ id: z.number(), name: z.string(), number: z.number().nullable(), duration: z.number().nullable() })),
  })
  .openapi('BackstageAlbum');
const BackstageArtist = z
  .object({
    id: z.number(),
    name: z.string(),
    image: z.string().nullable(),
    description: z.string().nullable(),
    verified: z.boolean(),
    links: z.array(z.object({ url: z.string(), title: z.string() })),
    genre_ids: z.array(z.number()),
  })
  .openapi('BackstageArtist');

const insightsRoute = <P extends string>(kind: BackstageKind, path: P) =>
  createRoute({
    method: 'get',
    path,
    tags,
    summary: `Plays of one of your ${kind}s over a range: per day, top tracks, countries, devices and listeners (the back office's report)`,
    middleware: [requireLogin()] as const,
    request: { params: idParam, query: RangeQuery },
    responses: { 200: json(PlaysReportSchema, `Plays of the ${kind}`), ...errorResponses },
  });

// Insights are one listener's business: never kept by a cache between the server and the artist.
const NO_STORE = { 'Cache-Control': 'no-store' };

export const backstageRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/backstage/artists',
      tags,
      summary: 'The artists you manage',
      middleware: [requireLogin()] as const,
      responses: { 200: json(z.object({ artists: z.array(ArtistChoice) }), 'Your artists by name'), ...errorResponses },
    }),
    async (c) => c.json({ artists: await myArtists(c.get('deps'), c.get('auth')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/backstage/artists/{id}',
      tags,
      summary: 'One of your artists, as its edit form shows it',
      middleware: [requireLogin()] as const,
      request: { params: idParam },
      responses: { 200: json(z.object({ artist: BackstageArtist }), 'The artist'), ...errorResponses },
    }),
    async (c) => c.json({ artist: await getArtist(c.get('deps'), c.get('auth'), c.req.valid('param').id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/backstage/artists/{id}',
      tags,
      summary: "Change one of your artists' name, bio, image, links and genres",
      middleware: [requireLogin()] as const,
      request: { params: idParam, ...body(ArtistChanges) },
      responses: { 200: json(z.object({ artist: BackstageArtist }), 'The changed artist'), ...errorResponses },
    }),
    async (c) => c.json({ artist: await updateArtist(c.get('deps'), c.get('auth'), c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/backstage/artists/{id}/albums',
      tags,
      summary: "One of your artists' albums, newest first, for a track's album",
      middleware: [requireLogin()] as const,
      request: { params: idParam },
      responses: { 200: json(z.object({ albums: z.array(z.object({ id: z.number(), name: z.string() })) }), 'The albums'), ...errorResponses },
    }),
    async (c) => c.json({ albums: await albumsOfArtist(c.get('deps'), c.get('auth'), c.req.valid('param').id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/backstage/tracks',
      tags,
      summary: 'Add a track to one of your artists, with audio you uploaded (counts against your upload quota)',
      middleware: [requirePermission('music.create')] as const,
      request: body(NewTrack),
      responses: { 201: json(z.object({ track: BackstageTrack }), 'The new track'), ...errorResponses },
    }),
    async (c) => c.json({ track: await createTrack(c.get('deps'), c.get('auth'), c.req.valid('json')) }, 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/backstage/tracks/{id}',
      tags,
      summary: 'One of your tracks, as its edit form shows it',
      middleware: [requireLogin()] as const,
      request: { params: idParam },
      responses: { 200: json(z.object({ track: BackstageTrack }), 'The track'), ...errorResponses },
    }),
    async (c) => c.json({ track: await getTrack(c.get('deps'), c.get('auth'), c.req.valid('param').id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/backstage/tracks/{id}',
      tags,
      summary: 'Change one of your tracks',
      middleware: [requireLogin()] as const,
      request: { params: idParam, ...body(TrackChanges) },
      responses: { 200: json(z.object({ track: BackstageTrack }), 'The changed track'), ...errorResponses },
    }),
    async (c) => c.json({ track: await updateTrack(c.get('deps'), c.get('auth'), c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/backstage/uploads/quota',
      tags,
      summary: 'How many tracks you may still upload (the count restriction of music.create; null: no limit)',
      middleware: [requirePermission('music.create')] as const,
      responses: {
        200: json(z.object({ limit: z.number().nullable(), used: z.number(), remaining: z.number().nullable() }), 'Your upload quota'),
        ...errorResponses,
      },
    }),
    async (c) => c.json(await uploadQuota(c.get('deps'), c.get('auth')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/backstage/tracks/import',
      tags,
      summary: 'Make a draft track of one of your artists from an audio file you uploaded and its tags (counts against your upload quota)',
      middleware: [requirePermission('music.create')] as const,
      request: body(TrackUpload),
      responses: {
        201: json(z.object({ track: BackstageTrack, album: z.object({ id: z.number(), name: z.string(), image: z.string().nullable() }) }), 'The draft track and its album'),
        ...errorResponses,
      },
    }),
    async (c) => c.json(await importUpload(c.get('deps'), c.get('auth'), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/backstage/tracks/{id}/lyrics',
      tags,
      summary: "One of your tracks' lyrics, as plain text",
      middleware: [requireLogin()] as const,
      request: { params: idParam },
      responses: { 200: json(z.object({ lyrics: z.string().nullable() }), 'The lyrics, or null'), ...errorResponses },
    }),
    async (c) => c.json({ lyrics: await lyricsOf(c.get('deps'), c.get('auth'), c.req.valid('param').id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/backstage/albums',
      tags,
      summary: 'Add an album to one of your artists',
      middleware: [requirePermission('music.create')] as const,
      request: body(NewAlbum),
      responses: { 201: json(z.object({ album: BackstageAlbum }), 'The new album'), ...errorResponses },
    }),
    async (c) => c.json({ album: await createAlbum(c.get('deps'), c.get('auth'), c.req.valid('json')) }, 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/backstage/albums/{id}',
      tags,
      summary: 'One of your albums with its tracks in order',
      middleware: [requireLogin()] as const,
      request: { params: idParam },
      responses: { 200: json(z.object({ album: BackstageAlbum }), 'The album'), ...errorResponses },
    }),
    async (c) => c.json({ album: await getAlbum(c.get('deps'), c.get('auth'), c.req.valid('param').id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/backstage/albums/{id}',
      tags,
      summary: "Change one of your albums: details, cover, release date and the order of its tracks",
      middleware: [requireLogin()] as const,
      request: { params: idParam, ...body(AlbumChanges) },
      responses: { 200: json(z.object({ album: BackstageAlbum }), 'The changed album'), ...errorResponses },
    }),
    async (c) => c.json({ album: await updateAlbum(c.get('deps'), c.get('auth'), c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .openapi(insightsRoute('track', '/backstage/tracks/{id}/insights'), async (c) => c.json(await insightsOf(c.get('deps'), c.get('auth'), 'track', c.req.valid('param').id, c.req.valid('query')), 200, NO_STORE))
  .openapi(insightsRoute('album', '/backstage/albums/{id}/insights'), async (c) => c.json(await insightsOf(c.get('deps'), c.get('auth'), 'album', c.req.valid('param').id, c.req.valid('query')), 200, NO_STORE))
  .openapi(insightsRoute('artist', '/backstage/artists/{id}/insights'), async (c) => c.json(await insightsOf(c.get('deps'), c.get('auth'), 'artist', c.req.valid('param').id, c.req.valid('query')), 200, NO_STORE));
