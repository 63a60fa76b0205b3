import { expect, test } from '@playwright/test';
import { apiCall, registerAccount } from '../support/accounts.ts';
import { E2E_SMTP_PORT } from '../support/constants.ts';
import { setE2eSettings } from '../support/database.ts';
import { startMailServer } from '../support/smtp.ts';

let mail: Awaited<ReturnType<typeof startMailServer>>;
test.beforeAll(async () => {
  mail = await startMailServer(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await mail.close();
});
test.beforeEach(async () => {
  await setE2eSettings({ 'notifications.integrated': true, 'notif.subs.integrated': true });
});
test.afterEach(async () => {
  // Back to the defaults, for the specs that run after.
  await setE2eSettings({ 'notifications.integrated': true, 'notif.subs.integrated': true });
});

test('a new follower shows up on the bell without a reload; mark all as read clears it; the row leads to the follower', async ({ page, browser }) => {
  const stamp = Date.now();
  const { bootstrapData: followed } = await registerAccount(page.request, `followed-${stamp}@example.com`);
  await page.goto('/');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toBeEnabled();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  await bell.click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText('Hang tight!');
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText('Notifications will start showing up here soon.');
  await page.keyboard.press('Escape');

  // Someone else, in their own browser, follows them while the page stays open.
  const followerContext = await browser.newContext();
  const follower = followerContext.request;
  const { bootstrapData: fan } = await registerAccount(follower, `fan-${stamp}@example.com`);
  expect((await apiCall(follower, 'PUT', `/api/v1/users/me/follows/user/${followed.user.id}`, {})).ok()).toBe(true);
  await followerContext.close();

  await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 10_000 });
  expect((await mail.waitFor(`followed-${stamp}@example.com`)).subject).toBe(`fan-${stamp} started following you`);
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByTestId('notification')).toHaveText([new RegExp(`fan-${stamp} started following you`)]);
  await popover.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);

  // After a reload the count comes from the server: still read.
  await page.goto('/notifications');
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  const rows = page.getByTestId('notification-list').getByTestId('notification');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).not.toHaveClass(/unread/);
  await rows.first().getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`/user/${fan.user.id}(/|$)`));
});

test('the bell and the notifications page are gone while notifications are not integrated', async ({ page }) => {
  await setE2eSettings({ 'notifications.integrated': false });
  await registerAccount(page.request, `no-bell-${Date.now()}@example.com`);
  await page.goto('/');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('notification-bell')).toHaveCount(0);
  await page.goto('/notifications');
  await expect(page).toHaveURL(/\/$/);
});

test('the settings page saves channel choices, and says so when the browser blocks notifications', async ({ page }) => {
  await page.addInitScript(() => {
    // As a browser where the visitor blocked this site's notifications.
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
  await registerAccount(page.request, `settings-${Date.now()}@example.com`);
  await page.goto('/notifications/settings');
  await expect(page.getByRole('heading', { name: 'Notification settings' })).toBeVisible();
  const email = page.getByLabel('Someone follows you: Email');
  const browserChannel = page.getByLabel('Someone follows you: Browser');
  await expect(email).toBeChecked();
  await expect(email).toBeEnabled();

  await email.uncheck();
  await browserChannel.uncheck();
  await browserChannel.check({ force: true }).catch(() => undefined);
  await expect(page.getByTestId('toast')).toHaveText('Notifications blocked. Please enable them for this site from browser settings.');
  await expect(browserChannel).not.toBeChecked();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Settings saved');
  await page.reload();
  await expect(page.getByLabel('Someone follows you: Email')).not.toBeChecked();
  await expect(page.getByLabel('Someone follows you: Browser')).not.toBeChecked();
  await expect(page.getByLabel('Comment reply: Email')).toHaveCount(0);
  await expect(page.getByLabel('Someone replies to your comment: Email')).toBeChecked();
});

test('a workspace invitation is answered from the notifications page; a stale one says it is no longer valid', async ({ page, browser }) => {
  const stamp = Date.now();
  const inviteeEmail = `invitee-${stamp}@example.com`;
  await registerAccount(page.request, inviteeEmail);

  const ownerContext = await browser.newContext();
  const owner = ownerContext.request;
  await registerAccount(owner, `inviter-${stamp}@example.com`);
  const invite = async (name: string, times = 1) => {
    const { workspace } = await (await apiCall(owner, 'POST', '/api/v1/workspace', { name })).json();
    for (let i = 0; i < times; i++) expect((await apiCall(owner, 'POST', `/api/v1/workspace/${workspace.id}/invite`, { emails: [inviteeEmail], role: 'member' })).ok()).toBe(true);
  };
  await invite('Night Owls');
  // Invited twice: the first invitation's secret is replaced, so its notification is stale.
  await invite('Day Crew', 2);
  await ownerContext.close();

  await page.goto('/notifications');
  const rows = page.getByTestId('notification-list').getByTestId('notification');
  await expect(rows).toHaveCount(3);
  const nightOwls = rows.filter({ hasText: 'invited you to join the Night Owls workspace' });
  await nightOwls.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Joined workspace');
  await expect(nightOwls).toHaveCount(0);

  const stale = rows.filter({ hasText: 'Day Crew' }).last();
  await stale.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByTestId('toast')).toHaveText('This invite is no longer valid');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Declined workspace invitation');
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('Hang tight!')).toBeVisible();
});

test('on a phone the bell gives way to a Notifications entry with the unread count in the account menu', async ({ page, browser }) => {
  const stamp = Date.now();
  const { bootstrapData: followed } = await registerAccount(page.request, `phone-${stamp}@example.com`);
  const followerContext = await browser.newContext();
  await registerAccount(followerContext.request, `phone-fan-${stamp}@example.com`);
  expect((await apiCall(followerContext.request, 'PUT', `/api/v1/users/me/follows/user/${followed.user.id}`, {})).ok()).toBe(true);
  await followerContext.close();

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByTestId('notification-bell')).toBeHidden();
  await page.getByTestId('user-menu').click();
  const entry = page.getByRole('menuitem', { name: /Notifications/ });
  await expect(entry).toHaveText(/Notifications\s*1/);
  await entry.click();
  await expect(page).toHaveURL('/notifications');

  // On a wide screen the bell is there and the menu has no such entry.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: /Notifications/ })).toBeHidden();
});
