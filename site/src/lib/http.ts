/** Browser-side calls to the API: cookies, JSON, and the XSRF header the server requires on writes. */

export class HttpError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  constructor(status: number, message: string, errors: Record<string, string>) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

export function readCookie(name: string): string | undefined {
  const match = document.cookie.match(new RegExp(`(?:^|; )${name.replace(/[-.]/g, '\\$&')}=([^;]*)`));
  return match ? decodeURIComponent(match[1]) : undefined;
}

export function writeCookie(name: string, value: string, days: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing in older browsers; callers rely on the cookie being set at once
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${days * 86400}; Path=/; SameSite=Lax${secure}`;
}

const DEFAULT_ERROR = 'There was an issue. Please try again.';

/** Spec §3: the active workspace id, kept for 7 days; 0 or absent is the personal workspace. */
export const ACTIVE_WORKSPACE_COOKIE = 'activeWorkspaceId';
export const ACTIVE_WORKSPACE_DAYS = 7;

/**
 * The one way the browser calls the API (spec §7): the typed clients of `island-api.ts` send every
 * request through it. It adds the active workspace to GET, POST and PUT unless the caller chose one,
 * sends PUT, PATCH and DELETE as POST with X-HTTP-Method-Override and `_method`, and the XSRF header
 * on writes.
 */
export function browserFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input), location.origin);
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  let method = (init.method ?? 'GET').toUpperCase();
  const workspaceId = readCookie(ACTIVE_WORKSPACE_COOKIE);
  if (workspaceId && workspaceId !== '0' && ['GET', 'POST', 'PUT'].includes(method) && !url.searchParams.has('workspaceId')) url.searchParams.set('workspaceId', workspaceId);
  if (['PUT', 'PATCH', 'DELETE'].includes(method)) {
    headers.set('X-HTTP-Method-Override', method);
    url.searchParams.set('_method', method);
    method = 'POST';
  }
  if (method !== 'GET' && method !== 'HEAD') headers.set('X-XSRF-TOKEN', readCookie('XSRF-TOKEN') ?? '');
  return fetch(url, { ...init, method, headers, credentials: 'same-origin' });
}

/** The spec's error payload (`message`, `errors` per field, each a line or a list) as an HttpError. */
export function httpError(status: number, data: unknown): HttpError {
  const payload = (data ?? {}) as { message?: string; errors?: Record<string, string | string[]> };
  const errors: Record<string, string> = {};
  for (const [field, value] of Object.entries(payload.errors ?? {})) {
    errors[field] = Array.isArray(value) ? value[0] : value;
  }
  return new HttpError(status, payload.message || DEFAULT_ERROR, errors);
}
