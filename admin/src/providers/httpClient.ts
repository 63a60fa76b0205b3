import { fetchUtils } from 'react-admin';

export function readCookie(name: string): string {
  const match = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return match ? decodeURIComponent(match[1]) : '';
}

/**
 * Every back-office call: the session cookie travels with it, and writes echo the XSRF-TOKEN
 * cookie in X-XSRF-TOKEN as the server requires.
 */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  headers.set('X-XSRF-TOKEN', readCookie('XSRF-TOKEN'));
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
}
