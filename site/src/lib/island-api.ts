import type { ApiV1, SessionApi } from '@app/api';
import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import { toast } from '../stores/toast.atoms.ts';
import { browserFetch, HttpError, httpError } from './http.ts';

/** The typed API routes for islands, as `apiClient` gives them to pages, sent through the browser's one fetch wrapper. */
export const islandApi = hc<ApiV1>('/api/v1', { fetch: browserFetch });

/** The session routes outside /api/v1: `sessionApi.auth.login`, `sessionApi.secure.auth.social`… */
export const sessionApi = hc<SessionApi>('/', { fetch: browserFetch });

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
