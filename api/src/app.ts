import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RequestListener } from 'node:http';
import { OpenAPIHono } from '@hono/zod-openapi';
import { serveStatic } from '@hono/node-server/serve-static';
import { bodyLimit } from 'hono/body-limit';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { Context, MiddlewareHandler } from 'hono';
import { createAdminRoutes } from './admin/admin.routes.ts';
import type { AppDeps, AppEnv } from './context.ts';
import { enforceAccountGates, identify } from './http/auth.ts';
import { visitorChoices } from './http/login.ts';
import { csrfProtection } from './http/csrf.ts';
import { ApiError, errorResponse, validationHook } from './http/errors.ts';
import { methodOverride } from './http/method-override.ts';
import { MemoisedRouter } from './caching/memoised-router.ts';
import { isApiPath } from './http/paths.ts';
import { adminPolicy } from './http/content-security-policy.ts';
import { COMMON_HEADERS, securityHeaders } from './http/security-headers.ts';
import { accountRoutes } from './accounts/account.routes.ts';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE } from './accounts/avatar.service.ts';
import { PLAYLIST_IMAGE_MAX_BYTES, PLAYLIST_IMAGE_TOO_LARGE } from './library/playlists.service.ts';
import { authRoutes } from './accounts/auth.routes.ts';
import { twoFactorRoutes } from './accounts/two-factor.routes.ts';
import { socialRoutes } from './accounts/social.routes.ts';
import { catalogRoutes } from './catalog/catalog.routes.ts';
import { healthRoutes } from './system/health.routes.ts';
import { emailVerificationRoutes } from './accounts/email-verification.routes.ts';
import { createDocsRoutes } from './system/docs.routes.ts';
import { streamRoutes } from './player/stream.routes.ts';
import { playerRoutes } from './player/player.routes.ts';
import { uploadsRoutes } from './uploads/uploads.routes.ts';
import { localeRoute, usersRoutes } from './accounts/users.routes.ts';
import { valueListsRoutes } from './settings/value-lists.routes.ts';
import { playlistsRoutes, PLAYLIST_IMAGE_ROUTE } from './library/playlists.routes.ts';
import { libraryRoutes } from './library/library.routes.ts';
import { channelsRoutes } from './catalog/channels.routes.ts';
import { commentsRoutes } from './comments/comments.routes.ts';
import { profilesRoutes } from './accounts/profiles.routes.ts';
import { recaptchaRoutes } from './accounts/recaptcha.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { customPagesRoutes } from './settings/custom-pages.routes.ts';
import { backstageRequestsRoutes } from './backstage/backstage-requests.routes.ts';
import { adminAdsRoutes } from './settings/ads.routes.ts';
import { adminUiStringsRoutes } from './settings/ui-strings.routes.ts';
import { adminBackstageRequestsRoutes } from './backstage/backstage-requests-admin.routes.ts';
import { workspacesRoutes } from './workspaces/workspaces.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { readWorkspaceParam, settleWorkspace } from './http/workspace.ts';
import { subsonicRoutes } from './subsonic/subsonic.routes.ts';
import { subsonicAccountRoutes } from './subsonic/app-password.routes.ts';
import { fileEntriesRoutes, OWN_BODY_LIMIT_ROUTES } from './uploads/file-entries.routes.ts';
import { s3UploadsRoutes } from './uploads/s3-uploads.routes.ts';
import { trackImportRoutes } from './uploads/track-import.routes.ts';
import { billingRoutes } from './billing/billing.routes.ts';
import { backstageRoutes } from './backstage/backstage.routes.ts';
import { loadBackOfficeLook } from './settings/bootstrap.service.ts';
import { loadSettings } from './settings/settings.service.ts';
import { adminSettingsRoutes } from './settings/settings.routes.ts';
import { adminAppearanceRoutes } from './settings/appearance.routes.ts';
import { adminAccountsRoutes } from './admin/accounts.routes.ts';
import { adminReportsRoutes } from './reports/reports.routes.ts';
import { logsRoutes } from './reports/logs.routes.ts';
import { logError } from './reports/error-log.service.ts';
import { translateErrors } from './http/translate-errors.ts';
import { requestLog } from './http/request-log.ts';
import { siteBuildId } from './caching/page-cache.service.ts';
import { clearPageCacheOnWrites } from './caching/page-cache.ts';
import { withGuestPageHits } from './caching/guest-page-hits.ts';

import { serveSitePages, type SiteHandler } from './http/site-pages.ts';

export type { SiteHandler, SiteLocals } from './http/site-pages.ts';

export interface AppOptions {
  /** Astro's node handler (middleware mode); without it only the API is served. */
  siteHandler?: SiteHandler;
  /** Built static files of the site (`site/dist/client`). */
  siteClientDir?: string;
  /** Built back office (`admin/dist`). */
  adminDir?: string;
}

