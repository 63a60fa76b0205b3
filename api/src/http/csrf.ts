import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError } from './errors.ts';
import { serialize } from 'hono/utils/cookie';
import { appendSetCookie, getCookie, isSecureRequest } from './cookies.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** Methods that change nothing (RFC 9110): no token needed, nothing to clear after them. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Calls made by other servers, not browsers: they carry no cookies to abuse and prove who sent
 * them otherwise (Stripe signs every webhook body with the endpoint's secret; PayPal's deliveries are
 * checked with PayPal itself).
 */
const SERVER_TO_SERVER = new Set(['/api/v1/billing/stripe/webhook', '/api/v1/billing/paypal/webhook']);
/** The Subsonic API reads its credentials from the request's own parameters, never from cookies. */
const PARAMETER_AUTHENTICATED = /^\/rest\//;

const isXsrfToken = (token: string | undefined): token is string => token !== undefined && /^[A-Za-z0-9_-]{32,128}$/.test(token);

/** The Set-Cookie header giving a visitor a new token, when the one they sent (if any) is not a token. */
export function xsrfCookieFor(sent: string | undefined, secure: boolean): string | undefined {
  return isXsrfToken(sent) ? undefined : newXsrfCookie(secure);
}

function newXsrfCookie(secure: boolean): string {
  return serialize(XSRF_COOKIE, randomBytes(32).toString('base64url'), { path: '/', sameSite: 'Lax', secure, httpOnly: false, maxAge: 60 * 60 * 24 * 7 });
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Cross-site request forgery protection for browser requests: every visitor gets a readable
 * XSRF-TOKEN cookie, and state-changing requests must echo it in the X-XSRF-TOKEN header, which
 * another site cannot read or set. A request from another origin is refused even with a token.
 * Requests authenticated with a bearer token carry no ambient credentials and are exempt.
 */
export function csrfProtection(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    let token = getCookie(c, XSRF_COOKIE);
    if (!isXsrfToken(token)) {
      token = undefined;
      appendSetCookie(c, newXsrfCookie(isSecureRequest(c)));
    }
    if (SAFE_METHODS.has(c.req.method) || /^Bearer\s/i.test(c.req.header('Authorization') ?? '') || SERVER_TO_SERVER.has(c.req.path) || PARAMETER_AUTHENTICATED.test(c.req.path)) return next();

    const origin = c.req.header('Origin');
    if (origin && origin !== 'null') {
      let originHost: string | undefined;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = undefined;
      }
      const allowed = new Set([c.req.header('Host'), new URL(c.get('deps').config.appUrl).host]);
      if (!originHost || !allowed.has(originHost)) throw new ApiError(403, 'Cross-site requests are not allowed.');
    }
    const sent = c.req.header(XSRF_HEADER);
    if (!token || !sent || !sameToken(token, sent)) {
      throw new ApiError(419, 'Your session has expired or the page is out of date. Reload the page and try again.');
    }
    return next();
  };
}
