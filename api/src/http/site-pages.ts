import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { clientIp } from './client-ip.ts';
import { visitorChoices } from './login.ts';
import { ApiError } from './errors.ts';
import { isApiPath } from './paths.ts';
import { pagePolicy } from './content-security-policy.ts';
import { EMBED_PATH } from './security-headers.ts';
import { workspaceBootstrap, type WorkspaceBootstrap } from '../workspaces/workspaces.service.ts';
import { browserBootstrap, buildBootstrapData, type BootstrapData, type BrowserBootstrap } from '../settings/bootstrap.service.ts';
import { loadSettings, type Settings } from '../settings/settings.service.ts';
import { logError } from '../reports/error-log.service.ts';
import { countPageView } from '../reports/page-views.service.ts';
import { logger } from '../logging/logger.ts';
import { guestPageCache, isShareablePage, pageCacheKey, storeRenderedPage, type GuestPageRequest, type Rendering } from '../caching/page-cache.service.ts';
import { pageContentType, pageFormFor, sendCachedPage } from '../caching/page-cache.ts';
import { timeNow } from '../clock.ts';

/** What the Astro site receives with every page request. */
export interface SiteLocals {
  /** Everything pages read while they render on the server. */
  bootstrap: BootstrapData & WorkspaceBootstrap;
  /** The part of it a page may hand the browser (`#be-bootstrap`). */
  browserBootstrap: BrowserBootstrap;
  /** Calls this API in process with the visitor's cookies, for the typed client. */
  apiFetch: typeof fetch;
  /** Cookies and security headers the page response must carry. */
  responseHeaders: [string, string][];
  /** The page's Content-Security-Policy, from the one Astro computed (the hashes of its own inline scripts). */
  contentSecurityPolicy: (astroPolicy: string | null) => string;
  /** Set when the page may be shared with other visitors: keeps a shareable response for them. */
  storeInPageCache?: (response: Response) => void;
  /** Writes a page that failed to the error log, as app.onError does for the API. */
  reportError: (error: unknown) => void;
}

export type SiteHandler = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void, locals: SiteLocals) => unknown;

/** A page view, counted in the batch after the page has gone out. */
function countView(c: Context<AppEnv>, status: number, contentType: string) {
  countPageView(c.get('deps').db, {
    method: c.req.method,
    path: c.req.path,
    status,
    contentType,
    userAgent: c.req.header('User-Agent'),
    purpose: c.req.header('Sec-Purpose') ?? c.req.header('Purpose'),
    ip: clientIp(c),
    country: c.req.header('CF-IPCountry'),
    userId: c.get('auth')?.user?.id ?? null,
  });
}

/** What the page cache keys this request of a visitor who is not logged in by, for this build of the site. */
function guestPageRequest(c: Context<AppEnv>, siteBuild: string): GuestPageRequest {
  // Path and query as the server read them (@hono/node-server has already normalised the address).
  const url = c.req.url;
  return { pathAndQuery: url.slice(url.indexOf('/', url.indexOf('//') + 2)), ...visitorChoices(c), build: siteBuild };
}


type App = OpenAPIHono<AppEnv>;

/** A page a visitor who is not logged in may share with others: kept under this key once rendered. */
interface PageCacheEntry {
  key: string;
  seconds: number;
  rendering: Rendering;
}

/**
 * Everything that is not API is a page of the site; unknown API paths fall through to a JSON 404.
 * Visitors who are not logged in share pages through the page cache (Settings > Cache).
 */
