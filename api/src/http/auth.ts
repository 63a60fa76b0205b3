import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { resolveAuth, SESSION_COOKIE } from '../services/auth.service.ts';
import { hasPermission } from '../services/permissions.ts';
import { getCookie } from './cookies.ts';
import { forbidden, unauthenticated } from './errors.ts';

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
