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
 * Relative paths get the api/v1/ prefix unless they start with auth, secure, log-viewer or horizon.
 * PUT, PATCH and DELETE travel as POST with X-HTTP-Method-Override and `_method`.
 */
export async function apiRequest<T = unknown>(path: string, options: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const method = (options.method ?? 'GET').toUpperCase();
  const prefixed = /^(https?:)?\/\//.test(path) || /^\/?(auth|secure|log-viewer|horizon)(\/|$)/.test(path) ? path : `api/v1/${path.replace(/^\//, '')}`;
  const url = new URL(prefixed.startsWith('/') || /^https?:/.test(prefixed) ? prefixed : `/${prefixed}`, location.origin);
  // Spec §7: the active workspace travels with reads and writes, unless the caller chose one.
  const workspaceId = readCookie(ACTIVE_WORKSPACE_COOKIE);
  if (workspaceId && workspaceId !== '0' && ['GET', 'POST', 'PUT'].includes(method) && !url.searchParams.has('workspaceId')) url.searchParams.set('workspaceId', workspaceId);
  const headers: Record<string, string> = { Accept: 'application/json' };
  let sentMethod = method;
  if (['PUT', 'PATCH', 'DELETE'].includes(method)) {
    sentMethod = 'POST';
    headers['X-HTTP-Method-Override'] = method;
    url.searchParams.set('_method', method);
  }
  if (sentMethod !== 'GET') headers['X-XSRF-TOKEN'] = readCookie('XSRF-TOKEN') ?? '';
  // Files travel as multipart (the browser sets the boundary); everything else as JSON.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method: sentMethod,
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw httpError(response.status, data);
  return data as T;
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
