import { expect, test } from '@playwright/test';
import { apiCall, logInAsAdmin } from '../support/accounts.ts';

/** Dutch lines for some of what the back office shows, each kind of label once. */
const DUTCH = {
  // A resource name (menu, page titles), singular |||| plural.
  'Track |||| Tracks': 'Nummer |||| Nummers',
  // react-admin's own messages.
  Save: 'Opslaan',
  Create: 'Nieuw',
  'Create %{name}': '%{name} toevoegen',
  Logout: 'Afmelden',
  // A column named from its field (source="name"), and a label given in the code.
  Name: 'Naam',
  Artists: 'Artiesten',
  // Text of our own screens.
  Visitors: 'Bezoekers',
  // The uploader's (Uppy's) own texts.
  'Drop files here or %{browseFiles}': 'Sleep bestanden hierheen of %{browseFiles}',
  'browse files': 'kies bestanden',
};

test('the back office shows the lines of its user’s language, and English where a line has none', async ({ page, request }) => {
  await logInAsAdmin(request);
  const created = await apiCall(request, 'POST', '/api/admin/localizations', { name: 'Nederlands', language: 'nl', lines: DUTCH });
  expect(created.status()).toBe(201);
  const roles = (await (await request.get('/api/admin/roles?range=[0,49]')).json()) as { id: number; name: string }[];
  const email = `vertaler-${Date.now()}@example.com`;
  const password = 'a-long-dutch-password';
  const user = await apiCall(request, 'POST', '/api/admin/users', { email, password, language: 'nl', role_ids: [roles.find((role) => role.name === 'admin')!.id] });
  expect(user.status()).toBe(201);

  // People's own languages apply once the site lets them choose.
  expect((await apiCall(request, 'PUT', '/api/admin/settings', { 'i18n.enable': true })).status()).toBe(200);
  try {
    // Nobody is logged in yet: the site's default language, English.
    await page.goto('/admin');
    await page.locator('input[name="username"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByRole('menuitem', { name: 'Nummers' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Albums' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Bezoekers' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Plays' })).toBeVisible();

    await page.getByRole('menuitem', { name: 'Nummers' }).click();
    await expect(page.getByRole('columnheader', { name: 'Naam' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Artiesten' })).toBeVisible();
    await page.getByRole('link', { name: 'Nieuw' }).click();
    await expect(page).toHaveURL(/\/admin\/tracks\/create$/);
    await expect(page.getByText('Nummer toevoegen').first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Naam' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Opslaan' })).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: 'Track number' })).toBeVisible();

    // The uploader speaks it too, placeholders filled in by Uppy.
    await page.goto('/admin/upload');
    await expect(page.getByText('Sleep bestanden hierheen of kies bestanden')).toBeVisible();

    // Logging out brings back the site's default language.
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Afmelden' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  } finally {
    await apiCall(request, 'PUT', '/api/admin/settings', { 'i18n.enable': false });
  }
});

test('the translate screen says where each line shows', async ({ page }) => {
  await logInAsAdmin(page.request);
  const [english] = await (await page.request.get(`/api/admin/localizations?filter=${encodeURIComponent('{"language":"en"}')}`)).json();
  await page.goto(`/admin/localizations/${english.id}/translate`);
  await page.getByRole('searchbox', { name: 'Search lines' }).fill('Track |||| Tracks');
  const line = page.getByRole('listitem').filter({ hasText: 'Track |||| Tracks' });
  await expect(line).toContainText('Back office');
  await expect(line).not.toContainText('Site');

  await page.getByRole('searchbox', { name: 'Search lines' }).fill('Page not found');
  await expect(page.getByRole('listitem').filter({ hasText: 'Page not found' }).first()).toContainText('Site');
  await page.getByRole('combobox', { name: 'Shown in' }).click();
  await page.getByRole('option', { name: 'Back office', exact: true }).click();
  await expect(page.getByText('No line matches.')).toBeVisible();
});

test('the translate screen says so when the interface lines cannot be read, instead of loading forever', async ({ page }) => {
  await logInAsAdmin(page.request);
  const [english] = await (await page.request.get(`/api/admin/localizations?filter=${encodeURIComponent('{"language":"en"}')}`)).json();
  await page.route('**/api/admin/ui-strings', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Unavailable' }) }));
  await page.goto(`/admin/localizations/${english.id}/translate`);
  // The read is retried a few times before it counts as failed; the screen itself says so (not a passing toast).
  const screen = page.locator('#main-content');
  await expect(screen.getByRole('alert').filter({ hasText: 'The interface lines could not be loaded.' })).toBeVisible({ timeout: 20_000 });
  await expect(screen.getByRole('searchbox', { name: 'Search lines' })).toHaveCount(0);
  await expect(screen.getByRole('progressbar')).toHaveCount(0);
});
