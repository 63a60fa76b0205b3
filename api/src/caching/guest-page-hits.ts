import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse } from 'hono/utils/cookie';
import { getPath } from 'hono/utils/url';
import type { AppDeps } from '../context.ts';
import { logger } from '../logging/logger.ts';
import { SESSION_COOKIE } from '../accounts/auth.service.ts';
import { guestPageCache, type CachedPageHead } from './page-cache.service.ts';
import { countPageView } from '../reports/page-views.service.ts';
import { ACTIVE_WORKSPACE_COOKIE } from '../workspaces/workspaces.service.ts';
import { clientAddress } from '../http/client-ip.ts';
import { XSRF_COOKIE, xsrfCookieFor } from '../http/csrf.ts';
import { visitorChoicesIn } from '../http/login.ts';
import { pageContentType, pageFormFor, sendCachedPage } from './page-cache.ts';
import { isApiPath } from '../http/paths.ts';
import { logRequest, requestIdFrom } from '../http/request-log.ts';
import { securityHeadersFor } from '../http/security-headers.ts';

/**
 * The request targets and hosts @hono/node-server takes as they are (it normalises or refuses any
 * other): a page found here is then keyed by the same text the page route stored it under.
 */
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

/**
 * Most page requests are visitors who are not logged in asking for a page the page cache holds.
 * They are answered here, in front of Hono, with what Hono's steps would have given them: the
 * request id and its log line, the security headers, an XSRF cookie for a visitor without one, and
 * the page view. Hono's own work per request (its Request and Context, a dozen middlewares) cost
 * more than the rest of a hit. Everything else goes on to `next`: a request with a session, a
 * workspace choice or credentials, anything but a plain GET of a page, and a miss, which the page
 * route renders and stores.
 */
export function withGuestPageHits(deps: AppDeps, siteBuild: string, next: RequestListener): RequestListener {
  const secure = deps.config.appUrl.startsWith('https://');

  async function answer(req: IncomingMessage, res: ServerResponse, target: string, path: string, cookies: Record<string, string>, started: number): Promise<boolean> {
    const guestCache = await guestPageCache(deps.db, deps.clock);
    if (guestCache.cacheSeconds <= 0) return false;
    const hit = await guestCache.find({ pathAndQuery: target, ...visitorChoicesIn(cookies), build: siteBuild }, pageFormFor(req.headers['accept-encoding']));
    if (!hit) return false;
    const id = requestIdFrom(headerText(req.headers['x-request-id']));
    const xsrfCookie = xsrfCookieFor(cookies[XSRF_COOKIE], secure);
    const headers = securityHeadersFor(path, deps.config.appUrl);
    sendCachedPage(res, hit, id, xsrfCookie ? [...headers, ['Set-Cookie', xsrfCookie]] : headers);
    try {
      logRequest(deps.config.logging, { id, method: 'GET', path, status: hit.page.status, started });
      if (guestCache.pageViews) countView(req, path, hit.page);
    } catch (error) {
      // The page went out: it must not be sent again.
      logger.warn({ err: error, req_id: id }, 'Could not log or count a page served from the page cache');
    }
    return true;
  }

  function countView(req: IncomingMessage, path: string, page: CachedPageHead) {
    countPageView(deps.db, {
      method: 'GET',
      path,
      status: page.status,
      contentType: pageContentType(page),
      userAgent: req.headers['user-agent'],
      purpose: headerText(req.headers['sec-purpose'] ?? req.headers.purpose),
      ip: clientAddress(deps.config, req.socket.remoteAddress, headerText(req.headers['x-forwarded-for'])),
      country: headerText(req.headers['cf-ipcountry']),
      userId: null,
    });
  }

  return (req, res) => {
    const started = performance.now();
    const target = req.url ?? '';
    const host = req.headers.host;
    if (req.method !== 'GET' || !host || !PLAIN_HOST.test(host) || !PLAIN_TARGET.test(target) || DOT_SEGMENT.test(target) || req.headers.authorization !== undefined) return next(req, res);
    // The path as Hono's routes see it (percent-decoded), for the same checks as theirs.
    const path = getPath({ url: `http://${host}${target}` } as Request);
    if (isApiPath(path) || path.startsWith('/admin') || path.startsWith('/_astro/')) return next(req, res);
    const cookies = parse(req.headers.cookie ?? '');
    if (cookies[SESSION_COOKIE] !== undefined || cookies[ACTIVE_WORKSPACE_COOKIE] !== undefined) return next(req, res);
    answer(req, res, target, path, cookies, started).then(
      (answered) => {
        if (!answered) next(req, res);
      },
      (error: unknown) => {
        // Nothing was sent: the page route tries again, and reports the failure as any other.
        logger.warn({ err: error, path }, 'Could not read the page cache');
        next(req, res);
      },
    );
  };
}
