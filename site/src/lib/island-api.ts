import type { ApiV1 } from '@app/api';
import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import { toast } from '../stores/toast.atoms.ts';
import { HttpError, httpError, readCookie } from './http.ts';

/**
 * The browser's side of what `apiClient` is for pages: the same typed routes (`hc<ApiV1>`), sent
 * the way the API expects from a browser (the session cookie, the XSRF header on writes, PUT,
 * PATCH and DELETE as POST with the method override).
 */
function browserFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input), location.origin);
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  let method = (init.method ?? 'GET').toUpperCase();
  if (['PUT', 'PATCH', 'DELETE'].includes(method)) {
    headers.set('X-HTTP-Method-Override', method);
    url.searchParams.set('_method', method);
    method = 'POST';
  }
  if (method !== 'GET' && method !== 'HEAD') headers.set('X-XSRF-TOKEN', readCookie('XSRF-TOKEN') ?? '');
  return fetch(url, { ...init, method, headers, credentials: 'same-origin' });
}

export const islandApi = hc<ApiV1>('/api/v1', { fetch: browserFetch });

/** The JSON a call answers when it worked, whatever success status its route declares. */
type Success<R> = R extends ClientResponse<infer Body, infer Status, 'json'> ? (Status extends SuccessStatusCode ? Body : never) : never;

/** The data of a successful call; any other answer becomes an HttpError with the spec's message and field errors. */
export async function ok<R extends ClientResponse<unknown, number, string>>(call: Promise<R>): Promise<Success<R>> {
  const response = await call;
  const data: unknown = await response.json().catch(() => ({}));
  if (!response.ok) throw httpError(response.status, data);
  return data as Success<R>;
}

/**
 * A failed call as the spec shows it: a danger toast with the server's message (field errors
 * belong to forms, which read `HttpError.errors` themselves), or the fallback for a network failure.
 */
export function toastFailure(error: unknown, fallback: string): void {
  toast.danger(error instanceof HttpError ? error.message : fallback);
}
