import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { E2E_PORT } from '../support/constants.ts';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

test('a listener makes an app password for a Subsonic app, uses it, and revokes it, at 360 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const email = `subsonic-${Date.now()}@example.com`;
  await registerAccount(page.request, email, 'subsonic-password');
  await page.goto('/account-settings#subsonic');

  const panel = page.locator('#subsonic');
  await expect(panel.getByRole('heading', { name: 'Subsonic apps' })).toBeVisible();
  // What to type into the app: this server and the account's email.
  await expect(panel.getByText(`http://localhost:${E2E_PORT}`)).toBeVisible();
  await expect(panel.getByText(email)).toBeVisible();
  await expect(panel.getByTestId('subsonic-password-state')).toHaveText('Make an app password below. Your login password does not work in apps.');

  // Keyboard only: the button is reachable and the password confirmation takes Enter.
  await panel.getByRole('button', { name: 'Make an app password' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Confirm password' });
  await dialog.getByLabel('Password').fill('subsonic-password');
  await dialog.getByLabel('Password').press('Enter');
  const password = (await panel.getByTestId('subsonic-app-password').textContent())!;
  expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
  await expect(panel.getByTestId('subsonic-password-state')).toContainText('Your app password, made');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // An app logs in with a salted token of it, as Subsonic clients do.
  const salt = randomBytes(6).toString('hex');
  const ping = async () => (await (await page.request.get(`/rest/ping.view?u=${encodeURIComponent(email)}&t=${md5(password + salt)}&s=${salt}&v=1.16.1&c=e2e&f=json`)).json())['subsonic-response'];
  expect((await ping()).status).toBe('ok');

  // A reload shows it exists, never the password itself.
  await page.reload();
  await expect(panel.getByTestId('subsonic-password-state')).toContainText('Your app password, made');
  await expect(panel.getByTestId('subsonic-app-password')).toHaveCount(0);

  await panel.getByRole('button', { name: 'Revoke app password' }).click();
  await expect(page.getByTestId('toast')).toHaveText(/App password revoked/);
  expect((await ping()).error.code).toBe(40);
});
