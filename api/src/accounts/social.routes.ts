import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { passwordRecentlyConfirmed, requireLogin } from '../http/auth.ts';
import { documentPolicy } from '../http/content-security-policy.ts';
import { deleteResponseCookie, getCookie, isSecureRequest, setResponseCookie } from '../http/cookies.ts';
import { ApiError, notFound, validationFailed, validationHook } from '../http/errors.ts';
import { bootstrapFor, clientInfo, logIn } from '../http/login.ts';
import { ErrorSchema, jsonResponse as json, PasswordBody } from '../http/schemas.ts';
import { passwordMatches } from './account.service.ts';
import { postLoginPath } from '../settings/bootstrap.service.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { PROVIDERS } from './social-providers.ts';
import {
  authorizationRequest,
  enabledProvider,
  fetchProfile,
  isSocialService,
  pendingConnection,
  socialConnect,
  socialDisconnect,
  socialLogin,
  SocialAuthError,
  type SocialFlowState,
  type SocialMode,
} from './social-auth.service.ts';
import { loginLimits, spendAttempt } from '../common/throttle.service.ts';
import { scriptHashSource } from '../settings/trusted-code.service.ts';
import { twoFactorState } from './two-factor.service.ts';
import { logger } from '../logging/logger.ts';

const FLOW_COOKIE = 'social_flow';
const PENDING_COOKIE = 'social_pending';
const COOKIE_PATH = '/secure/auth/social';
const FLOW_MINUTES = 10;

type PopupStatus = 'SUCCESS' | 'REQUEST_PASSWORD' | 'ERROR' | 'ALREADY_LOGGED_IN';

/**
 * The page the popup ends on: it hands the result to the window that opened it (only to this
 * site's origin) and closes. When the provider's pages cut the link to the opener, a
 * BroadcastChannel of this origin carries the message instead.
 */