export function serveSitePages(app: App, deps: AppDeps, siteHandler: SiteHandler, siteBuild: string): void {
  app.all('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    const { incoming, outgoing } = (c.env ?? {}) as Partial<HttpBindings>;
    if (!incoming || !outgoing) throw new ApiError(500, 'Pages can only be served by the Node server.');
    // A hit reads no other setting, so the rest are read only for a page that is rendered.
    const guestCache = c.req.method === 'GET' && !c.get('auth').user ? await guestPageCache(deps.db, deps.clock) : undefined;
    let settings: Settings | undefined;
    const recordView = (status: number, contentType: string) => {
      if (guestCache?.pageViews ?? (settings?.['analytics.page_views'] !== false)) countView(c, status, contentType);
    };

    const cacheSeconds = guestCache?.cacheSeconds ?? 0;
    const pageRequest = cacheSeconds > 0 ? guestPageRequest(c, siteBuild) : undefined;
    const hit = pageRequest ? await guestCache?.find(pageRequest, pageFormFor(c.req.header('Accept-Encoding'))) : undefined;
    if (hit) {
      recordView(hit.page.status, pageContentType(hit.page));
      sendCachedPage(outgoing, hit, c.get('requestId'), c.get('pageHeaders'));
      return RESPONSE_ALREADY_SENT;
    }
    const cacheKey = pageRequest && pageCacheKey(pageRequest);

    const rendering = { startedAt: timeNow(deps), generation: guestCache?.generation ?? 0 };
    const pageSettings = await loadSettings(deps.db);
    settings = pageSettings;
    const locals = await pageLocals(app, deps, c, incoming, pageSettings, cacheKey ? { key: cacheKey, seconds: cacheSeconds, rendering } : undefined);
    const handled = await renderPage(siteHandler, incoming, outgoing, locals);
    // Astro passes its headers to writeHead, which getHeader does not see; the site's pages are
    // all .astro pages, so a response that did not say otherwise is HTML.
    if (handled) recordView(outgoing.statusCode, String(outgoing.getHeader('Content-Type') ?? 'text/html'));
    return handled ? RESPONSE_ALREADY_SENT : next();
  });
}

/** What the site's page gets to render with: the visitor's data, typed API calls, headers and the cache to keep it in. */
async function pageLocals(app: App, deps: AppDeps, c: Context<AppEnv>, incoming: IncomingMessage, pageSettings: Settings, pageCache: PageCacheEntry | undefined): Promise<SiteLocals> {
  const cookieHeader = c.req.header('Cookie') ?? '';
  const bootstrap = await buildBootstrapData(deps, c.get('auth'), visitorChoices(c), pageSettings);
  return {
    bootstrap: { ...bootstrap, ...(await workspaceBootstrap(deps.db, c.get('auth').user, c.get('workspaceId'))) },
    browserBootstrap: browserBootstrap(bootstrap),
    apiFetch: (input, init) => {
      const request = new Request(input instanceof Request ? input : new URL(input, deps.config.appUrl), init);
      request.headers.set('Cookie', cookieHeader);
      // The visitor's connection (who is asking, for rate limits), not the page's Node response:
      // an answer the API writes straight to a socket (sendBytes) must come back to the page.
      return Promise.resolve(app.fetch(request, { incoming }));
    },
    responseHeaders: [...c.get('pageHeaders'), ['X-Request-Id', c.get('requestId')], ...(pageCache ? [['X-Cache', 'MISS'] as [string, string]] : [])],
    contentSecurityPolicy: (astroPolicy) =>
      pagePolicy({ astroPolicy, settings: pageSettings, siteUrl: deps.config.appUrl, framable: EMBED_PATH.test(c.req.path), extra: deps.config.cspExtraSources }),
    storeInPageCache: pageCache
      ? (response) => {
          if (!isShareablePage(response)) return void response.body?.cancel();
          storeRenderedPage(deps.db, pageCache.key, pageCache.seconds, pageCache.rendering, response).catch((error) => logger.warn({ err: error, req_id: c.get('requestId') }, 'Could not store a page in the page cache'));
        }
      : undefined,
    // Astro answers a failed page with its 500 page itself; without this, only its console would know.
    reportError: (error) => {
      logger.error({ err: error, req_id: c.get('requestId'), method: c.req.method, path: c.req.path }, 'A page failed to render');
      void logError(deps.config, deps.db, error, { method: c.req.method, path: c.req.path, status: 500, user_id: c.get('auth').user?.id ?? null, request_id: c.get('requestId') });
    },
  };
}

/** True once the site has answered; false when it handed the request on (no such page). */
function renderPage(siteHandler: SiteHandler, incoming: IncomingMessage, outgoing: ServerResponse, locals: SiteLocals): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    outgoing.once('finish', () => resolve(true));
    outgoing.once('close', () => resolve(true));
    Promise.resolve(siteHandler(incoming, outgoing, (error) => (error ? reject(error) : resolve(false)), locals)).catch(reject);
  });
}