/** The JSON API of the web player, under /api/v1. */
export const apiV1 = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .route('/', localeRoute)
  .route('/', catalogRoutes)
  .route('/', healthRoutes)
  .route('/', streamRoutes)
  .route('/', playerRoutes)
  .route('/', usersRoutes)
  .route('/', emailVerificationRoutes)
  .route('/', accountRoutes)
  .route('/', valueListsRoutes)
  .route('/', recaptchaRoutes)
  .route('/', playlistsRoutes)
  .route('/', libraryRoutes)
  .route('/', channelsRoutes)
  .route('/', commentsRoutes)
  .route('/', profilesRoutes)
  .route('/', searchRoutes)
  .route('/', logsRoutes)
  .route('/', customPagesRoutes)
  .route('/', backstageRequestsRoutes)
  .route('/', workspacesRoutes)
  .route('/', fileEntriesRoutes)
  .route('/', s3UploadsRoutes)
  .route('/', trackImportRoutes)
  .route('/', billingRoutes)
  .route('/', backstageRoutes)
  .route('/', notificationsRoutes)
  .route('/', subsonicAccountRoutes);
export type ApiV1 = typeof apiV1;

/** The session routes outside /api/v1 (/auth and /secure), chained like apiV1 so islands call them typed too. */
const sessionRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .route('/auth', authRoutes)
  .route('/auth', twoFactorRoutes)
  .route('/secure', socialRoutes);
export type SessionApi = typeof sessionRoutes;


/**
 * Multipart uploads of one file: the file's own limit plus room for the form around it. A body over
 * that holds a file over its limit, so it is answered as the route answers one (spec §5).
 */
const UPLOAD_BODY_LIMITS: { path: RegExp; maxSize: number; tooLarge: string }[] = [
  { path: /^\/api\/v1\/users\/[^/]+\/avatar$/, maxSize: AVATAR_MAX_BYTES + 64 * 1024, tooLarge: AVATAR_TOO_LARGE },
  { path: PLAYLIST_IMAGE_ROUTE, maxSize: PLAYLIST_IMAGE_MAX_BYTES + 64 * 1024, tooLarge: PLAYLIST_IMAGE_TOO_LARGE },
];

/** Pages name the build's hashed scripts: a page cached by another build would load files that are gone. */
const siteBuildOf = (options: AppOptions) => (options.siteClientDir ? siteBuildId(options.siteClientDir) : '');

/**
 * The Node server's request listener: visitors who are not logged in get the page cache's hits
 * first (caching/guest-page-hits.ts), everything else is the app's.
 */
export function requestListener(deps: AppDeps, options: AppOptions, appListener: RequestListener): RequestListener {
  return options.siteHandler ? withGuestPageHits(deps, siteBuildOf(options), appListener) : appListener;
}

type App = OpenAPIHono<AppEnv>;

export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const app: App = new OpenAPIHono<AppEnv>({ defaultHook: validationHook, router: new MemoisedRouter() });
  serveHashedAssets(app, options);
  // After the hashed assets: a line per asset would drown the requests that matter.
  useRequestSteps(app, deps);
  mountRoutes(app, deps);
  if (options.adminDir) serveBackOffice(app, deps, options.adminDir);
  if (options.siteClientDir) servePublicFiles(app, options.siteClientDir);
  if (options.siteHandler) serveSitePages(app, deps, options.siteHandler, siteBuildOf(options));
  answerErrors(app, deps);
  return app;
}

/**
 * Hashed build assets never change under the same name. They are answered before the security
 * headers middleware, so they take the headers every response carries here, set on the file's
 * own response (headers set on the context after serveStatic made it would not reach it).
 * serveStatic hands a file it does not have to next(): nothing comes after it here, as a missing
 * build file is a plain 404, not a page in its place nor an error of the server.
 */
function serveHashedAssets(app: App, options: AppOptions): void {
  const hashedAssets = (serve: MiddlewareHandler, extraHeaders: [string, string][] = []): MiddlewareHandler => async (c) => {
    const found = (await serve(c, async () => undefined)) as Response | undefined;
    const response = found ?? (await c.notFound());
    response.headers.set('Cache-Control', found ? 'public, max-age=31536000, immutable' : 'no-cache');
    for (const [name, value] of [...COMMON_HEADERS, ...extraHeaders]) response.headers.set(name, value);
    return response;
  };
  if (options.siteClientDir) {
    // The site's build writes Brotli and gzip copies beside its scripts and styles
    // (site/src/lib/precompress.ts): browsers get a third of the bytes for no CPU per request.
    // Either copy or the original may be sent, so a shared cache must key on the encoding.
    app.use('/_astro/*', hashedAssets(serveStatic({ root: path.relative(process.cwd(), options.siteClientDir), precompressed: true }), [['Vary', 'Accept-Encoding']]));
  }
  if (options.adminDir) {
    app.use('/admin/assets/*', hashedAssets(serveStatic({
      root: path.relative(process.cwd(), options.adminDir),
      rewriteRequestPath: (p) => p.replace(/^\/admin/, ''),
    })));
  }
}

