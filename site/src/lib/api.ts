import type { ApiV1 } from '@app/api';
import { hc } from 'hono/client';

/**
 * The typed API client for pages. It calls the API inside the same process (no network hop),
 * carrying the visitor's cookies so permissions apply exactly as for a browser call.
 */
export function apiClient(locals: App.Locals) {
  return hc<ApiV1>('http://internal/api/v1', { fetch: locals.apiFetch });
}

/**
 * 401 or 403: the visitor has to log in first. It takes any status, where comparing the typed
 * client's `status` would not compile: that type knows only the answers a route declares (200).
 */
export function needsLogin(response: { status: number }): boolean {
  return response.status === 401 || response.status === 403;
}

/**
 * What a page does with an API answer (spec §8): data when it worked, a login redirect for 401 or
 * 403, nothing for 404 and 422 (a malformed address) so the page shows the not-found page.
 * Anything else is a real failure and shows the error page.
 */
export async function pageData<T>(response: { ok: boolean; status: number; json(): Promise<T> }, currentPath: string): Promise<{ data: T | null; redirect?: string }> {
  if (response.ok) return { data: await response.json() };
  if (needsLogin(response)) return { data: null, redirect: `/login?redirect=${encodeURIComponent(currentPath)}` };
  if (response.status === 404 || response.status === 422) return { data: null };
  throw new Error(`API call failed with status ${response.status}`);
}

/** A positive database id from an address segment, or undefined for anything else. */
export function idFrom(segment: string | undefined): number | undefined {
  if (!segment || !/^\d{1,15}$/.test(segment)) return undefined;
  const id = Number(segment);
  return id > 0 ? id : undefined;
}
