import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requireLogin, requirePermission } from '../http/auth.ts';
import { validationFailed, validationHook } from '../http/errors.ts';
import { TrackSchema } from '../catalog/catalog.schemas.ts';
import { errorResponses, idParam, jsonResponse as json } from '../http/schemas.ts';
import { pageOf, pageQueryOf, PlaylistSchema } from './listener.schemas.ts';
import {
  addTracks,
  canEditDetails,
  canEditTracks,
  changePlaylist,
  createOwnPlaylist,
  moveTrack,
  playlistTracksPage,
  presentPlaylists,
  removePlaylist,
  removeTracks,
  replacePlaylistImage,
  visiblePlaylist,
} from './playlists.service.ts';

const name = z.string({ error: 'Give the playlist a name.' }).trim().min(1, 'Give the playlist a name.').max(100, 'Playlist names are at most 100 characters.');
const description = z.string().trim().max(1000, 'Descriptions are at most 1000 characters.').nullable();

const CreateBody = z.strictObject({ name, description: description.optional(), public: z.boolean().optional(), collaborative: z.boolean().optional() });
const UpdateBody = z.strictObject({
  name: name.optional(),
  description: description.optional(),
  public: z.boolean().optional(),
  collaborative: z.boolean().optional(),
});
const TrackIdsBody = z.strictObject({
  track_ids: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER), { error: 'Give a list of track ids.' })
    .min(1, 'Give at least one track.')
    .max(500, 'At most 500 tracks at a time.'),
});
const MoveBody = z.strictObject({
  track_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  index: z.number().int().min(0, 'Positions start at 0.').max(100000),
});

const PlaylistResponse = z.object({ playlist: PlaylistSchema, can_edit: z.boolean(), can_edit_tracks: z.boolean() });
const PlaylistTrackSchema = TrackSchema.extend({ added_at: z.string() });

export const PLAYLIST_IMAGE_ROUTE = /^\/api\/v1\/playlists\/[^/]+\/image$/;

export const playlistsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/playlists/{id}',
      tags: ['Playlists'],
      summary: 'One playlist; private ones only for their owner',
      middleware: [requirePermission('music.view')] as const,
      request: { params: idParam },
      responses: { 200: json(PlaylistResponse, 'The playlist and what the asker may change'), ...errorResponses },
    }),
    async (c) => {
      const { db } = c.get('deps');
      const auth = c.get('auth');
      const playlist = await visiblePlaylist(db, auth, c.req.valid('param').id);
      const [presented] = await presentPlaylists(db, [playlist]);
      return c.json({ playlist: presented, can_edit: canEditDetails(auth, playlist), can_edit_tracks: await canEditTracks(db, auth, playlist) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/playlists/{id}/tracks',
      tags: ['Playlists'],
      summary: 'Tracks of a playlist in order, a page at a time',
      middleware: [requirePermission('music.view')] as const,
      request: { params: idParam, query: pageQueryOf(500, 100) },
      responses: { 200: json(z.object({ pagination: pageOf(PlaylistTrackSchema) }), 'A page of tracks'), ...errorResponses },
    }),
    async (c) => {
      const { db } = c.get('deps');
      const playlist = await visiblePlaylist(db, c.get('auth'), c.req.valid('param').id);
      const { page, perPage } = c.req.valid('query');
      return c.json({ pagination: await playlistTracksPage(db, playlist, page, perPage) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/playlists',
      tags: ['Playlists'],
      summary: 'Create a playlist',
      middleware: [requireLogin(), requirePermission('music.view')] as const,
      request: { body: { content: { 'application/json': { schema: CreateBody } }, required: true } },
      responses: { 201: json(z.object({ playlist: PlaylistSchema }), 'Created'), ...errorResponses },
    }),
    async (c) => c.json({ playlist: await createOwnPlaylist(c.get('deps').db, c.get('auth'), c.req.valid('json')) }, 201),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/playlists/{id}',
      tags: ['Playlists'],
      summary: 'Change name, description, visibility or collaboration (owner)',
      middleware: [requireLogin()] as const,
      request: { params: idParam, body: { content: { 'application/json': { schema: UpdateBody } }, required: true } },
      responses: { 200: json(z.object({ playlist: PlaylistSchema }), 'Changed'), ...errorResponses },
    }),
    async (c) => c.json({ playlist: await changePlaylist(c.get('deps').db, c.get('auth'), c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/playlists/{id}',
      tags: ['Playlists'],
      summary: 'Delete a playlist (owner)',
      middleware: [requireLogin()] as const,
      request: { params: idParam },
      responses: { 200: json(z.object({ message: z.string() }), 'Deleted'), ...errorResponses },
    }),
    async (c) => {
      await removePlaylist(c.get('deps'), c.get('auth'), c.req.valid('param').id);
      return c.json({ message: 'Playlist deleted.' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/playlists/{id}/tracks',
      tags: ['Playlists'],
      summary: 'Add tracks at the end (owner or collaborators); tracks already there are skipped',
      middleware: [requireLogin()] as const,
      request: { params: idParam, body: { content: { 'application/json': { schema: TrackIdsBody } }, required: true } },
      responses: { 200: json(z.object({ added: z.number(), tracks_count: z.number() }), 'Added'), ...errorResponses },
    }),
    async (c) => c.json(await addTracks(c.get('deps').db, c.get('auth'), c.req.valid('param').id, c.req.valid('json').track_ids), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/playlists/{id}/tracks',
      tags: ['Playlists'],
      summary: 'Remove tracks (owner or collaborators)',
      middleware: [requireLogin()] as const,
      request: { params: idParam, body: { content: { 'application/json': { schema: TrackIdsBody } }, required: true } },
      responses: { 200: json(z.object({ removed: z.number() }), 'Removed'), ...errorResponses },
    }),
    async (c) => c.json(await removeTracks(c.get('deps').db, c.get('auth'), c.req.valid('param').id, c.req.valid('json').track_ids), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/playlists/{id}/tracks/order',
      tags: ['Playlists'],
      summary: 'Move one track to a new position (0-based)',
      middleware: [requireLogin()] as const,
      request: { params: idParam, body: { content: { 'application/json': { schema: MoveBody } }, required: true } },
      responses: { 200: json(z.object({ message: z.string() }), 'Moved'), ...errorResponses },
    }),
    async (c) => {
      const { track_id, index } = c.req.valid('json');
      await moveTrack(c.get('deps').db, c.get('auth'), c.req.valid('param').id, track_id, index);
      return c.json({ message: 'Order saved.' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/playlists/{id}/image',
      tags: ['Playlists'],
      summary: 'Upload a cover (PNG, JPEG, GIF or WebP, at most 5 MB)',
      middleware: [requireLogin()] as const,
      request: { params: idParam, body: { content: { 'multipart/form-data': { schema: z.object({ file: z.any().openapi({ type: 'string', format: 'binary' }) }) } }, required: true } },
      responses: { 200: json(z.object({ playlist: PlaylistSchema }), 'Uploaded'), ...errorResponses },
    }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      if (!(form.file instanceof File)) throw validationFailed({ file: 'Choose an image to upload.' });
      return c.json({ playlist: await replacePlaylistImage(c.get('deps'), c.get('auth'), c.req.valid('param').id, form.file) }, 200);
    },
  );
