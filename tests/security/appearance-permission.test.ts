import { createTestApp, type TestApp, type TestClient } from '@app/api/testing';
import * as permissionsRepository from '@app/db/permissions/permissions';
import { afterAll, beforeAll, expect, it } from 'vitest';

/**
 * The site's look (name, logos, menus, custom code, the landing page) is the appearance editor's
 * to change, under appearance.update. The settings call took the same settings from anyone with
 * settings.update, so a settings-only role could put its own scripts on every page through it.
 */
let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('admin@example.com', ['admin']);
  await permissionsRepository.ensureRole(t.db, { name: 'settings-only', description: 'Settings, not the look.', permissions: ['admin.access', 'settings.update'] });
});
afterAll(() => t.close());

const readSetting = async (name: string) => {
  const { settings } = (await (await admin.get('/api/admin/settings')).json()) as { settings: { name: string; value?: unknown }[] };
  return settings.find((setting) => setting.name === name)?.value;
};

it('a settings-only role cannot change the look through the settings call, and nothing is saved', async () => {
  const editor = await t.loggedIn('settings-only@example.com', ['settings-only']);
  for (const body of [{ 'custom_code.html': '<script>steal()</script>' }, { 'branding.site_name': 'Taken over', 'search.results_per_page': 10 }, { menus: [] }]) {
    const response = await editor.put('/api/admin/settings', body);
    expect(response.status).toBe(403);
    expect((await response.json()).message).toMatch(/appearance editor/);
  }
  expect(await readSetting('custom_code.html')).toBe('');
  expect(await readSetting('branding.site_name')).toBe('Cadence');
  expect(await readSetting('search.results_per_page')).toBe(20);
  // Their own settings still save.
  expect((await editor.put('/api/admin/settings', { 'search.results_per_page': 10 })).status).toBe(200);
  expect(await readSetting('search.results_per_page')).toBe(10);
});

it('an admin still changes both', async () => {
  expect((await admin.put('/api/admin/settings', { 'branding.site_name': 'Radio', 'search.results_per_page': 12 })).status).toBe(200);
  expect(await readSetting('branding.site_name')).toBe('Radio');
});
