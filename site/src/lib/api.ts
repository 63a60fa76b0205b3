import type { ApiV1 } from '@app/api';
import { hc } from 'hono/client';

/**
 * The typed API client for pages. It calls the API inside the same process (no network hop),
 * carrying the visitor's cookies so permissions apply exactly as for a browser call.
 */
export function apiClient(locals: App.Locals) {
  return hc<ApiV1>('http://internal/api/v1', { fetch: locals.apiFetch });
}

/** The JSON of a successful call, or null for 404 so pages can show the not-found page. */
export async function readOrNull<T>(response: { ok: boolean; status: number; json(): Promise<T> }): Promise<T | null> {
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`API call failed with status ${response.status}`);
  return response.json();
}
