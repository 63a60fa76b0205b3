import { pngImage } from '@app/api/testing-audio';
import { expect, test } from '@playwright/test';
import { apiCall, logInAsAdmin } from '../support/accounts.ts';
import { E2E_ADMIN } from '../support/constants.ts';

/** The back office as its users see it: sizes, labels, the site's look. */

test('sizes read in KB and MB: the upload limits as they are typed, and the files list', async ({ page }) => {
  await logInAsAdmin(page.request);
  await page.goto('/admin/settings/uploading');
  const maxSize = page.getByRole('spinbutton', { name: 'Maximum file size (bytes)' });
  await expect(maxSize).toHaveValue('209715200');
  await expect(page.getByText('That is 200 MB.')).toBeVisible();
  await expect(page.getByText('That is 5 MB.')).toBeVisible();
  await maxSize.fill('1536');
  await expect(page.getByText('That is 1.5 KB.')).toBeVisible();

  // A stored file's size, never its count of bytes.
  const xsrf = decodeURIComponent((await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value);
  const name = `size-${Date.now()}.bin`;
  const upload = await page.request.post('/api/v1/file-entries', {
    headers: { 'X-XSRF-TOKEN': xsrf },
    multipart: { file: { name, mimeType: 'application/octet-stream', buffer: Buffer.alloc(3584, 7) }, metadata: JSON.stringify({ disk: 'uploads' }) },
  });
  expect(upload.status()).toBe(201);
  await page.goto('/admin/files');
  await page.getByPlaceholder('Search').fill(name);
  const row = page.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });
  await expect(row).toContainText('3.5 KB');
  await expect(row).not.toContainText('3584');
});

test('notifications say what was saved or deleted, in the words of its section', async ({ page }) => {
  await logInAsAdmin(page.request);
  const name = `look-${Date.now()}`;
  await page.goto('/admin/tags/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tag created')).toBeVisible();

  await expect(page).toHaveURL(/\/admin\/tags$/);
  const [tag] = await (await page.request.get(`/api/admin/tags?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`)).json();
  await page.goto(`/admin/tags/${tag.id}`);
  await page.getByRole('textbox', { name: 'Display name' }).fill('Looked at');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tag updated')).toBeVisible();
  await expect(page.getByText('Element updated')).toHaveCount(0);

  await expect(page).toHaveURL(/\/admin\/tags$/);
  await page.getByPlaceholder('Search').fill(name);
  await page.getByRole('row', { name: new RegExp(name) }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Tag deleted')).toBeVisible();
});

test('charts count in whole numbers, even for a single play', async ({ page }) => {
  await logInAsAdmin(page.request);
  expect((await apiCall(page.request, 'POST', '/api/v1/tracks/250/plays', {})).ok()).toBe(true);
  await page.goto('/admin/tracks/250/insights');
  await expect(page.getByTestId('report-plays')).toHaveText('1');

  const card = (heading: string) => page.locator('.MuiCard-root', { has: page.getByRole('heading', { name: heading }) });
  const tickLabels = async (axis: 'X' | 'Y', heading: string) => card(heading).locator(`.MuiChartsAxis-direction${axis} .MuiChartsAxis-tickLabel`).allTextContents();
  // Per day, the counts are up the side; in the top lists, along the bottom.
  await expect(card('Plays per day').locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel').first()).toBeVisible();
  for (const [axis, heading] of [['Y', 'Plays per day'], ['X', 'Top tracks'], ['X', 'Browsers']] as const) {
    const labels = await tickLabels(axis, heading);
    expect(labels.length, heading).toBeGreaterThanOrEqual(2);
    expect(labels, heading).toEqual(labels.map((label) => label.replace(/[^\d,]/g, '')));
  }
});

test("an album's cover is uploaded from the computer, shown, and saved with the album", async ({ page }) => {
  await logInAsAdmin(page.request);
  const created = await apiCall(page.request, 'POST', '/api/admin/albums', { name: `Covered ${Date.now()}` });
  expect(created.status()).toBe(201);
  const album = await created.json();
  await page.goto(`/admin/albums/${album.id}`);
  await expect(page.getByRole('img', { name: 'Image preview' })).toHaveCount(0);

  await page.getByLabel('Upload an image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from(pngImage(64, [30, 90, 200])) });
  const preview = page.getByRole('img', { name: 'Image preview' });
  await expect(preview).toHaveAttribute('src', /^\/uploads\//);
  // The picture really loads from there.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  const address = await preview.getAttribute('src');
  await expect(page.getByRole('textbox', { name: 'Cover image address' })).toHaveValue(address!);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Album updated')).toBeVisible();
  const saved = await (await page.request.get(`/api/admin/albums/${album.id}`)).json();
  expect(saved.image).toBe(address);

  // Anything but an image is refused before it is sent.
  await page.goto(`/admin/albums/${album.id}`);
  await page.getByLabel('Upload an image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(page.getByText('Choose a PNG, JPEG, GIF, WebP or AVIF image.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', address!);
});

test("the login page and the bar carry the site's name, logo and colours, light and dark", async ({ page, browser }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
  // The site's name stands for its logo until it has one, and leads back to the site.
  await expect(page.getByTestId('login-card').getByRole('link', { name: 'Cadence' })).toHaveAttribute('href', '/');
  // The default light theme's primary colour, not react-admin's blue.
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await expect(signIn).toHaveCSS('background-color', 'rgb(79, 70, 229)');

  await page.locator('input[name="username"]').fill(E2E_ADMIN.email);
  await page.locator('input[name="password"]').fill(E2E_ADMIN.password);
  await signIn.click();
  const bar = page.getByRole('banner');
  await expect(bar.getByRole('link', { name: 'Cadence' })).toBeVisible();
  await expect(bar).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  // The switch goes to the site's dark theme (its navbar colour), and stays there.
  await bar.getByRole('button', { name: 'Toggle light/dark mode' }).click();
  await expect(bar).toHaveCSS('background-color', 'rgb(26, 26, 30)');
  await page.reload();
  await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(26, 26, 30)');

  // A logo set in the settings replaces the name, on the login page too.
  await logInAsAdmin(page.request);
  expect((await apiCall(page.request, 'PUT', '/api/admin/settings', { 'branding.logo_light': '/favicon.svg', 'branding.site_name': 'Nightingale FM' })).status()).toBe(200);
  try {
    const visitor = await browser.newPage({ colorScheme: 'dark' });
    await visitor.goto('/admin');
    const logo = visitor.getByTestId('login-card').getByRole('link', { name: 'Nightingale FM' });
    await expect(logo.locator('img')).toHaveAttribute('src', '/favicon.svg');
    // A visitor whose system is dark gets the site's dark theme.
    await expect(visitor.getByRole('button', { name: 'Sign in' })).toHaveCSS('background-color', 'rgb(165, 160, 255)');
    await visitor.close();
  } finally {
    await apiCall(page.request, 'PUT', '/api/admin/settings', { 'branding.logo_light': '', 'branding.site_name': 'Cadence' });
  }
});

test('on a phone the settings fit the screen: the sections scroll sideways, the form does not', async ({ page }) => {
  await logInAsAdmin(page.request);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin/settings/general');
  const homepageChannel = page.getByRole('textbox', { name: 'Homepage channel' });
  await expect(homepageChannel).toBeVisible();
  const box = (await homepageChannel.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The sections stay reachable: the tab row scrolls to the last one.
  await page.getByRole('tab', { name: 'Player' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/player$/);
});
