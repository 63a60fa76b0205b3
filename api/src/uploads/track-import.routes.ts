import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../http/admin-access.ts';
import { validationHook } from '../http/errors.ts';
import { ErrorSchema, errorResponses, jsonResponse as json } from '../http/schemas.ts';
import { importUploadedFile } from './track-import.service.ts';

const Created = z.object({ id: z.number(), name: z.string(), created: z.boolean() });

export const ImportedTrackSchema = z
  .object({
    trackId: z.number(),
    name: z.string(),
    number: z.number().nullable(),
    duration: z.number().nullable().openapi({ description: 'Milliseconds' }),
    fileEntryId: z.number(),
    artists: z.array(Created),
    album: Created.extend({ image: z.string().nullable(), imageUsed: z.boolean() }),
    genres: z.array(Created.extend({ displayName: z.string().nullable() })),
  })
  .openapi('ImportedTrack');

export const trackImportRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  createRoute({
    method: 'post',
    path: '/tracks/import',
    tags: ['Uploads'],
    summary: "The back office's upload: make a published track of an uploaded audio file from its tags, creating missing artists, album and genres",
    // It files the track under whichever artists the tags name: the back office's, for those who
    // manage all music. Artists upload through backstage (their own artist, drafts).
    middleware: [requireAdmin('music.create', 'music.update')] as const,
    request: {
      body: {
        content: { 'application/json': { schema: z.strictObject({ fileEntryId: z.number({ error: 'Give the id of an uploaded file.' }).int().positive().max(Number.MAX_SAFE_INTEGER) }) } },
        required: true,
      },
    },
    responses: { 201: json(z.object({ track: ImportedTrackSchema }), 'The created track and what it refers to'), 409: json(ErrorSchema, 'A track already plays this file'), ...errorResponses },
  }),
  async (c) => {
    return c.json({ track: await importUploadedFile(c.get('deps'), c.get('auth'), c.req.valid('json').fileEntryId) }, 201);
  },
);
