import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

/** Image types by extension, for files stored under a server-made name. */
export const IMAGE_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

/**
 * Public files (covers, avatars) by their server-generated name. Names never change, so browsers
 * may keep them for a year; SVGs get a CSP that stops any script inside them from running.
 */
export const uploadsRoutes = new Hono<AppEnv>().get('/uploads/:key{[A-Za-z0-9][A-Za-z0-9._-]{0,200}}', async (c) => {
  const { storage } = c.get('deps');
  const key = c.req.param('key');
  const size = await storage.size('public', key);
  if (size === undefined) return c.json({ message: 'This file does not exist.' }, 404);
  const extension = key.split('.').pop()?.toLowerCase() ?? '';
  return new Response(c.req.method === 'HEAD' ? null : storage.read('public', key), {
    headers: {
      'Content-Type': IMAGE_TYPES[extension] ?? 'application/octet-stream',
      'Content-Length': String(size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    },
  });
});
