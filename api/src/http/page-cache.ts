import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { clearSharedPageCache, type CachedPage } from '../services/page-cache.service.ts';

/**
 * Which stored form a client gets, by its Accept-Encoding (RFC 9110 §12.5.3): codings are
 * case-insensitive, `q=0` refuses one, `*` stands for every coding not named. gzip goes to whoever
 * accepts it at least as much as plain text; plain text is acceptable unless refused, but the least
 * preferred when not named. A client refusing both still gets plain HTML, as an uncached page is.
 */
export function negotiateEncoding(header: string | undefined): 'gzip' | 'identity' {
  if (!header) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((parameter) => /^q\s*=/.test(parameter))?.replace(/^q\s*=\s*/, '');
    // A weight that is not a number refuses the coding: plain text is always safe to send.
    const weight = q === undefined ? 1 : /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(q) ? Number(q) : 0;
    weights.set(name === 'x-gzip' ? 'gzip' : name, weight);
  }
  const any = weights.get('*');
  const gzip = weights.get('gzip') ?? any ?? 0;
  const identity = weights.get('identity') ?? any;
  return gzip > 0 && (identity === undefined || gzip >= identity) ? 'gzip' : 'identity';
}

/** Vary must name Accept-Encoding, or a shared cache could hand gzip to a client that cannot read it. */
function varyWithAcceptEncoding(vary: string | undefined): string {
  if (!vary) return 'Accept-Encoding';
  return /(^|,)\s*(\*|accept-encoding)\s*(,|$)/i.test(vary) ? vary : `${vary}, Accept-Encoding`;
}

/** A page from the page cache in the stored form the client takes, with its age; the visitor's own cookies and security headers are added by the middleware as for any response. */
export function cachedPageResponse(c: Context<AppEnv>, cached: CachedPage): Response {
  const gzipped = negotiateEncoding(c.req.header('Accept-Encoding')) === 'gzip';
  const headers: Record<string, string> = Object.fromEntries(cached.headers);
  headers.vary = varyWithAcceptEncoding(headers.vary);
  headers.Age = String(Math.max(0, Math.floor((Date.now() - cached.created_at) / 1000)));
  headers['X-Cache'] = 'HIT';
  if (gzipped) headers['Content-Encoding'] = 'gzip';
  const bytes = gzipped ? cached.gzipped : cached.html;
  return c.body(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), cached.status as 200, headers);
}

/** What the back office changes shows to every visitor at once, not when cached pages expire. */
export function clearPageCacheOnWrites(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) && c.res.status < 400) await clearSharedPageCache(c.get('deps').db);
  };
}
