import { expect, test } from '@playwright/test';
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
