import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../support/constants.ts';
import { startOtherSite } from '../support/other-site.ts';

test('another site embeds an album player that plays without logging in', async ({ page, request }) => {
  const embed = await request.get('/album/1/x/y/embed');
  expect(embed.status()).toBe(200);
  expect(embed.headers()['x-frame-options']).toBeUndefined();
  expect(embed.headers()['content-security-policy']).toMatch(/(^|; )frame-ancestors \*(;|$)/);
  // Every other page still refuses to be framed.
  expect((await request.get('/album/1/x/y')).headers()['x-frame-options']).toBe('SAMEORIGIN');

  const blog = await startOtherSite(`<h1>My blog</h1><iframe src="http://localhost:${E2E_PORT}/album/1/x/y/embed" width="600" height="420" title="Album player"></iframe>`);
  try {
    await page.goto(blog.url);
    const frame = page.frameLocator('iframe[title="Album player"]');
    await expect(frame.locator('.embed-tracks li')).not.toHaveCount(0);
    await frame.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(frame.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    const frameHandle = page.frames().find((f) => f.url().includes('/embed'))!;
    await expect.poll(() => frameHandle.evaluate(() => document.querySelector('audio')!.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  } finally {
    await blog.close();
  }
});

test('a track embed shows the track, and an unknown one says so', async ({ page }) => {
  await page.goto('/track/5/x');
  const name = await page.getByRole('heading', { level: 1 }).textContent();
  await page.getByRole('button', { name: `Share ${name}` }).click();
  const code = await page.getByLabel('Embed code').inputValue();
  expect(code).toMatch(new RegExp(`<iframe src="http://localhost:${E2E_PORT}/track/5/[^"]+/embed"`));

  await page.goto(code.match(/src="([^"]+)"/)![1]);
  await expect(page.locator('.embed-title')).toHaveText(name!);
  const missing = await page.goto('/track/999999/x/embed');
  expect(missing!.status()).toBe(404);
  await expect(page.getByText('This music is not available.')).toBeVisible();
});
