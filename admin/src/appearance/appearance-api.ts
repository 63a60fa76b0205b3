import type { AdminAppearanceApi } from '@app/api';
import { hc, type InferRequestType, type InferResponseType } from 'hono/client';
import { HttpError } from 'react-admin';
import { readCookie } from '../providers/httpClient.ts';

/**
 * The appearance calls, typed from the API's routes. Same rules as httpClient: the session cookie
 * travels, writes echo the XSRF token, and a refusal becomes react-admin's HttpError (with the
 * field errors in its body) so forms show it and an expired session logs out.
 */
const client = hc<AdminAppearanceApi>('/api/admin', {
  fetch: async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('Accept', 'application/json');
    headers.set('X-XSRF-TOKEN', readCookie('XSRF-TOKEN'));
    const response = await fetch(input, { ...init, headers, credentials: 'same-origin' });
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      throw new HttpError(typeof body?.message === 'string' ? body.message : response.statusText, response.status, body);
    }
    return response;
  },
});

export type AppearanceData = InferResponseType<typeof client.appearance.$get, 200>;
export type AppearanceChange = InferRequestType<typeof client.appearance.$put>['json'];
export type AdminTheme = AppearanceData['themes'][number];

/** The data provider's methods for the appearance editor. */
export const appearanceMethods = {
  async getAppearance(): Promise<{ data: AppearanceData }> {
    return { data: await (await client.appearance.$get()).json() };
  },
  /** Saves the changed settings and, when given, the whole list of themes; answers the state after the save. */
  async updateAppearance(change: AppearanceChange): Promise<{ data: AppearanceData }> {
    return { data: (await (await client.appearance.$put({ json: change })).json()) as AppearanceData };
  },
};
