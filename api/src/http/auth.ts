import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { resolveAuth, SESSION_COOKIE } from '../services/auth.service.ts';
import { hasPermission } from '../services/permissions.ts';
import { getCookie } from './cookies.ts';
import { loadSettings } from '../services/settings.service.ts';
import { ApiError, forbidden, unauthenticated } from './errors.ts';
import { isApiPath } from './paths.ts';

/** Resolves who is asking (a session cookie, or a guest) once per request. */
export function authenticate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('auth', await resolveAuth(c.get('deps'), getCookie(c, SESSION_COOKIE)));
    await next();
  };
}

export function requireLogin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get('auth').user) throw unauthenticated();
    await next();
  };
}

/** Guests lacking the permission get 401 (logging in may help); users lacking it get 403. */
export function requirePermission(...names: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.get('auth');
    if (!names.every((name) => hasPermission(auth.permissions, name))) {
      throw auth.user ? forbidden() : unauthenticated();
    }
    await next();
  };
}

/** Calls a gated user may still make: see who they are, verify their email, log out. */
const GATE_ALLOWED = new Set(['GET /api/v1/users/me', 'POST /auth/logout', 'POST /api/v1/resend-email-verification', 'POST /api/v1/validate-email-verification-otp']);

/**
 * The account gates of the spec, enforced on the server: a suspended user, or an unverified one
 * when email confirmation is required, can call nothing but the few calls their gate screen needs.
 * Pages show the gate screens themselves (site/src/middleware.ts).
 */
export function accountGates(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('auth').user;
    if (!user || !isApiPath(c.req.path) || GATE_ALLOWED.has(`${c.req.method} ${c.req.path}`)) return next();
    if (user.banned_at) throw new ApiError(403, 'Your account is suspended.');
    if (!user.email_verified_at && (await loadSettings(c.get('deps').db)).require_email_confirmation) {
      throw new ApiError(403, 'Verify your email address to continue.');
    }
    return next();
  };
}
