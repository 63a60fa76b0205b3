import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { apiCall, registerAccount } from '../support/accounts.ts';
import { E2E_PORT, E2E_SMTP_PORT } from '../support/constants.ts';
import { setE2eSettings } from '../support/database.ts';
import { startMailServer } from '../support/smtp.ts';

let mail: Awaited<ReturnType<typeof startMailServer>>;
test.beforeAll(async () => {
  mail = await startMailServer(E2E_SMTP_PORT);
});
test.afterEach(async () => {
  await setE2eSettings({ 'registration.disable': false });
});
test.afterAll(async () => {
  await mail.close();
});

/** The invitation link of the newest mail to `to`. */
async function invitationLink(to: string, before: number): Promise<string> {
  const message = await mail.waitFor(to, before);
  return /(http:\/\/localhost:\d+\/workspace\/join\/\S+)/.exec(message.text!)![1];
}

async function invitationSection(page: Page, workspace: string) {
  const row = page.getByTestId('workspace-row').filter({ hasText: workspace });
  await expect(row).toBeVisible();
  return row;
}

test('an invited newcomer registers under the team heading while registration is closed, then declines a second invitation', async ({ page, browser }) => {
  const stamp = Date.now();
  const ownerEmail = `team-owner-${stamp}@example.com`;
  const newcomerEmail = `newcomer-${stamp}@example.com`;
  await registerAccount(page.request, ownerEmail);
  await setE2eSettings({ 'registration.disable': true });

  // The owner creates a workspace and invites an address that has no account.
  await page.goto('/account-settings#workspaces');
  await expect(page.getByTestId('workspace-row')).toHaveText([/Default/]);
  await page.getByLabel('New workspace name').fill('Studio Crew');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByTestId('toast')).toHaveText(/Workspace created/);
  const row = await invitationSection(page, 'Studio Crew');
  let before = mail.inbox.length;
  await row.getByLabel('Invite by email').fill(newcomerEmail);
  await row.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('toast')).toHaveText(/Invitation sent/);
  await expect(row.getByTestId('workspace-invite')).toContainText(newcomerEmail);
  const registerLink = await invitationLink(newcomerEmail, before);
  expect(registerLink).toContain('/workspace/join/register?invite_id=');

  // The newcomer, in a browser of their own, follows the link.
  const newcomerContext = await browser.newContext();
  const newcomer = await newcomerContext.newPage();
  expect((await newcomer.goto('/register'))!.status()).toBe(404);
  await newcomer.goto(registerLink);
  await expect(newcomer.getByRole('heading', { name: 'To join your team on Cadence, create an account' })).toBeVisible();
  await expect(newcomer.getByText(/invited you to join the Studio Crew workspace/)).toBeVisible();
  await expect(newcomer.getByLabel('Email')).toHaveValue(newcomerEmail);
  await expect(newcomer.getByLabel('Email')).toBeDisabled();
  await newcomer.getByLabel('Password', { exact: true }).fill('newcomer-password');
  await newcomer.getByLabel('Confirm password').fill('newcomer-password');
  await newcomer.getByRole('button', { name: 'Create account' }).click();

  await expect(newcomer).toHaveURL('/');
  await expect(newcomer.getByTestId('toast')).toHaveText(/Joined workspace/);
  await expect(newcomer.getByTestId('user-menu')).toBeVisible();
  await expect(newcomer.getByTestId('workspace-switcher')).toContainText('Studio Crew');
  const cookie = (await newcomerContext.cookies()).find((c) => c.name === 'activeWorkspaceId');
  expect(cookie?.value).toMatch(/^\d+$/);
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 86400);

  // The link worked once.
  await newcomer.goto(registerLink);
  await expect(newcomer.getByRole('heading', { name: 'This invite is no longer valid' })).toBeVisible();

  // The owner sees the new member.
  await page.reload();
  const refreshed = await invitationSection(page, 'Studio Crew');
  await expect(refreshed).toContainText('2 members');
  await refreshed.getByRole('button', { name: 'Manage' }).click();
  await expect(refreshed.getByTestId('workspace-member')).toHaveCount(2);
  await expect(refreshed.getByTestId('workspace-invite')).toHaveCount(0);

  // A second workspace invites the newcomer, who now has an account: a login link, and a Decline.
  const created = await apiCall(page.request, 'POST', '/api/v1/workspace', { name: 'Second Crew' });
  const secondId = (await created.json()).workspace.id;
  before = mail.inbox.length;
  expect((await apiCall(page.request, 'POST', `/api/v1/workspace/${secondId}/invite`, { emails: [newcomerEmail] })).ok()).toBe(true);
  const loginLink = await invitationLink(newcomerEmail, before);
  expect(loginLink).toContain('/workspace/join/login?invite_id=');
  await newcomer.goto(loginLink);
  await expect(newcomer.getByRole('heading', { name: 'Join Second Crew' })).toBeVisible();
  await newcomer.getByRole('button', { name: 'Decline' }).click();
  await expect(newcomer).toHaveURL('/');
  await expect(newcomer.getByTestId('toast')).toHaveText(/Declined workspace invitation/);
  await newcomer.goto(loginLink);
  await expect(newcomer.getByRole('heading', { name: 'This invite is no longer valid' })).toBeVisible();

  // The switcher lists only the workspaces joined, and switches back to the personal one.
  await newcomer.goto('/');
  await newcomer.getByTestId('workspace-switcher').click();
  await expect(newcomer.getByRole('menuitemradio')).toHaveText([/Default/, /Studio Crew/]);
  await newcomer.getByRole('menuitemradio', { name: /Default/ }).click();
  await expect(newcomer.getByTestId('workspace-switcher')).toContainText('Default');
  expect((await newcomerContext.cookies()).find((c) => c.name === 'activeWorkspaceId')?.value).toBe('0');
  await newcomerContext.close();
});

