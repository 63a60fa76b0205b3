import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requirePermission } from '../http/auth.ts';
import { notFound, validationHook } from '../http/errors.ts';
import { parseRange } from '../http/range.ts';
import { errorResponses, idParam } from '../schemas/common.ts';
import { trackAudio } from '../services/catalog.service.ts';

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
  async (c) => {
    const { storage } = c.get('deps');
    const { track, entry } = await trackAudio(c.get('deps'), c.get('auth'), c.req.valid('param').id);
    if (!entry) {
      // Re-serialized by the URL parser, what an admin typed is always a valid Location header.
      const external = track.src && URL.canParse(track.src) ? new URL(track.src) : null;
      if (external && (external.protocol === 'https:' || external.protocol === 'http:')) return c.redirect(external.href, 302);
      throw notFound('This track has no audio.');
    }
    const disk = entry.disk === 'public' ? 'public' : 'uploads';
    const size = await storage.size(disk, entry.file_name);
    if (size === undefined) throw notFound('The audio file of this track is missing.');

    const etag = `"${entry.id}-${size}-${Date.parse(entry.updated_at) || 0}"`;
    const headers: Record<string, string> = {
      'Content-Type': entry.mime || 'application/octet-stream',
      'Accept-Ranges': 'bytes',
      ETag: etag,
      // Permission-checked, so only the listener's own browser may keep a copy.
      'Cache-Control': 'private, max-age=86400',
    };
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
    const ifRange = c.req.header('If-Range');
    const range = ifRange && ifRange !== etag ? ({ kind: 'full' } as const) : parseRange(c.req.header('Range'), size);

    // HEAD gets the same headers without opening the file.
    const read = (part?: { start: number; end: number }) => (c.req.method === 'HEAD' ? null : storage.read(disk, entry.file_name, part));
    if (range.kind === 'unsatisfiable') {
      return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${size}` });
    }
    if (range.kind === 'partial') {
      return new Response(read(range), {
        status: 206,
        headers: { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${size}`, 'Content-Length': String(range.end - range.start + 1) },
      });
    }
    return new Response(size ? read() : null, { status: 200, headers: { ...headers, 'Content-Length': String(size) } });
  },
);
