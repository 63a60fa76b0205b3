import { expect, test } from '@playwright/test';
import { logInAsAdmin } from '../support/accounts.ts';
import { withE2eDatabase } from '../support/database.ts';

test('every response, pages included, names its request for the logs in X-Request-Id', async ({ page }) => {
  const ids: string[] = [];
  // The second visit of the home page is served from the page cache: it must not replay the first one's id.
  for (const url of ['/', '/', '/search', '/api/v1/genres', '/api/v1/nothing-here']) {
    const response = await page.request.get(url);
    expect(response.headers()['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
    ids.push(response.headers()['x-request-id']);
  }
  expect(new Set(ids).size).toBe(ids.length);
});

test("an unexpected server error shows in the back office's error log, and downloads with its request id", async ({ page }) => {
  await logInAsAdmin(page.request);
  // A table gone from under the server is a real unexpected failure (the browser tests run one at a time).
  await withE2eDatabase((db) => db.schema.alterTable('schedule_runs').renameTo('schedule_runs_away').execute());
  let failed: Awaited<ReturnType<typeof page.request.get>>;
  try {
    failed = await page.request.get('/api/v1/logs/schedule');
  } finally {
    await withE2eDatabase((db) => db.schema.alterTable('schedule_runs_away').renameTo('schedule_runs').execute());
  }
  expect(failed.status()).toBe(500);
  const requestId = failed.headers()['x-request-id'];
  expect(requestId).toBeTruthy();

  await page.goto('/admin/logs/error');
  const entry = page.getByRole('article').filter({ hasText: 'no such table: schedule_runs' }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('GET /api/v1/logs/schedule');
  await expect(entry).toContainText('→ 500');
  await entry.getByText('Stack trace').click();
  await expect(entry.locator('pre')).toContainText('at ');
  // The file pino-roll writes, named by day and number.
  await expect(page.getByRole('combobox', { name: 'Log file' })).toContainText(/error\.\d{4}-\d{2}-\d{2}\.\d+\.log/);

  const download = await page.request.get('/api/v1/logs/error/download-latest');
  expect(download.status()).toBe(200);
  const lines = (await download.text()).trim().split('\n').map((line) => JSON.parse(line));
  expect(lines.find((line) => line.request_id === requestId)).toMatchObject({ level: 'error', method: 'GET', path: '/api/v1/logs/schedule', status: 500 });
});

test('the same unexpected error met again shows once in the error log, with how many times it happened', async ({ page }) => {
  await logInAsAdmin(page.request);
  await withE2eDatabase((db) => db.schema.alterTable('notifications').renameTo('notifications_away').execute());
  try {
    for (let i = 0; i < 3; i++) expect((await page.request.get('/api/v1/notifications')).status()).toBe(500);
  } finally {
    await withE2eDatabase((db) => db.schema.alterTable('notifications_away').renameTo('notifications').execute());
  }
  await page.goto('/admin/logs/error');
  const entries = page.getByRole('article').filter({ hasText: 'no such table: notifications' });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText('GET /api/v1/notifications');
  await expect(entries).toContainText(/3 times that day, last at /);
});
