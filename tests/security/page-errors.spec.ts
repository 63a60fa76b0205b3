import { expect, test, type APIRequestContext } from '@playwright/test';
import { logInAsAdmin } from '../support/accounts.ts';
import { withE2eDatabase } from '../support/database.ts';

/**
 * Issue 10, point 2: a page that failed (a login link's redirect once did) answered 500 and only
 * Astro's console knew. A failing page shows the error page and is written to the error log with
 * the page's own address, as a failing API call is.
 */
test('a page that fails shows the error page, with no detail, and reaches the error log under its address', async ({ page }) => {
  await logInAsAdmin(page.request);
  // Asked by a logged-in user, so the page is rendered, not taken from the page cache.
  const path = `/album/1/failing/${Date.now()}`;
  // A table gone from under the server is a real unexpected failure (the browser tests run one at a time).
  // The album is touched first: a server that kept it from an earlier visit reads it again.
  await withE2eDatabase(async (db) => {
    await db.updateTable('albums').set((eb) => ({ name: eb.ref('name') })).where('id', '=', 1).execute();
    await db.schema.alterTable('albums').renameTo('albums_away').execute();
  });
  let failed: { status: number; html: string; requestId: string; policy: string | undefined };
  try {
    const response = await page.request.get(path, { maxRedirects: 0 });
    failed = { status: response.status(), html: await response.text(), requestId: response.headers()['x-request-id'], policy: response.headers()['content-security-policy'] };
  } finally {
    await withE2eDatabase((db) => db.schema.alterTable('albums_away').renameTo('albums').execute());
  }
  expect(failed.status).toBe(500);
  expect(failed.html).toContain('There was an issue loading this page');
  expect(failed.html).not.toMatch(/no such table|SqliteError|API call failed/);
  // The error page is a page like any other: it runs under the pages' policy (issue 10, point 7).
  expect(failed.policy).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);

  const download = await page.request.get('/api/v1/logs/error/download-latest');
  expect(download.status()).toBe(200);
  const entries = (await download.text()).trim().split('\n').map((line) => JSON.parse(line));
  expect(entries.find((entry) => entry.path === path)).toMatchObject({ level: 'error', method: 'GET', path, status: 500, request_id: failed.requestId });
});

/** Every entry of the error log, oldest first (none yet: the download answers 404). */
async function errorLogEntries(request: APIRequestContext): Promise<{ path?: string; message: string; count?: number }[]> {
  const download = await request.get('/api/v1/logs/error/download-latest');
  if (download.status() === 404) return [];
  expect(download.status()).toBe(200);
  return (await download.text()).trim().split('\n').map((line) => JSON.parse(line));
}

/**
 * Issue 24, point 9: a missing build asset answered 500 (the back office's) or wrote a stack trace
 * (the site's), and visiting /500 wrote an "undefined" entry: anyone could fill the error log by
 * asking for addresses. Those are not errors of the server: nothing reaches the error log.
 */
test('a missing build asset is a 404, and nothing reaches the error log', async ({ request }) => {
  await logInAsAdmin(request);
  const before = await errorLogEntries(request);
  for (const path of ['/_astro/does-not-exist.js', '/admin/assets/does-not-exist.js', '/_astro/does-not-exist.css', '/admin/assets/nested/does-not-exist.js']) {
    for (let visit = 0; visit < 3; visit++) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      // Never the back office's page or the site's HTML in place of a script.
      expect(response.headers()['content-type'], path).not.toMatch(/html/);
      expect(response.headers()['cache-control'], path).not.toMatch(/immutable/);
    }
  }
  // A file that is there is still served as before.
  const admin = await (await request.get('/admin')).text();
  const script = admin.match(/src="(\/admin\/assets\/[^"]+\.js)"/)![1];
  const served = await request.get(script);
  expect(served.status()).toBe(200);
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(await errorLogEntries(request)).toEqual(before);
});

test('visiting /500 shows the not-found page and writes nothing to the error log', async ({ request }) => {
  await logInAsAdmin(request);
  const before = await errorLogEntries(request);
  for (let visit = 0; visit < 3; visit++) {
    const response = await request.get('/500');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('doorway to the great nothing');
  }
  expect(await errorLogEntries(request)).toEqual(before);
});
