import type { ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { writeResponse } from './direct-response.ts';
import { SAFE_METHODS } from '../http/csrf.ts';
import { clearSharedPageCache, type CachedPageHead, type PageForm, type PageHit } from './page-cache.service.ts';

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

/** The headers a stored page goes out with in one form, as a flat list, and their names in lower case. */
interface PreparedHeaders {
  list: string[];
  names: Set<string>;
}

/** Worked out once per copy and form: a hit only adds its age and the visitor's own headers. */
const prepared = new WeakMap<CachedPageHead, Partial<Record<PageForm, PreparedHeaders>>>();

function preparedHeaders(hit: PageHit): PreparedHeaders {
  let forms = prepared.get(hit.page);
  if (!forms) prepared.set(hit.page, (forms = {}));
  let headers = forms[hit.form];
  if (!headers) {
    const stored = hit.page.headers.filter(([name]) => name.toLowerCase() !== 'vary');
    const vary = hit.page.headers.find(([name]) => name.toLowerCase() === 'vary')?.[1];
    const all: [string, string][] = [...stored, ['Vary', varyWithAcceptEncoding(vary)], ['X-Cache', 'HIT'], ['Content-Length', String(hit.body.byteLength)]];
    if (hit.form === 'gzipped') all.push(['Content-Encoding', 'gzip']);
    headers = { list: all.flat(), names: new Set(all.map(([name]) => name.toLowerCase())) };
    forms[hit.form] = headers;
  }
  return headers;
}

/** A cached page's type, for counting it as a view. */
export const pageContentType = (page: CachedPageHead) => page.headers.find(([name]) => name === 'content-type')?.[1] ?? 'text/html';

/** The form of a cached page a client with this Accept-Encoding gets. */
export function pageFormFor(acceptEncoding: string | undefined): PageForm {
  return negotiateEncoding(acceptEncoding) === 'gzip' ? 'gzipped' : 'html';
}

/**
 * Sends a page from the page cache straight to the Node response, as Astro sends rendered pages:
 * with its age, the request id and the headers every response carries (security headers, the
 * visitor's own XSRF cookie), which the page's own stored headers override, as for any response.
 * Building a Response and its Headers cost more than the rest of a hit.
 */
export function sendCachedPage(outgoing: ServerResponse, hit: PageHit, requestId: string, pageHeaders: readonly (readonly [string, string])[]): void {
  const headers = preparedHeaders(hit);
  const age = String(Math.max(0, Math.floor((Date.now() - hit.page.created_at) / 1000)));
  writeResponse(outgoing, hit.page.status, [...headers.list, 'Age', age], headers.names, hit.body, requestId, pageHeaders);
}

/** What the back office changes shows to every visitor at once, not when cached pages expire. */
export function clearPageCacheOnWrites(): MiddlewareHandler<AppEnv> {
  const clearAfter: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (c.res.status < 400) await clearSharedPageCache(c.get('deps').db);
  };
  // Reads pass straight through: a step that waits for the response costs each one a promise.
  return (c, next) => (SAFE_METHODS.has(c.req.method) ? next() : clearAfter(c, next));
}
