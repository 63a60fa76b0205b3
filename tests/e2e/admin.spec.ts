import { expect, test, type Page } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { E2E_ADMIN } from '../support/constants.ts';

async function logIn(page: Page) {
  await page.goto('/admin');
  await page.locator('input[name="username"]').fill(E2E_ADMIN.email);
  await page.locator('input[name="password"]').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('count-tracks')).toHaveText('300');
}

test('an admin logs in to the back office and creates a track', async ({ page }) => {
  await logIn(page);
  await page.getByRole('menuitem', { name: 'Tracks' }).click();
  await expect(page).toHaveURL(/\/admin\/tracks/);
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/admin\/tracks\/create$/);

  await page.getByRole('textbox', { name: 'Name' }).fill('Made in the back office');
  await page.getByRole('combobox', { name: 'Artists' }).fill('Mara');
  await page.getByRole('option', { name: 'Mara Quinn' }).click();
  await page.getByRole('combobox', { name: 'Album' }).fill('Lunar');
  await page.getByRole('option').first().click();
  await page.getByRole('spinbutton', { name: 'Duration' }).fill('185');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/admin\/tracks$/);
  await page.getByPlaceholder('Search').fill('Made in the back office');
  const row = page.getByRole('row', { name: /Made in the back office/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Mara Quinn');
  await expect(row).toContainText('3:05');

  // The API really stored it, with the artist and album chosen.
  const list = await page.request.get(`/api/admin/tracks?filter=${encodeURIComponent(JSON.stringify({ q: 'Made in the back office' }))}`);
  const [track] = await list.json();
  expect(track).toMatchObject({ name: 'Made in the back office', duration: 185000 });
  expect(track.artist_ids).toHaveLength(1);
  expect(track.album_id).toBeGreaterThan(0);
});

test('a wrong password is refused with the message on the form', async ({ page }) => {
  await page.goto('/admin');
  await page.locator('input[name="username"]').fill(E2E_ADMIN.email);
  await page.locator('input[name="password"]').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
});

test('the site login sends an admin to the back office', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin/);
  await expect(page.getByTestId('count-albums')).not.toHaveText('…');
});

test('an account without admin.access cannot open the back office', async ({ page, request }) => {
  const email = `no-admin-${Date.now()}@example.com`;
  await registerAccount(request, email, 'plain-user-password');

  await page.goto('/admin');
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill('plain-user-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText("This account can't open the admin area.")).toBeVisible();
  expect((await page.request.get('/api/admin/tracks')).status()).toBe(401);
});