/** What every request goes through before its route, in this order. */
function useRequestSteps(app: App, deps: AppDeps): void {
  app.use(requestLog(deps.config.logging));
  app.use((c, next) => {
    c.set('deps', deps);
    return next();
  });
  app.use(methodOverride(app));
  app.use(securityHeaders());
  app.use(translateErrors());
  app.use(csrfProtection());
  // CSRF refusals come first, as a refusal is not a 404.
  app.use(methodNotAllowed({
    app,
    onMethodNotAllowed: (c, methods) => c.json({ message: `${c.req.method} is not allowed here. Allowed: ${methods.join(', ')}.` }, 405, { Allow: methods.join(', ') }),
  }));
  app.use(limitBodySize(deps));
  // Who is asking, whether their account may make this call, and in which workspace: one step, not a
  // middleware each, as every step of Hono's chain costs each request a promise and a closure.
  app.use(async (c, next) => {
    const requestedWorkspace = readWorkspaceParam(c);
    await identify(c);
    await enforceAccountGates(c);
    await settleWorkspace(c, requestedWorkspace);
    return next();
  });
}

function limitBodySize(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    // No route reads the body of a GET or HEAD, and asking whether there is one makes the Node
    // adapter build a whole Request: a tenth of a millisecond on every read of the API.
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || !isApiPath(c.req.path)) return next();
    // File uploads may be as large as the upload settings say; their routes enforce that limit.
    if (OWN_BODY_LIMIT_ROUTES.some((pattern) => pattern.test(c.req.path))) return next();
    // Uploads have limits of their own, enforced again on the file itself.
    const upload = UPLOAD_BODY_LIMITS.find(({ path }) => path.test(c.req.path));
    const maxSize = upload?.maxSize ?? deps.config.maxBodyBytes;
    return bodyLimit({
      maxSize,
      onError: () => {
        if (upload) throw new ApiError(413, upload.tooLarge, { file: upload.tooLarge });
        throw new ApiError(413, `The request body is too large. The limit is ${Math.round(maxSize / 1024)} KB.`);
      },
    })(c, next);
  };
}

function mountRoutes(app: App, deps: AppDeps): void {
  app.use('/api/admin/*', clearPageCacheOnWrites());
  app.route('/api/v1', apiV1);
  app.route('/', sessionRoutes);
  app.route('/api/admin', adminSettingsRoutes);
  app.route('/api/admin', adminAppearanceRoutes);
  app.route('/api/admin', adminAccountsRoutes);
  app.route('/api/admin', adminReportsRoutes);
  app.route('/api/admin', createAdminRoutes());
  app.route('/api/admin', adminAdsRoutes);
  app.route('/api/admin', adminUiStringsRoutes);
  app.route('/api/admin', adminBackstageRequestsRoutes);
  app.route('/', uploadsRoutes);
  app.route('/rest', subsonicRoutes);

  const openApiDocument = () =>
    app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 'Cadence API', version: '1.0.0', description: 'Cookie sessions need the X-XSRF-TOKEN header on writes; PUT, PATCH and DELETE may be sent as POST with X-HTTP-Method-Override.' },
    });
  app.route('/', createDocsRoutes(openApiDocument, async () => (await loadSettings(deps.db))['branding.site_name']));
}

/** The back office's single page, at /admin and every address under it. */
function serveBackOffice(app: App, deps: AppDeps, adminDir: string): void {
  const indexFile = path.join(adminDir, 'index.html');
  const spa = async (c: Context<AppEnv>) => {
    // The site's name, logos and themes ride along as a data block (not a script), so even the
    // login page is drawn in the site's look without a request of its own.
    const look = JSON.stringify(await loadBackOfficeLook(deps, visitorChoices(c).theme)).replace(/</g, '\\u003c');
    const page = (await readFile(indexFile, 'utf8')).replace('</head>', `<script type="application/json" id="be-bootstrap">${look}</script></head>`);
    return c.html(page, 200, { 'Cache-Control': 'no-cache', 'Content-Security-Policy': adminPolicy(deps.config.cspExtraSources) });
  };
  app.get('/admin', spa);
  app.get('/admin/*', spa);
}

/** Files such as favicon.svg or robots.txt; hashed assets were answered before. */
function servePublicFiles(app: App, clientDir: string): void {
  const publicFiles = serveStatic({ root: path.relative(process.cwd(), clientDir), onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=3600') });
  // The build's files are listed once, so a page request does not look on disk for a file first.
  const publicPaths = new Set(
    readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)
      .filter((file) => !file.startsWith('/_astro/')),
  );
  app.use('*', async (c, next) => (publicPaths.has(c.req.path) ? publicFiles(c, next) : next()));
}

function answerErrors(app: App, deps: AppDeps): void {
  app.notFound((c) => c.json({ message: `Nothing is at ${c.req.method} ${c.req.path}.` }, 404));
  app.onError((error, c) => {
    const response = errorResponse(error, c, deps.config.debug);
    if (response.status >= 500) {
      // The process log has it from the request's own line (http/request-log.ts).
      void logError(deps.config, deps.db, error, { method: c.req.method, path: c.req.path, status: response.status, user_id: c.get('auth')?.user?.id ?? null, request_id: c.get('requestId') });
    }
    return response;
  });
}
