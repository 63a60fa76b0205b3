import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv, AuthState } from '../context.ts';
import { clientInfo } from '../http/login.ts';
import { msg } from '../i18n/msg.ts';
import { albumListMethods } from './album-lists.routes.ts';
import { authenticateSubsonic, requireSubsonicPermission, subsonicEnabled } from './auth.ts';
import { bookmarkMethods } from './bookmarks.routes.ts';
import { browsingMethods } from './browsing.routes.ts';
import { SUBSONIC_ERROR, SubsonicError, subsonicErrorOf } from './errors.ts';
import { mediaAnnotationMethods } from './media-annotation.routes.ts';
import { mediaRetrievalMethods } from './media-retrieval.routes.ts';
import { readParams } from './params.ts';
import { playlistMethods } from './playlists.routes.ts';
import { respond, respondError, type Format, type Methods } from './respond.ts';
import type { SubsonicResponse } from './responses.ts';
import { searchingMethods } from './searching.routes.ts';
import { systemMethods } from './system.routes.ts';
import { userMethods } from './users.routes.ts';

/** Every method, by endpoint group as Navidrome groups them. */
const METHODS: Methods = {
  ...systemMethods,
  ...browsingMethods,
  ...albumListMethods,
  ...searchingMethods,
  ...mediaRetrievalMethods,
  ...mediaAnnotationMethods,
  ...playlistMethods,
  ...bookmarkMethods,
  ...userMethods,
};

/** The methods served, as apps call them (docs/subsonic.md). */
export const SUBSONIC_METHODS: readonly string[] = Object.keys(METHODS);

/** Calls that answer without credentials: OpenSubsonic asks for the extension list to be open. */
const OPEN_METHODS = new Set(['getOpenSubsonicExtensions']);

/** Clients name the version they speak; a newer major one than ours cannot be served. */
function checkVersion(version: string | undefined): void {
  const major = version ? Number(/^(\d+)\./.exec(version)?.[1]) : undefined;
  if (major !== undefined && major > 1) throw new SubsonicError(SUBSONIC_ERROR.serverTooOld, msg('Incompatible Subsonic REST protocol version. Server must upgrade.'));
  if (major !== undefined && major < 1) throw new SubsonicError(SUBSONIC_ERROR.clientTooOld, msg('Incompatible Subsonic REST protocol version. Client must upgrade.'));
}

/**
 * The Subsonic API (1.16.1 with OpenSubsonic's extensions) for music apps, at /rest/<method> and
 * /rest/<method>.view, as GET or as a POSTed form. XML unless `f=json`; JSONP (`f=jsonp`) is
 * refused: it would let any web page read a listener's library with credentials it got hold of.
 * Credentials come in the parameters, never from cookies, so browser-based apps on other origins
 * may call it (CORS) and no cross-site forgery can ride on a session.
 */
export const subsonicRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    await next();
    c.header('Access-Control-Allow-Origin', '*');
  })
  .options('/:method{[A-Za-z0-9]+(?:\\.view)?}', (c) =>
    c.body(null, 204, { 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS', 'Access-Control-Allow-Headers': 'Content-Type', 'Access-Control-Max-Age': '86400' }),
  )
  .on(
    ['GET', 'POST'],
    '/:method{[A-Za-z0-9]+(?:\\.view)?}',
    async (c, next) => bodyLimit({ maxSize: c.get('deps').config.maxBodyBytes, onError: (ctx) => respondError(ctx as Context<AppEnv>, 'xml', new SubsonicError(SUBSONIC_ERROR.generic, msg('The request is too large.')), null) })(c, next),
    async (c) => {
      const deps = c.get('deps');
      const name = c.req.param('method').replace(/\.view$/, '');
      let format: Format = new URL(c.req.url).searchParams.get('f') === 'json' ? 'json' : 'xml';
      let user: AuthState['user'] = null;
      try {
        const params = await readParams(c);
        const f = params.one('f');
        format = f === 'json' ? 'json' : 'xml';
        if (f === 'jsonp') throw new SubsonicError(SUBSONIC_ERROR.generic, msg('JSONP is not supported. Use f=json.'));
        if (!(await subsonicEnabled(deps))) throw new SubsonicError(SUBSONIC_ERROR.generic, msg('The Subsonic API is disabled on this site.'));
        const target = Object.hasOwn(METHODS, name) ? METHODS[name] : undefined;
        if (!target) throw new SubsonicError(SUBSONIC_ERROR.notFound, msg('Unknown method :method.'), { method: name.slice(0, 50) });
        checkVersion(params.one('v'));
        if (OPEN_METHODS.has(name) && params.one('apiKey') === undefined && params.one('u') === undefined) {
          return respond(c, format, (await target.handler({ c, deps, auth: { user: null, session: null, permissions: [] }, params })) as SubsonicResponse);
        }
        const { ip } = clientInfo(c);
        const auth = await authenticateSubsonic(deps, { u: params.one('u'), p: params.one('p'), t: params.one('t'), s: params.one('s'), apiKey: params.one('apiKey') }, ip);
        user = auth.user;
        if (target.listens) requireSubsonicPermission(auth, 'music.view');
        const result = await target.handler({ c, deps, auth, params });
        return result instanceof Response ? result : respond(c, format, result);
      } catch (error) {
        const subsonic = subsonicErrorOf(error);
        if (!subsonic) throw error;
        return respondError(c, format, subsonic, user);
      }
    },
  );
