import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, registerAccount } from '../support/accounts.ts';
import { E2E_OAUTH_PORT } from '../support/constants.ts';
import { setE2eSettings } from '../support/database.ts';
import { startOAuthServer } from '../support/oauth.ts';

let oauth: Awaited<ReturnType<typeof startOAuthServer>>;
test.beforeAll(async () => {
  oauth = await startOAuthServer(E2E_OAUTH_PORT);
  await setE2eSettings({ 'social.google.enable': true });
});
test.afterAll(async () => {
  await setE2eSettings({ 'social.google.enable': false });
  await oauth.stop();
});

test('a visitor continues with Google in a popup and lands in the app logged in', async ({ page }) => {
  const email = `google-${Date.now()}@example.com`;
  oauth.signInAs({ sub: `g-${Date.now()}`, email, email_verified: true, name: 'Googler' });
  await page.goto('/login');
  await expect(page.getByText('OR', { exact: true })).toBeVisible();
  const popup = await finishPopup(page, page.getByRole('button', { name: 'Continue with Google' }));
  expect(popup.viewportSize()).toEqual({ width: 650, height: 550 });
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('user-menu')).toContainText('Googler');
});

test('an existing account must give its password before Google is linked to it', async ({ page }) => {
  const email = `linked-${Date.now()}@example.com`;
  await registerAccount(page.request, email, 'linking-password');
  await apiCall(page.request, 'POST', '/auth/logout', {});
  oauth.signInAs({ sub: `g-link-${Date.now()}`, email, email_verified: true });

  await page.goto('/login');
  await finishPopup(page, page.getByRole('button', { name: 'Continue with Google' }));
  const dialog = page.getByRole('dialog', { name: 'Password required' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password').fill('not-it');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByText('This password is incorrect.')).toBeVisible();
  await dialog.getByLabel('Password').fill('linking-password');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('a listener connects and disconnects Google from account settings', async ({ page }) => {
  const email = `connect-${Date.now()}@example.com`;
  await registerAccount(page.request, email, 'connect-password');
  oauth.signInAs({ sub: `g-connect-${Date.now()}`, email: `other-${Date.now()}@gmail.example`, email_verified: true });
  await page.goto('/account-settings#social-login');
  const row = page.getByTestId('social-google');
  await expect(row).toContainText('Disabled');

  await row.getByRole('button', { name: 'Enable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm password' });
  await dialog.getByLabel('Password').fill('connect-password');
  await finishPopup(page, dialog.getByRole('button', { name: 'Confirm' }));
  await expect(page.getByTestId('toast')).toHaveText(/Enabled Google account/);
  await expect(row).toContainText('@gmail.example');

  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByTestId('toast')).toHaveText(/Disabled Google account/);
  await expect(row).toContainText('Disabled');
});

/**
 * Clicks a control that opens the provider's popup and waits until the popup has closed itself.
 * The local provider answers at once, so the popup may already be gone when the test looks at
 * it; waiting for its 'close' event then would wait forever.
 */
async function finishPopup(page: Page, control: Locator) {
  const [popup] = await Promise.all([page.waitForEvent('popup'), control.click()]);
  await expect.poll(() => popup.isClosed(), { message: 'the sign-in popup closes itself', timeout: 15_000 }).toBe(true);
  return popup;
}
