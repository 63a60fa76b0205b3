import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { trackAudio } from '../catalog/catalog.service.ts';
import { notFound } from './errors.ts';
import { parseRange } from './range.ts';

/**
 * A track's audio as players need it: 206 with the exact `Content-Range` for a `Range`, 416 past
 * the end, 304 for a copy the browser has, and a redirect for a track that plays from an external
 * address. The web player's stream route and Subsonic's stream and download share it.
 */
export async function audioResponse(c: Context<AppEnv>, { track, entry }: Awaited<ReturnType<typeof trackAudio>>, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const { storage } = c.get('deps');
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
    ...extraHeaders,
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
}
