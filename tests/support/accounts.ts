import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './constants.ts';

/** Calls the real API as a browser would: cookies kept by the request context, XSRF header echoed. */
export async function apiCall(request: APIRequestContext, method: 'POST' | 'PUT', url: string, data: unknown) {
  if (!(await request.storageState()).cookies.some((c) => c.name === 'XSRF-TOKEN')) await request.get('/api/v1/genres');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  return request.fetch(url, { method, data, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
}

export async function registerAccount(request: APIRequestContext, email: string, password = 'a-long-password') {
  const response = await apiCall(request, 'POST', '/auth/register', { email, password, password_confirmation: password });
  if (!response.ok()) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  return response.json();
}

export async function logInAsAdmin(request: APIRequestContext) {
  const response = await apiCall(request, 'POST', '/auth/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
  if (!response.ok()) throw new Error(`admin login failed: ${response.status()}`);
}
