import { expect, test } from '@playwright/test';

test('the home page renders the demo catalog as HTML on first byte', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('New releases');
  expect(html).toContain('Aurora Vale');

  await page.goto('/');
  await expect(page).toHaveTitle('Cadence');
  await expect(page.getByRole('heading', { name: 'New releases' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
  expect(await page.locator('.media-card').count()).toBeGreaterThan(10);
});

test('an unknown address shows the not-found page with a 404 status', async ({ page }) => {
  const response = await page.goto('/this/page/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "Looks like you've found the doorway to the great nothing" })).toBeVisible();
  await page.getByRole('link', { name: 'Take me there!' }).click();
  await expect(page).toHaveURL('/');
});

test('an album that does not exist is a 404 too', async ({ page }) => {
  const response = await page.goto('/album/999999/nobody/nothing');
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Looks like you've found the doorway to the great nothing")).toBeVisible();
});

test('the cookie notice hides once accepted and stays hidden', async ({ page, context }) => {
  await page.goto('/');
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Got it' }).click();
  await expect(notice).toBeHidden();
  const cookie = (await context.cookies()).find((c) => c.name === 'cookie_notice');
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
});

test('the theme follows the operating system by default', async ({ browser }) => {
  for (const colorScheme of ['dark', 'light'] as const) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    await page.goto('/');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe(colorScheme === 'dark' ? 'rgb(18, 18, 21)' : 'rgb(255, 255, 255)');
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark).*$/);
    await context.close();
  }
});

test('at 360 px wide nothing overflows and the menu opens from the toggle', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  for (const path of ['/', '/album/1/x/y', '/artist/1', '/login']) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
  }
  await page.goto('/');
  const sidebar = page.getByRole('complementary', { name: 'Main navigation' });
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(sidebar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
  await context.close();
});

test('pages carry the browser bootstrap data inline, without secrets, and cacheable assets', async ({ page, request }) => {
  const response = await page.goto('/');
  expect(response?.headers()['cache-control']).toContain('s-maxage');
  const bootstrap = JSON.parse((await page.locator('#be-bootstrap').textContent())!);
  // Only what the site's scripts read (tests/security/visitor-bootstrap.spec.ts lists every key).
  expect(Object.keys(bootstrap).sort()).toEqual(['i18n', 'settings', 'user']);
  expect(bootstrap.user).toBeNull();
  expect(bootstrap.settings['branding.site_name']).toBe('Cadence');
  expect(bootstrap.settings).not.toHaveProperty('recaptcha.secret_key');

  const asset = await page.locator('link[rel="stylesheet"][href^="/_astro/"]').first().getAttribute('href');
  const assetResponse = await request.get(asset!);
  expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
