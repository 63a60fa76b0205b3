import { defineMiddleware } from 'astro:middleware';

/** The gate screen the current user must see on every path, if any (spec §2, gates). */
function gateFor(locals: App.Locals): string | undefined {
  const user = locals.bootstrap?.user;
  if (!user) return undefined;
  if (user.banned_at) return '/account-suspended';
  if (!user.email_verified_at && locals.bootstrap.settings.require_email_confirmation) return '/verify-email';
  return undefined;
}

/**
 * Gates first, then a cache policy: anonymous pages may be cached briefly, personalised ones never
 * by shared caches. A shareable page is handed to the page cache before the visitor's own cookies
 * and headers are added.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const gate = gateFor(context.locals);
  let response = gate && context.url.pathname !== gate ? await next(gate) : await next();
  if (response.status !== 200 && response.statusText === 'OK') {
    // Astro starts every page as "OK" and keeps it when the page sets only its status, so a page
    // that was not found went out as "404 OK". Without a text, Node sends the status's own.
    response = new Response(response.body, { status: response.status, headers: response.headers });
  }
  const html = response.headers.get('Content-Type')?.startsWith('text/html');
  if (html) {
    // Astro's policy knows the inline scripts Astro wrote; the API's adds what the site needs
    // besides, and is the one stored with the page in the page cache.
    response.headers.set('Content-Security-Policy', context.locals.contentSecurityPolicy(response.headers.get('Content-Security-Policy')));
  }
  if (!response.headers.has('Cache-Control') && html) {
    const personal = Boolean(context.locals.bootstrap?.user);
    // Shared caches may keep anonymous pages for the time set in the back office (Settings > Cache).
    const sharedSeconds = context.locals.bootstrap?.settings['cache.public_pages_seconds'] ?? 60;
    const shared = sharedSeconds > 0 ? `public, max-age=0, s-maxage=${sharedSeconds}, stale-while-revalidate=300` : 'public, no-cache';
    response.headers.set('Cache-Control', personal || response.status >= 400 ? 'private, no-cache' : shared);
    // The page cache answers in gzip to clients that accept it.
    response.headers.append('Vary', 'Cookie, Accept-Encoding');
  }
  const store = context.locals.storeInPageCache;
  if (store && response.status === 200 && /\bpublic\b/.test(response.headers.get('Cache-Control') ?? '')) {
    // Read once and sent as one piece: cheaper than streaming the page and a copy of it side by side.
    const html = await response.text();
    store(new Response(html, response));
    response = new Response(html, response);
  }
  for (const [name, value] of context.locals.responseHeaders ?? []) {
    if (name.toLowerCase() === 'set-cookie') response.headers.append(name, value);
    else if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
});
