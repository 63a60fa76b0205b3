import type { MiddlewareHandler } from 'hono';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { AppEnv } from '../context.ts';

const BASE_HEADERS: [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  // Social sign-in popups must be able to message their opener, so `same-origin` alone is too strict.
  ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
];

/** Embeds are meant to be framed by other sites; every other address refuses to be framed. */
export const EMBED_PATH = /^\/(track\/\d+\/[^/]+|album\/\d+\/[^/]+\/[^/]+)\/embed\/?$/;

/** Prepares the headers every response carries, for Hono responses and for pages written by Astro. */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const headers = new Headers(BASE_HEADERS);
    if (EMBED_PATH.test(c.req.path)) {
      headers.delete('X-Frame-Options');
      headers.set('Content-Security-Policy', 'frame-ancestors *');
    }
    if (c.get('deps').config.appUrl.startsWith('https://')) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    c.set('pageHeaders', headers);
    await next();
    if (c.res === RESPONSE_ALREADY_SENT) return;
    headers.forEach((value, name) => {
      if (name.toLowerCase() !== 'set-cookie' && !c.res.headers.has(name)) c.res.headers.set(name, value);
    });
  };
}
