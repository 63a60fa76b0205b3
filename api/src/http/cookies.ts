import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { serialize, type CookieOptions } from 'hono/utils/cookie';
import type { AppEnv } from '../context.ts';

/**
 * Sets a cookie on the response, whether Hono writes it (API calls) or the Astro handler writes
 * it directly to the Node response (pages, through `pageHeaders`).
 */
export function setResponseCookie(c: Context<AppEnv>, name: string, value: string, options: CookieOptions): void {
  appendSetCookie(c, serialize(name, value, { path: '/', ...options }));
}

/** Adds a serialised cookie to the response, for Hono and for pages alike. */
export function appendSetCookie(c: Context<AppEnv>, header: string): void {
  c.header('Set-Cookie', header, { append: true });
  c.get('pageHeaders').push(['Set-Cookie', header]);
}

export function deleteResponseCookie(c: Context<AppEnv>, name: string, path = '/'): void {
  setResponseCookie(c, name, '', { maxAge: 0, expires: new Date(0), path });
}

export function isSecureRequest(c: Context<AppEnv>): boolean {
  return c.get('deps').config.appUrl.startsWith('https://');
}

export { getCookie };
