import type { Context, MiddlewareHandler } from 'hono';
import type { CachedPage } from '@app/db';
import type { AppEnv } from '../context.ts';
import { cachedPageBody, clearSharedPageCache } from '../services/page-cache.service.ts';

/** A page from the page cache, gzipped for clients that take it, with its age; the visitor's own cookies and security headers are added by the middleware as for any response. */
export async function cachedPageResponse(c: Context<AppEnv>, cached: CachedPage): Promise<Response> {
  const { body, gzipped } = await cachedPageBody(cached, /\bgzip\b/.test(c.req.header('Accept-Encoding') ?? ''));
  const headers: Record<string, string> = Object.fromEntries(cached.headers);
  headers['Age'] = String(Math.max(0, Math.floor((Date.now() - cached.created_at) / 1000)));
  headers['X-Cache'] = 'HIT';
  if (gzipped) headers['Content-Encoding'] = 'gzip';
  return c.body(body, cached.status as 200, headers);
}

/** What the back office changes shows to every visitor at once, not when cached pages expire. */
export function clearPageCacheOnWrites(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) && c.res.status < 400) await clearSharedPageCache(c.get('deps').db);
  };
}
