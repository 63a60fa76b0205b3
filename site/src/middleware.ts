import { defineMiddleware } from 'astro:middleware';

/**
 * Applies what the API server prepared for this response (cookies, security headers) and a
 * cache policy: anonymous pages may be cached briefly, personalised ones never by shared caches.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  for (const [name, value] of context.locals.responseHeaders ?? []) {
    if (name.toLowerCase() === 'set-cookie') response.headers.append(name, value);
    else if (!response.headers.has(name)) response.headers.set(name, value);
  }
  if (!response.headers.has('Cache-Control') && response.headers.get('Content-Type')?.startsWith('text/html')) {
    const personal = Boolean(context.locals.bootstrap?.user);
    response.headers.set('Cache-Control', personal || response.status >= 400 ? 'private, no-cache' : 'public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    response.headers.append('Vary', 'Cookie');
  }
  return response;
});