test('an existing user invited by email logs in from the link and joins', async ({ page, browser }) => {
  const stamp = Date.now();
  const ownerEmail = `crew-owner-${stamp}@example.com`;
  const memberEmail = `crew-member-${stamp}@example.com`;
  await registerAccount(page.request, ownerEmail);
  const signup = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  await registerAccount(signup, memberEmail, 'member-password');
  await signup.dispose();
  const memberContext = await browser.newContext();

  const workspace = (await (await apiCall(page.request, 'POST', '/api/v1/workspace', { name: 'Tour Crew' })).json()).workspace;
  const before = mail.inbox.length;
  await apiCall(page.request, 'POST', `/api/v1/workspace/${workspace.id}/invite`, { emails: [memberEmail], role: 'admin' });
  const link = await invitationLink(memberEmail, before);

  const member = await memberContext.newPage();
  await member.goto(link);
  await expect(member.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await member.getByLabel('Email').fill(memberEmail);
  await member.getByLabel('Password').fill('member-password');
  await member.getByRole('button', { name: 'Continue' }).click();
  await expect(member.getByRole('heading', { name: 'Join Tour Crew' })).toBeVisible();
  await member.getByRole('button', { name: 'Join' }).click();
  await expect(member).toHaveURL('/');
  await expect(member.getByTestId('toast')).toHaveText(/Joined workspace/);
  await expect(member.getByTestId('workspace-switcher')).toContainText('Tour Crew');

  await member.goto('/account-settings#workspaces');
  const row = member.getByTestId('workspace-row').filter({ hasText: 'Tour Crew' });
  await expect(row).toContainText('Admin');
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Manage' }).click();
  await row.getByRole('button', { name: 'Leave workspace' }).click();
  await row.getByRole('button', { name: 'Yes, leave Tour Crew' }).click();
  await expect(member.getByTestId('toast')).toHaveText(/You left the workspace/);
  await expect(member.getByTestId('workspace-row')).toHaveText([/Default/]);
  await expect(member.getByTestId('workspace-switcher')).toHaveCount(0);
  await memberContext.close();
});
