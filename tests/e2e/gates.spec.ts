import { expect, request as playwrightRequest, test } from '@playwright/test';
import { apiCall, logInAsAdmin, registerAccount } from '../support/accounts.ts';
import { E2E_PORT, E2E_SMTP_PORT } from '../support/constants.ts';
import { setE2eSettings, withE2eDatabase } from '../support/database.ts';
import { startMailServer } from '../support/smtp.ts';

test('a suspended user sees only the suspended screen, on every path, and can log out', async ({ page }) => {
  const email = `suspended-${Date.now()}@example.com`;
  const { bootstrapData } = await registerAccount(page.request, email);
  await page.goto('/');
  await expect(page.getByTestId('user-menu')).toBeVisible();

  const admin = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  await logInAsAdmin(admin);
  expect((await apiCall(admin, 'PUT', `/api/admin/users/${bootstrapData.user.id}`, { banned_at: new Date().toISOString() })).ok()).toBe(true);
  await admin.dispose();

  for (const path of ['/', '/album/1/x/y', '/login', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Your account is suspended' })).toBeVisible();
    await expect(page.getByText("You can't open Cadence because your account is suspended. Contact the Admin to re-activate your account.")).toBeVisible();
    await expect(page.getByTestId('player')).toHaveCount(0);
  }
  expect((await page.request.get('/api/v1/genres')).status()).toBe(403);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
});

test.describe('email verification gate', () => {
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  test.beforeAll(async () => {
    mail = await startMailServer(E2E_SMTP_PORT);
    await setE2eSettings({ require_email_confirmation: true });
  });
  test.afterAll(async () => {
    await setE2eSettings({ require_email_confirmation: false });
    await mail.close();
  });

  test('a new account must enter the mailed code before using the app', async ({ page }) => {
    const email = `verify-${Date.now()}@example.com`;
    const before = mail.inbox.length;
    await page.goto('/register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('verify-password');
    await page.getByLabel('Confirm password').fill('verify-password');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await expect(page.getByText(`Enter the verification code we sent to ve****@example.com`)).toBeVisible();
    await page.goto('/artist/1');
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();

    const code = /^(\d{6})/.exec((await mail.waitFor(email, before)).subject!)![1];
    await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('This code is not valid.')).toBeVisible();

    await page.getByRole('button', { name: 'request a resend' }).click();
    await expect(page.getByTestId('toast')).toContainText(/Wait \d+ seconds/);

    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Albums' })).toBeVisible();
    await expect(page.getByTestId('user-menu')).toBeVisible();
  });
});

test('pages follow the route guards when a permission is missing', async ({ page }) => {
  const guests = async (grant: boolean) =>
    withE2eDatabase(async (db) => {
      const role = await db.selectFrom('roles').select('id').where('guests', '=', 1).executeTakeFirstOrThrow();
      const permission = await db.selectFrom('permissions').select('id').where('name', '=', 'music.view').executeTakeFirstOrThrow();
      if (grant) await db.insertInto('role_permission').values({ role_id: role.id, permission_id: permission.id }).onConflict((oc) => oc.doNothing()).execute();
      else await db.deleteFrom('role_permission').where('role_id', '=', role.id).where('permission_id', '=', permission.id).execute();
    });
  await guests(false);
  try {
    await page.goto('/album/1/x/y');
    await expect(page).toHaveURL('/login?redirect=%2Falbum%2F1%2Fx%2Fy');
    await page.goto('/account-settings');
    await expect(page).toHaveURL('/login?redirect=%2Faccount-settings');
  } finally {
    await guests(true);
  }
  await page.goto('/album/1/x/y');
  await expect(page).toHaveURL(/\/album\/1\/aurora-vale\//);
});
