import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requireLogin } from '../http/auth.ts';
import { validationHook } from '../http/errors.ts';
import { AlbumSchema, ArtistSchema, TrackSchema } from '../catalog/catalog.schemas.ts';
import { errorResponses, jsonResponse as json } from '../http/schemas.ts';
import { pageOf, pageQuery, PlaylistSchema } from './listener.schemas.ts';
import {
  FOLLOWABLE,
  follow,
  followedArtistsPage,
  historyPage,
  LIKEABLE,
  like,
  libraryIds,
  likedAlbumsPage,
  likedTracksPage,
  REPOSTABLE,
  repost,
} from './library.service.ts';
import { playlistsPage } from './playlists.service.ts';

const id = z.coerce
  .number({ error: 'The id must be a number.' })
  .int('The id must be a whole number.')
  .positive('The id must be positive.')
  .max(Number.MAX_SAFE_INTEGER, 'The id is too large.');
const kindParam = <T extends readonly [string, ...string[]]>(kinds: T) =>
  z.object({
    type: z.enum(kinds, { error: `The type must be one of: ${kinds.join(', ')}.` }).openapi({ param: { name: 'type', in: 'path' } }),
    id: id.openapi({ param: { name: 'id', in: 'path' } }),
  });

const LibraryIdsSchema = z.object({
  liked_tracks: z.array(z.number()),
  liked_albums: z.array(z.number()),
  followed_artists: z.array(z.number()),
  followed_playlists: z.array(z.number()),
  followed_users: z.array(z.number()),
  reposted_tracks: z.array(z.number()),
  reposted_albums: z.array(z.number()),
});

const listQuery = pageQuery.extend({
  sort: z.enum(['added', 'name', 'plays'], { error: 'Sort by added, name or plays.' }).default('added'),
  direction: z.enum(['asc', 'desc'], { error: 'The direction is asc or desc.' }).default('desc'),
  query: z.string().trim().max(200, 'Filter text is at most 200 characters.').optional(),
});

const done = z.object({ message: z.string() });

/** PUT adds to a set and DELETE removes from it; both are idempotent, so a double click is harmless. */
function toggleRoutes<P extends string, T extends readonly [string, ...string[]]>(
  path: P,
  kinds: T,
  summary: string,
  apply: (c: { get: AppEnvGetter }, type: T[number], itemId: number, on: boolean) => Promise<void>,
  messages: { on: string; off: string },
) {
  const params = kindParam(kinds);
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'put',
        path: `/users/me/${path}/{type}/{id}` as const,
        tags: ['Library'],
        summary,
        middleware: [requireLogin()] as const,
        request: { params },
        responses: { 200: json(done, 'Added'), ...errorResponses },
      }),
      async (c) => {
        const { type, id: itemId } = c.req.valid('param');
        await apply(c, type, itemId, true);
        return c.json({ message: messages.on }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: `/users/me/${path}/{type}/{id}` as const,
        tags: ['Library'],
        summary: `Undo: ${summary.toLowerCase()}`,
        middleware: [requireLogin()] as const,
        request: { params },
        responses: { 200: json(done, 'Removed'), ...errorResponses },
      }),
      async (c) => {
        const { type, id: itemId } = c.req.valid('param');
        await apply(c, type, itemId, false);
        return c.json({ message: messages.off }, 200);
      },
    );
}

type AppEnvGetter = <K extends keyof AppEnv['Variables']>(key: K) => AppEnv['Variables'][K];

const likes = toggleRoutes('likes', LIKEABLE, 'Like a track or album', (c, type, itemId, on) => like(c.get('deps').db, c.get('auth'), type, itemId, on), {
  on: 'Added to your library.',
  off: 'Removed from your library.',
});
const follows = toggleRoutes('follows', FOLLOWABLE, 'Follow a user, artist or playlist', (c, type, itemId, on) => follow(c.get('deps'), c.get('auth'), type, itemId, on), {
  on: 'Following.',
  off: 'Unfollowed.',
});
const reposts = toggleRoutes('reposts', REPOSTABLE, 'Repost a track or album to your profile', (c, type, itemId, on) => repost(c.get('deps').db, c.get('auth'), type, itemId, on), {
  on: 'Reposted.',
  off: 'Repost removed.',
});

export const libraryRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .route('/', likes)
  .route('/', follows)
  .route('/', reposts)
  .openapi(
    createRoute({
      method: 'get',
      path: '/users/me/library/ids',
      tags: ['Library'],
      summary: 'Ids of everything you like, follow or reposted, to show hearts and follow buttons',
      middleware: [requireLogin()] as const,
      responses: { 200: json(LibraryIdsSchema, 'Ids by kind'), ...errorResponses },
    }),
    async (c) => c.json(await libraryIds(c.get('deps').db, c.get('auth').user!.id), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/users/me/library/tracks',
      tags: ['Library'],
      summary: 'Liked songs',
      middleware: [requireLogin()] as const,
      request: { query: listQuery },
      responses: { 200: json(z.object({ pagination: pageOf(TrackSchema.extend({ added_at: z.string() })) }), 'A page of liked songs'), ...errorResponses },
    }),
    async (c) => c.json({ pagination: await likedTracksPage(c.get('deps').db, c.get('auth').user!.id, c.req.valid('query')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/users/me/library/albums',
      tags: ['Library'],
      summary: 'Liked albums',
      middleware: [requireLogin()] as const,
      request: { query: listQuery },
      responses: { 200: json(z.object({ pagination: pageOf(AlbumSchema) }), 'A page of liked albums'), ...errorResponses },
    }),
    async (c) => c.json({ pagination: await likedAlbumsPage(c.get('deps').db, c.get('auth').user!.id, c.req.valid('query')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/users/me/library/artists',
      tags: ['Library'],
      summary: 'Followed artists',
      middleware: [requireLogin()] as const,
      request: { query: listQuery },
      responses: { 200: json(z.object({ pagination: pageOf(ArtistSchema) }), 'A page of followed artists'), ...errorResponses },
    }),
    async (c) => c.json({ pagination: await followedArtistsPage(c.get('deps').db, c.get('auth').user!.id, c.req.valid('query')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/users/me/library/playlists',
      tags: ['Library'],
      summary: 'Your playlists and the ones you follow, recently changed first',
      middleware: [requireLogin()] as const,
      request: { query: pageQuery },
      responses: { 200: json(z.object({ pagination: pageOf(PlaylistSchema) }), 'A page of playlists'), ...errorResponses },
    }),
    async (c) => {
      const { page, perPage } = c.req.valid('query');
      return c.json({ pagination: await playlistsPage(c.get('deps').db, c.get('auth').user!.id, { includeFollowed: true, onlyPublic: false, page, perPage }) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/users/me/library/history',
      tags: ['Library'],
      summary: 'What you played, newest first',
      middleware: [requireLogin()] as const,
      request: { query: pageQuery },
      responses: { 200: json(z.object({ pagination: pageOf(TrackSchema.extend({ played_at: z.string() })) }), 'A page of plays'), ...errorResponses },
    }),
    async (c) => {
      const { page, perPage } = c.req.valid('query');
      return c.json({ pagination: await historyPage(c.get('deps').db, c.get('auth').user!.id, page, perPage) }, 200);
    },
  );
