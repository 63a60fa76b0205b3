import type { Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';

const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * The client sends PUT, PATCH and DELETE as POST with the real method in the
 * `X-HTTP-Method-Override` header and a `_method` query parameter; the request is dispatched
 * again with that method so routes are written with their true verbs.
 */
export function methodOverride(app: Pick<Hono<AppEnv>, 'fetch'>): MiddlewareHandler {
  return (c, next) => {
    if (c.req.method !== 'POST') return next();
    const requested = (c.req.header('X-HTTP-Method-Override') ?? c.req.query('_method'))?.toUpperCase();
    if (!requested || !OVERRIDABLE.has(requested)) return next();
    const url = new URL(c.req.url);
    url.searchParams.delete('_method');
    const headers = new Headers(c.req.raw.headers);
    headers.delete('X-HTTP-Method-Override');
    const request = new Request(url, { method: requested, headers, body: c.req.raw.body, duplex: 'half' } as RequestInit);
    return Promise.resolve(app.fetch(request, c.env));
  };
}
