import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { registerAccount } from '../support/accounts.ts';

const codeFor = (secret: string, offsetSteps = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

test('a listener turns on two-factor authentication and then logs in with a code, and with a recovery code', async ({ page }) => {
  const email = `two-factor-${Date.now()}@example.com`;
  await registerAccount(page.request, email, 'two-factor-password');
  await page.goto('/account-settings#two-factor');
  const section = page.locator('#two-factor');
  await expect(section).toContainText('You have not enabled two factor authentication.');

  await section.getByRole('button', { name: 'Enable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm password' });
  await dialog.getByLabel('Password').fill('two-factor-password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!;

  await section.getByLabel('Code').fill(codeFor(secret));
  await section.getByRole('button', { name: 'Confirm' }).click();
  await expect(section).toContainText('You have enabled two factor authentication.');
  const recoveryCodes = await page.getByTestId('recovery-codes').locator('code').allTextContents();
  expect(recoveryCodes).toHaveLength(8);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('two-factor-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  const challenge = page.getByTestId('two-factor-challenge');
  await expect(challenge).toBeVisible();
  await challenge.getByLabel('Code').fill(codeFor(secret, 1));
  await challenge.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('user-menu')).toBeVisible();

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('two-factor-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/');
});
