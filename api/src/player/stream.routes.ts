import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requirePermission } from '../http/auth.ts';
import { audioResponse } from '../http/audio-response.ts';
import { validationHook } from '../http/errors.ts';
import { errorResponses, idParam } from '../http/schemas.ts';
import { trackAudio } from '../catalog/catalog.service.ts';

/**
 * Audio bytes, kept apart from the JSON API: answers `Range` with 206 and the exact
 * `Content-Range`, 416 for a range past the end, so players can seek without downloading.
 */
export const streamRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  createRoute({
    method: 'get',
    path: '/tracks/{id}/stream',
    tags: ['Catalog'],
    summary: "A track's audio, with Range support",
    description: 'A draft plays only for the artists it belongs to and for those who manage all music; for anyone else it does not exist (404).',
    middleware: [requirePermission('music.view')] as const,
    request: { params: idParam },
    responses: {
      200: { description: 'The whole file', content: { 'audio/mpeg': { schema: z.any() } } },
      206: { description: 'The requested byte range', content: { 'audio/mpeg': { schema: z.any() } } },
      302: { description: 'Redirect to an external audio address' },
      416: { description: 'The range starts past the end of the file' },
      ...errorResponses,
    },
  }),
  async (c) => audioResponse(c, await trackAudio(c.get('deps'), c.get('auth'), c.req.valid('param').id)),
);
