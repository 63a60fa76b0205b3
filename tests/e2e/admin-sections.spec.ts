import { expect, test } from '@playwright/test';
import { apiCall, logInAsAdmin, registerAccount } from '../support/accounts.ts';

test('changing a setting in the back office and seeing the site change', async ({ page, browser }) => {
  await logInAsAdmin(page.request);
  await page.goto('/admin/settings/gdpr');
  const buttonLabel = page.getByRole('textbox', { name: 'Button label' });
  await expect(buttonLabel).toHaveValue('Got it');
  const save = page.getByRole('button', { name: 'Save' });
  try {
    // The label is required: the save button stays disabled while it is empty.
    await buttonLabel.fill('');
    await expect(save).toBeDisabled();
    await buttonLabel.fill('Fine by me');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    const visitor = await browser.newPage();
    await visitor.goto('/');
    await expect(visitor.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'Fine by me' })).toBeVisible();
    await visitor.close();

    // Another section, with a select: the login page becomes the home page for visitors.
    await page.getByRole('link', { name: 'General' }).click();
    await page.getByRole('combobox', { name: 'Homepage for visitors' }).click();
    await page.getByRole('option', { name: 'The login page' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    const guest = await browser.newPage();
    await guest.goto('/');
    await expect(guest.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await guest.close();
  } finally {
    await apiCall(page.request, 'PUT', '/api/admin/settings', { 'cookie_notice.button': { label: 'Got it' }, 'homepage.type': 'channel' });
  }
});

test('secrets are write-only and sections without settings say so plainly', async ({ page }) => {
  await logInAsAdmin(page.request);
  await page.goto('/admin/settings/recaptcha');
  const secret = page.getByLabel('Secret key');
  await expect(secret).toHaveValue('');
  await expect(page.getByText('Not set.')).toBeVisible();
  try {
    await secret.fill('a-secret-that-never-comes-back');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Secret key')).toHaveValue('');
    await expect(page.getByText('A value is stored and never shown. Leave empty to keep it.')).toBeVisible();
    const body = await (await page.request.get('/api/admin/settings')).text();
    expect(body).not.toContain('a-secret-that-never-comes-back');
  } finally {
    await apiCall(page.request, 'PUT', '/api/admin/settings', { 'recaptcha.secret_key': null });
  }

  await page.getByRole('link', { name: 'Queue' }).click();
  await expect(page.getByText(/Cadence has no job queue/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
});

test('suspending a user and seeing them land on the suspended screen', async ({ page, browser }) => {
  const listener = await browser.newPage();
  const email = `to-suspend-${Date.now()}@example.com`;
  const { bootstrapData } = await registerAccount(listener.request, email);
  await listener.goto('/');
  await expect(listener.getByTestId('user-menu')).toBeVisible();

  await logInAsAdmin(page.request);
  await page.goto(`/admin/users/${bootstrapData.user.id}/security`);
  await expect(page.getByText('Active.')).toBeVisible();
  await page.getByRole('button', { name: 'Suspend' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Suspended since/)).toBeVisible();

  await listener.goto('/library');
  await expect(listener).toHaveURL(/\/library/);
  await expect(listener.getByRole('heading', { name: 'Your account is suspended' })).toBeVisible();

  // Sessions are listed on the same tab; unsuspending lets them back in.
  await expect(page.getByRole('table', { name: 'Sessions' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Unsuspend' }).click();
  await expect(page.getByText('Active.')).toBeVisible();
  await listener.goto('/');
  await expect(listener.getByTestId('user-menu')).toBeVisible();
  await listener.close();
});

test("editing a role's permissions and seeing a user lose access", async ({ page, browser }) => {
  await logInAsAdmin(page.request);
  const guest = await browser.newPage();
  await guest.goto('/search');
  await expect(guest).toHaveURL(/\/search$/);

  await page.goto('/admin/roles');
  await page.getByRole('row', { name: /guests/ }).click();
  await expect(page.getByText('This role applies to every visitor who is not logged in.')).toBeVisible();
  // The guest role cannot be deleted.
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  const musicView = page.getByRole('checkbox', { name: /View and play music/ });
  await expect(musicView).toBeChecked();
  try {
    await musicView.uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Role updated')).toBeVisible();

    await guest.goto('/search');
    await expect(guest).toHaveURL(/\/login\?redirect=%2Fsearch/);
    expect((await guest.request.get('/api/v1/genres')).status()).toBe(401);
  } finally {
    const roles = await (await page.request.get(`/api/admin/roles?filter=${encodeURIComponent('{"guests":true}')}`)).json();
    await apiCall(page.request, 'PUT', `/api/admin/roles/${roles[0].id}/permissions`, { permissions: [{ name: 'music.view', restrictions: [] }] });
  }
  await guest.goto('/search');
  await expect(guest).toHaveURL(/\/search$/);
  await guest.close();
});

test('the report home shows visitors recorded from real page views, and the logs open', async ({ page, browser }) => {
  const visitor = await browser.newPage();
  await visitor.goto('/');
  await visitor.goto('/search');
  await visitor.close();

  await logInAsAdmin(page.request);
  await page.goto('/admin');
  await expect(page.getByTestId('report-plays')).toBeVisible();
  await page.getByRole('tab', { name: 'Visitors' }).click();
  await expect(page.getByTestId('report-views')).not.toHaveText('0');
  await expect(page.getByRole('table', { name: 'Top pages' })).toContainText('/search');

  await page.goto('/admin/logs/schedule');
  await expect(page.getByText('cleanup:expired').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Error' }).click();
  await expect(page).toHaveURL(/\/admin\/logs\/error$/);
  await expect(page.getByText('No errors have been logged.').or(page.getByRole('link', { name: 'Download latest log' }))).toBeVisible();
});

test("the player's default volume is read from the Player section", async ({ page, browser }) => {
  await logInAsAdmin(page.request);
  await page.goto('/admin/settings/player');
  const volume = page.getByRole('spinbutton', { name: 'Default volume' });
  await expect(volume).toHaveValue('80');
  try {
    await volume.fill('150');
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await volume.fill('35');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    // A first-time listener (nothing in their browser yet) starts at that volume.
    const listener = await browser.newPage();
    await listener.goto('/');
    await expect(listener.getByRole('slider', { name: 'Volume' })).toHaveValue('0.35');
    await listener.close();
  } finally {
    await apiCall(page.request, 'PUT', '/api/admin/settings', { 'player.default_volume': 80 });
  }
});

test("a track's insights page shows the plays it just got", async ({ page }) => {
  await logInAsAdmin(page.request);
  // A play counted by the real endpoint the player calls.
  expect((await apiCall(page.request, 'POST', '/api/v1/tracks/7/plays', {})).ok()).toBe(true);

  await page.goto('/admin/tracks/7');
  await page.getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/admin\/tracks\/7\/insights$/);
  await expect(page.getByRole('heading', { name: /insights$/ })).toBeVisible();
  await expect(page.getByTestId('report-plays')).not.toHaveText('0');
  await expect(page.getByRole('table', { name: 'Top tracks' }).getByRole('row')).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Browsers' })).toContainText('Chrome');
});
