import { expect, request as playwrightRequest, test } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { E2E_ADMIN, E2E_PORT } from '../support/constants.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cf000000030101003bd0b5e40000000049454e44ae426082', 'hex');

test('a listener edits details and profile image, sees sessions, changes the password and deletes the account', async ({ page }) => {
  const email = `settings-${Date.now()}@example.com`;
  await registerAccount(page.request, email, 'settings-password');
  await page.goto('/');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await expect(page.getByRole('heading', { name: 'Account settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account settings sections' }).getByRole('link')).toHaveText(['Account details', 'Password', 'Two-factor authentication', 'Active sessions', 'Location and language', 'Subsonic apps', 'Workspaces', 'Delete account']);

  await page.getByLabel('Display name').fill('Night Owl');
  await page.locator('#account-details').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toHaveText(/Updated account details/);
  // The navbar follows at once, and the name stays after a reload.
  await expect(page.getByTestId('user-menu')).toContainText('Night Owl');
  await page.reload();
  await expect(page.getByTestId('user-menu')).toContainText('Night Owl');

  await page.locator('#account-details input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('toast')).toHaveText(/Uploaded avatar/);
  await expect(page.getByRole('img', { name: 'Profile image' })).toHaveAttribute('src', /\/uploads\/avatar-/);
  await page.locator('#account-details input[type="file"]').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<html>not an image</html>') });
  await expect(page.getByTestId('toast')).toHaveText(/This file type is not allowed/);
  await page.getByRole('button', { name: 'Remove image' }).click();
  await expect(page.getByTestId('toast')).toHaveText(/Removed avatar/);

  await page.getByLabel('Country').selectOption({ label: 'Portugal' });
  await page.getByLabel('Timezone').selectOption('Europe/Lisbon');
  await page.locator('#location-and-language').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toHaveText(/Updated account details/);
  await page.reload();
  await expect(page.getByLabel('Country')).toHaveValue('pt');
  await expect(page.getByLabel('Timezone')).toHaveValue('Europe/Lisbon');

  await expect(page.getByTestId('session')).toHaveCount(1);
  await expect(page.getByTestId('session')).toContainText('This device');

  await page.getByLabel('Current password').fill('wrong-password');
  await page.getByLabel('New password').fill('changed-password');
  await page.locator('#password').getByLabel('Confirm password').fill('changed-password');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('This password is incorrect.')).toBeVisible();
  await page.getByLabel('Current password').fill('settings-password');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByTestId('toast')).toHaveText(/Password changed/);

  // Typing the current password just now counts as confirming it: no second prompt.
  await page.getByRole('button', { name: 'Delete account' }).click();
  await page.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('an admin creates an API token after confirming the password, uses it, and revokes it', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/account-settings#developers');

  await page.getByLabel('Token name').fill('backup script');
  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm password' });
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('This password is incorrect.')).toBeVisible();
  await dialog.getByLabel('Password').fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  const token = (await page.getByTestId('plain-text-token').textContent())!;
  expect(token).toMatch(/^\d+\|[A-Za-z0-9]{40}$/);
  await expect(page.getByTestId('access-token')).toContainText(['backup script']);

  const api = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}`, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  const me = await api.get('/api/v1/users/me');
  expect(me.status()).toBe(200);
  expect((await me.json()).user.email).toBe(E2E_ADMIN.email);

  // Within the 9000-second window the password is not asked again.
  await page.getByRole('button', { name: 'Delete token backup script' }).click();
  await expect(page.getByTestId('toast')).toHaveText(/Token deleted/);
  expect((await api.get('/api/v1/users/me')).status()).toBe(401);
  await api.dispose();
});
