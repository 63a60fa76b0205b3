import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, AuthState } from '../context.ts';
import { authenticateBearer } from '../accounts/access-tokens.service.ts';
import { readTableVersions } from '../caching/table-versions.ts';
import { resolveAuth, SESSION_COOKIE } from '../accounts/auth.service.ts';
import { hasPermission } from '../permissions/permissions.ts';
import { getCookie } from './cookies.ts';
import { loadSetting } from '../settings/settings.service.ts';
import { ApiError, forbidden, unauthenticated } from './errors.ts';
import { isApiPath } from './paths.ts';

/**
 * Resolves who is asking once per request: an API token for API calls that send one, else the
 * session cookie, else a guest.
 */
export async function identify(c: Context<AppEnv>): Promise<void> {
  const authorization = c.req.header('Authorization');
  if (authorization !== undefined && isApiPath(c.req.path)) c.set('auth', await authenticateBearer(c.get('deps'), authorization));
  else {
    const token = getCookie(c, SESSION_COOKIE);
    // Before anything else is read: what this process kept from tables unchanged since may be used (accounts/auth.service.ts).
    const versions = await readTableVersions(c.get('deps').db);
    c.set('tableVersions', versions);
    c.set('auth', await resolveAuth(c.get('deps'), token, versions));
  }
}

/** How recently the session confirmed its password for sensitive actions (spec constant). */
export const PASSWORD_CONFIRMATION_SECONDS = 9000;

export function passwordRecentlyConfirmed(auth: AuthState, seconds = PASSWORD_CONFIRMATION_SECONDS): boolean {
  const at = auth.session?.password_confirmed_at;
  return Boolean(at && Date.now() - Date.parse(at) <= seconds * 1000);
}

/**
 * Sensitive actions need a browser session that confirmed its password in the last 9000 seconds;
 * API tokens cannot perform them. 423 tells the client to ask for the password and retry.
 */
export function requirePasswordConfirmation(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const auth = c.get('auth');
    if (!auth.user) throw unauthenticated();
    if (!auth.session) throw forbidden('This action needs a browser session, not an API token.');
    if (!passwordRecentlyConfirmed(auth)) throw new ApiError(423, 'Confirm your password to continue.');
    return next();
  };
}

export function requireLogin(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    if (!c.get('auth').user) throw unauthenticated();
    return next();
  };
}

/** Guests lacking the permission get 401 (logging in may help); users lacking it get 403. */
export function requirePermission(...names: string[]): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const auth = c.get('auth');
    if (!names.every((name) => hasPermission(auth.permissions, name))) {
      throw auth.user ? forbidden() : unauthenticated();
    }
    return next();
  };
}

/** Calls a gated user may still make: see who they are, verify their email, log out. */
const GATE_ALLOWED = new Set(['GET /api/v1/users/me', 'POST /auth/logout', 'POST /api/v1/resend-email-verification', 'POST /api/v1/validate-email-verification-otp']);

/**
 * The account gates of the spec, enforced on the server: a suspended user, or an unverified one
 * when email confirmation is required, can call nothing but the few calls their gate screen needs.
 * Pages show the gate screens themselves (site/src/middleware.ts).
 */
export async function enforceAccountGates(c: Context<AppEnv>): Promise<void> {
  const user = c.get('auth').user;
  if (!user || !isApiPath(c.req.path) || GATE_ALLOWED.has(`${c.req.method} ${c.req.path}`)) return;
  if (user.banned_at) throw new ApiError(403, 'Your account is suspended.');
  if (!user.email_verified_at && (await loadSetting(c.get('deps').db, 'require_email_confirmation'))) {
    throw new ApiError(403, 'Verify your email address to continue.');
  }
}
