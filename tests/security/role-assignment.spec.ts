import { expect, test } from '@playwright/test';
import { apiCall, logInAsAdmin, registerAccount } from '../support/accounts.ts';
import { E2E_ADMIN } from '../support/constants.ts';

/**
 * The back office's side of role-assignment.test.ts: one's own roles and permissions show as they
 * are, without a way to change them, and a refusal of the API is said where the admin looks.
 */

test('an admin sees their own roles and permissions without a way to change them', async ({ page }) => {
  await logInAsAdmin(page.request);
  const me = (await (await page.request.get('/api/v1/users/me')).json()).user;
  await page.goto(`/admin/users/${me.id}`);
  await expect(page.getByText("You can't change your own roles.")).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Roles' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(page.getByText("You can't change your own permissions.")).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Edit appearance/ })).toBeDisabled();
});

test('a user manager who picks the admin role for someone, or edits the admin, is told why not', async ({ page, browser }) => {
  const stamp = Date.now();
  const admin = await browser.newContext();
  await logInAsAdmin(admin.request);
  const role = await (await apiCall(admin.request, 'POST', '/api/admin/roles', { name: `user managers ${stamp}` })).json();
  await apiCall(admin.request, 'PUT', `/api/admin/roles/${role.id}/permissions`, { permissions: [{ name: 'admin.access' }, { name: 'users.update' }] });
  const managerEmail = `manager-${stamp}@example.com`;
  const manager = (await registerAccount((await browser.newContext()).request, managerEmail)).bootstrapData.user;
  const usersRole = (await (await admin.request.get(`/api/admin/roles?filter=${encodeURIComponent('{"q":"users"}')}`)).json()).find((r: { name: string }) => r.name === 'users');
  expect((await apiCall(admin.request, 'PUT', `/api/admin/users/${manager.id}`, { role_ids: [usersRole.id, role.id] })).status()).toBe(200);
  const listener = (await registerAccount((await browser.newContext()).request, `listener-${stamp}@example.com`)).bootstrapData.user;
  const adminId = (await (await admin.request.get('/api/v1/users/me')).json()).user.id;

  await apiCall(page.request, 'POST', '/auth/login', { email: managerEmail, password: 'a-long-password' });
  await page.goto(`/admin/users/${listener.id}`);
  await page.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: 'admin', exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("You can't give or take away a role that has permissions you don't have yourself.")).toBeVisible();
  const after = await (await admin.request.get(`/api/admin/users/${listener.id}`)).json();
  expect(after.role_ids).toEqual([usersRole.id]);

  await page.goto(`/admin/users/${adminId}`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Taken over');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("You can't change a user who has permissions you don't have yourself.")).toBeVisible();
  expect((await (await admin.request.get(`/api/admin/users/${adminId}`)).json()).email).toBe(E2E_ADMIN.email);
  await admin.close();
});