function popupResult(c: Context<AppEnv>, status: PopupStatus, extra: Record<string, unknown> = {}) {
  const message = JSON.stringify({ type: 'social-auth', status, ...extra }).replace(/</g, '\\u003c');
  const origin = JSON.stringify(new URL(c.get('deps').config.appUrl).origin);
  const script = `
  var message = ${message};
  if (window.opener) window.opener.postMessage(message, ${origin});
  else if ('BroadcastChannel' in window) new BroadcastChannel('social-auth').postMessage(message);
  window.close();
`;
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in…</title></head><body>
<p>${status === 'ERROR' ? 'Sign-in did not work. You can close this window.' : 'You can close this window.'}</p>
<script>${script}</script></body></html>`,
    200,
    { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'Content-Security-Policy': documentPolicy([scriptHashSource(script)]) },
  );
}

const flowCookie = (c: Context<AppEnv>, name: string, value: string) =>
  setResponseCookie(c, name, value, { httpOnly: true, sameSite: 'Lax', secure: isSecureRequest(c), path: COOKIE_PATH, maxAge: FLOW_MINUTES * 60 });

function readFlow(c: Context<AppEnv>): (SocialFlowState & { service: string }) | undefined {
  const raw = getCookie(c, FLOW_COOKIE);
  if (!raw || raw.length > 2000) return undefined;
  try {
    const flow = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    return typeof flow.state === 'string' && typeof flow.verifier === 'string' && (flow.mode === 'login' || flow.mode === 'connect') ? flow : undefined;
  } catch {
    return undefined;
  }
}

async function startFlow(c: Context<AppEnv>, mode: SocialMode) {
  const service = c.req.param('service') ?? '';
  if (!isSocialService(service)) throw notFound('This sign-in service does not exist.');
  const provider = await enabledProvider(c.get('deps'), service);
  if (!provider) return popupResult(c, 'ERROR', { errorMessage: `Signing in with ${PROVIDERS[service].label} is not enabled.` });
  const auth = c.get('auth');
  if (mode === 'login' && auth.user) return popupResult(c, 'ALREADY_LOGGED_IN');
  if (mode === 'connect' && !auth.user) return popupResult(c, 'ERROR', { errorMessage: 'Log in first.' });
  if (mode === 'connect' && !passwordRecentlyConfirmed(auth)) return popupResult(c, 'ERROR', { errorMessage: 'Confirm your password to continue.' });
  const { url, flow } = authorizationRequest(provider, mode);
  flowCookie(c, FLOW_COOKIE, Buffer.from(JSON.stringify({ ...flow, service })).toString('base64url'));
  return c.redirect(url, 302);
}

const ServiceParam = z.object({ service: z.string().max(20).openapi({ param: { name: 'service', in: 'path' }, example: 'google' }) });

/**
 * Social sign-in (spec §4, §7): the OAuth 2 popup flow (plain GET pages, not JSON, so they are
 * left out of the OpenAPI document), connecting with a password, disconnecting.
 */
export const socialRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/social/connect',
      tags: ['Auth'],
      summary: 'Finish a social sign-in that matched an existing account, with that account\'s password',
      request: { body: { content: { 'application/json': { schema: PasswordBody } }, required: true } },
      responses: {
        200: json(z.object({ bootstrapData: z.record(z.string(), z.unknown()), redirect_uri: z.string() }), 'Connected and logged in'),
        401: json(ErrorSchema, 'No pending sign-in'),
        422: json(ErrorSchema, 'Wrong password'),
        429: json(ErrorSchema, 'Too many attempts'),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const pending = await pendingConnection(deps, getCookie(c, PENDING_COOKIE));
      if (!pending) throw new ApiError(401, 'This sign-in expired. Please try again.');
      const attempt = await spendAttempt(deps, loginLimits(pending.user.email, clientInfo(c).ip), c.get('auth').user);
      if (!(await passwordMatches(deps, pending.user, c.req.valid('json').password))) throw validationFailed({ password: 'This password is incorrect.' });
      await attempt.succeeded();
      if (twoFactorState(pending.user) === 'enabled') throw new ApiError(422, 'This account uses two-factor authentication: log in with your email and password.');
      if (!(await pending.finish())) throw new ApiError(401, 'This sign-in expired. Please try again.');
      deleteResponseCookie(c, PENDING_COOKIE, COOKIE_PATH);
      await logIn(c, pending.user, true);
      return c.json({ bootstrapData: await bootstrapFor(c), redirect_uri: postLoginPath(await loadSettings(deps.db), c.get('auth').permissions, deps.config.appUrl) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/social/{service}/disconnect',
      tags: ['Auth'],
      summary: 'Disconnect a social account',
      middleware: [requireLogin()] as const,
      request: { params: ServiceParam },
      responses: { 200: json(z.object({ message: z.string() }), 'Disconnected'), 404: json(ErrorSchema, 'Not connected'), 422: json(ErrorSchema, 'Would lock the account out') },
    }),
    async (c) => {
      const deps = c.get('deps');
      const user = c.get('auth').user!;
      const service = c.req.valid('param').service;
      if (!isSocialService(service)) throw notFound('This sign-in service does not exist.');
      await socialDisconnect(deps, user, service);
      return c.json({ message: `Disabled ${PROVIDERS[service].label} account` }, 200);
    },
  )
  .get('/auth/social/:service/login', (c) => startFlow(c, 'login'))
  .get('/auth/social/:service/connect', (c) => startFlow(c, 'connect'))
  .get('/auth/social/:service/callback', async (c) => {
    const deps = c.get('deps');
    const service = c.req.param('service');
    const flow = readFlow(c);
    deleteResponseCookie(c, FLOW_COOKIE, COOKIE_PATH);
    if (!isSocialService(service) || !flow || flow.service !== service || c.req.query('state') !== flow.state) {
      return popupResult(c, 'ERROR', { errorMessage: 'This sign-in expired or did not start here. Please try again.' });
    }
    if (c.req.query('error') || !c.req.query('code')) return popupResult(c, 'ERROR', { errorMessage: 'Sign-in was cancelled.' });
    const provider = await enabledProvider(deps, service);
    if (!provider) return popupResult(c, 'ERROR', { errorMessage: `Signing in with ${PROVIDERS[service].label} is not enabled.` });
    try {
      const profile = await fetchProfile(provider, c.req.query('code')!, flow);
      if (flow.mode === 'connect') {
        const user = c.get('auth').user;
        if (!user) return popupResult(c, 'ERROR', { errorMessage: 'Log in first.' });
        const problem = await socialConnect(deps, service, profile, user);
        return problem ? popupResult(c, 'ERROR', { errorMessage: problem }) : popupResult(c, 'SUCCESS', { service, connected: true });
      }
      const outcome = await socialLogin(deps, service, profile);
      if (outcome.kind === 'error') return popupResult(c, 'ERROR', { errorMessage: outcome.message });
      if (outcome.kind === 'password-required') {
        flowCookie(c, PENDING_COOKIE, outcome.pendingToken);
        return popupResult(c, 'REQUEST_PASSWORD', { service });
      }
      if (twoFactorState(outcome.user) === 'enabled') {
        return popupResult(c, 'ERROR', { errorMessage: 'This account uses two-factor authentication: log in with your email and password.' });
      }
      await logIn(c, outcome.user, true);
      return popupResult(c, 'SUCCESS', { redirectUri: postLoginPath(await loadSettings(deps.db), c.get('auth').permissions, deps.config.appUrl) });
    } catch (error) {
      if (error instanceof SocialAuthError) return popupResult(c, 'ERROR', { errorMessage: error.message });
      logger.error({ err: error, req_id: c.get('requestId') }, 'Social sign-in failed');
      return popupResult(c, 'ERROR', {});
    }
  });
