import { expect, test } from '@playwright/test';
import { apiCall, logInAsAdmin, registerAccount } from '../support/accounts.ts';
import { albumPath, cachedSoon, visit } from '../support/page-cache.ts';

/**
 * Anonymous pages are shared through the page cache (Settings > Cache), and nothing an admin
 * changes waits for it to expire. Each visit is a new visitor: a request context of its own.
 */

test('a visitor gets the page the previous visitor had rendered, with cookies of their own', async ({ playwright, request }) => {
  const path = await albumPath(request, 3);
  const first = await visit(playwright, path);
  expect(first.status).toBe(200);
  await cachedSoon(playwright, path);
  const second = await visit(playwright, path);
  expect(second.headers['x-cache']).toBe('HIT');
  expect(second.html).toBe(first.html);
  expect(second.headers['cache-control']).toMatch(/public/);
  expect(second.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  // Each answer has its own request id, as in the log.
  expect(second.headers['x-request-id']).toMatch(/^[\w.:-]{8,}$/);
  expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  // Each visitor gets an XSRF token of their own, never one stored with the page.
  const token = (visit: { cookies: { name: string; value: string }[] }) => visit.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  expect(token(second)).toBeTruthy();
  expect(token(second)).not.toBe(token(first));

  // Browsers get it gzipped as stored; a client that takes no compression gets plain HTML.
  expect(second.headers['content-encoding']).toBe('gzip');
  const plain = await visit(playwright, path, { 'Accept-Encoding': 'identity' });
  expect(plain.headers['x-cache']).toBe('HIT');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.html).toBe(first.html);

  // A choice of theme is another page.
  const dark = await visit(playwright, path, { Cookie: 'be-active-theme=dark' });
  expect(dark.headers['x-cache']).toBe('MISS');
});

test('what an admin changes shows to visitors at once', async ({ playwright, page }) => {
  await logInAsAdmin(page.request);
  const album = await (await page.request.get('/api/admin/albums/4')).json();
  const path = await albumPath(page.request, 4);
  await cachedSoon(playwright, path);

  try {
    expect((await apiCall(page.request, 'PUT', '/api/admin/albums/4', { ...album, name: 'Renamed While Cached' })).status()).toBe(200);
    const renamed = await visit(playwright, `/album/4/x/y`);
    expect(renamed.html).toContain('Renamed While Cached');

    // The guest role loses music.view: the next visitor is sent to log in, not served the old page.
    const roles = await (await page.request.get(`/api/admin/roles?filter=${encodeURIComponent('{"guests":true}')}`)).json();
    const newPath = await albumPath(page.request, 4);
    await cachedSoon(playwright, newPath);
    try {
      await apiCall(page.request, 'PUT', `/api/admin/roles/${roles[0].id}/permissions`, { permissions: [] });
      const refused = await playwright.request.newContext();
      const response = await refused.get(newPath, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toMatch(/^\/login\?redirect=/);
      await refused.dispose();
    } finally {
      await apiCall(page.request, 'PUT', `/api/admin/roles/${roles[0].id}/permissions`, { permissions: [{ name: 'music.view', restrictions: [] }] });
    }
  } finally {
    await apiCall(page.request, 'PUT', '/api/admin/albums/4', album);
  }
});

test('logged-in listeners always get their own page, and 0 seconds turns the cache off', async ({ playwright, page }) => {
  const path = await albumPath(page.request, 5);
  await cachedSoon(playwright, path);

  const listener = await playwright.request.newContext();
  const email = `cache-${Date.now()}@example.com`;
  await registerAccount(listener, email);
  const own = await listener.get(path);
  expect(own.headers()['x-cache']).toBeUndefined();
  expect(own.headers()['cache-control']).toMatch(/private/);
  expect(await own.text()).toContain(email);
  await listener.dispose();

  await logInAsAdmin(page.request);
  try {
    await apiCall(page.request, 'PUT', '/api/admin/settings', { 'cache.public_pages_seconds': 0 });
    await visit(playwright, path);
    expect((await visit(playwright, path)).headers['x-cache']).toBeUndefined();
  } finally {
    await apiCall(page.request, 'PUT', '/api/admin/settings', { 'cache.public_pages_seconds': 60 });
  }
});
