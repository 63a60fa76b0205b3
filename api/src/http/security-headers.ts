import type { MiddlewareHandler } from 'hono';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { AppEnv } from '../context.ts';
import { lockedPolicy } from './content-security-policy.ts';

/**
 * Powerful features the product never uses, switched off for its pages and for anything they
 * frame. Autoplay, fullscreen and picture-in-picture keep the browser's default: the player needs
 * autoplay, and ad frames may be granted them. Media keys need no permission.
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Headers for every response, static files included. */
export const COMMON_HEADERS: [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Permissions-Policy', PERMISSIONS_POLICY],
  // Only this site's pages may load its responses; the exceptions are below.
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

/** Embeds are meant to be framed by other sites; every other address refuses to be framed. */
export const EMBED_PATH = /^\/(track\/\d+\/[^/]+|album\/\d+\/[^/]+\/[^/]+)\/embed\/?$/;

/**
 * Public images (covers, avatars, the logo) may be shown by other sites and mail readers, and an
 * embed may be framed by a site that only loads what allows it (Cross-Origin-Embedder-Policy).
 * Audio streams stay same-origin: embeds are documents of this origin, so their players qualify.
 */
const CROSS_ORIGIN_RESOURCE = (path: string) => path.startsWith('/uploads/') || EMBED_PATH.test(path);

/** The few sets of headers responses carry, each worked out once: by whether the path is an embed, a public file, and whether the site is on https. */
const headerSets = new Map<string, readonly [string, string][]>();

function headerSet(framable: boolean, crossOrigin: boolean, https: boolean): readonly [string, string][] {
  const key = `${framable}${crossOrigin}${https}`;
  let set = headerSets.get(key);
  if (!set) {
    const headers = new Map(COMMON_HEADERS);
    // Social sign-in popups must be able to message their opener, so `same-origin` alone is too strict.
    headers.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    if (!framable) headers.set('X-Frame-Options', 'SAMEORIGIN');
    headers.set('Content-Security-Policy', lockedPolicy(framable));
    if (crossOrigin) headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
    // Not includeSubDomains: the site's host may be a domain whose other subdomains are not this
    // product's to move to https (a reverse proxy in front can add it).
    if (https) headers.set('Strict-Transport-Security', 'max-age=31536000');
    set = [...headers];
    headerSets.set(key, set);
  }
  return set;
}

/** The security headers of a response to this path, on a site at this address. */
export function securityHeadersFor(path: string, appUrl: string): readonly [string, string][] {
  return headerSet(EMBED_PATH.test(path), CROSS_ORIGIN_RESOURCE(path), appUrl.startsWith('https://'));
}

/**
 * Prepares the headers every response carries, for Hono responses and for pages written by Astro
 * or from the page cache (`pageHeaders`, where cookies are added too). The Content-Security-Policy
 * here is the locked one for responses that are not documents; the site's pages
 * (site/src/middleware.ts), the back office, the API reference and the sign-in popup set their own,
 * which wins.
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const headers = [...securityHeadersFor(c.req.path, c.get('deps').config.appUrl)];
    c.set('pageHeaders', headers);
    await next();
    if (c.res === RESPONSE_ALREADY_SENT) return;
    const responseHeaders = c.res.headers;
    for (const [name, value] of headers) if (name !== 'Set-Cookie' && !responseHeaders.has(name)) responseHeaders.set(name, value);
  };
}
