import { expect, test } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { E2E_SMTP_PORT } from '../support/constants.ts';
import { startMailServer } from '../support/smtp.ts';

let mail: Awaited<ReturnType<typeof startMailServer>>;
test.beforeAll(async () => {
  mail = await startMailServer(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await mail.close();
});

test('a listener who forgot the password gets a link by mail and sets a new one', async ({ page, request }) => {
  const email = `forgetful-${Date.now()}@example.com`;
  await registerAccount(request, email, 'first-password');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  const before = mail.inbox.length;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('forgot-password-sent')).toHaveText('If an account exists for this email, we sent a link to reset its password.');

  const message = await mail.waitFor(email, before);
  const link = /(http:\/\/localhost:\d+\/password\/reset\/\S+)/.exec(message.text!)![1];
  await page.goto(link);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('New password').fill('second-password');
  await page.getByLabel('Confirm password').fill('second-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByTestId('toast')).toContainText('Your password has been reset.');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('second-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('the forgot-password form locks an email given in the address', async ({ page }) => {
  await page.goto('/forgot-password?email=someone%40example.com');
  await expect(page.getByLabel('Email')).toHaveValue('someone@example.com');
  await expect(page.getByLabel('Email')).toBeDisabled();
});
