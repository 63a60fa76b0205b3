import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiCall, logInAsAdmin } from '../support/accounts.ts';

/**
 * An attack run read the SMTP host, user name, port and sender of the site out of the bootstrap
 * data of an anonymous page. A page hands the browser only what the site's scripts read.
 */

const DEPLOYMENT = {
  'mail.host': 'smtp.internal.example',
  'mail.username': 'mailer-account',
  'mail.port': 2525,
  'mail.from_address': 'robot@internal.example',
  'mail.encryption': 'ssl',
  'ads.general_top': '<!-- ad network account pub-1234 -->',
};

function bootstrapOf(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="be-bootstrap">(.*?)<\/script>/s.exec(html)?.[1];
  expect(json, 'the page carries bootstrap data').toBeTruthy();
  return JSON.parse(json!);
}

/** Every key path of a JSON value, `settings.branding.site_name` style; the interface's lines count as one. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value) || prefix === 'i18n.lines') return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keyPaths(inner, prefix ? `${prefix}.${key}` : key));
}

let admin: APIRequestContext;
test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext();
  await logInAsAdmin(admin);
  expect((await apiCall(admin, 'PUT', '/api/admin/settings', DEPLOYMENT)).ok()).toBe(true);
});
test.afterAll(async () => {
  await apiCall(admin, 'PUT', '/api/admin/settings', { 'mail.host': '', 'mail.username': '', 'mail.port': 587, 'mail.from_address': '', 'mail.encryption': 'tls', 'ads.general_top': '' });
  await admin.dispose();
});

test("a visitor's page carries only what the site's scripts read, and no deployment setting", async ({ playwright }) => {
  for (const path of ['/', '/login', '/search', '/no-such-page']) {
    const visitor = await playwright.request.newContext();
    const html = await (await visitor.get(path)).text();
    await visitor.dispose();
    const bootstrap = bootstrapOf(html);
    expect(keyPaths(bootstrap).sort(), path).toEqual(['i18n.language', 'i18n.lines', 'settings.base_url', 'settings.branding.site_name', 'user'].sort());
    const serialized = JSON.stringify(bootstrap);
    for (const value of Object.values(DEPLOYMENT)) expect(serialized, path).not.toContain(String(value).replace(/<|>/g, ''));
    expect(html, path).not.toContain('smtp.internal.example');
    expect(html, path).not.toContain('mailer-account');
  }
});

test('the login answer carries the same browser data, not the settings', async ({ playwright }) => {
  const visitor = await playwright.request.newContext();
  const answer = await apiCall(visitor, 'POST', '/auth/login', { email: 'admin@example.com', password: 'e2e-admin-password' });
  const { bootstrapData } = await answer.json();
  await visitor.dispose();
  expect(Object.keys(bootstrapData.settings).sort()).toEqual(['base_url', 'branding.site_name']);
  expect(JSON.stringify(bootstrapData)).not.toContain('smtp.internal.example');
  expect(bootstrapData.user.email).toBe('admin@example.com');
});

test("the back office's login page carries the site's look, and nothing else", async ({ playwright }) => {
  const visitor = await playwright.request.newContext();
  const html = await (await visitor.get('/admin')).text();
  await visitor.dispose();
  const look = bootstrapOf(html);
  // Theme values are CSS colours the page is drawn with; listed by theme, not by property.
  expect(Object.keys(look).sort()).toEqual(['logo_dark', 'logo_light', 'mode', 'site_name', 'themes']);
  expect(Object.keys(look.themes as object).sort()).toEqual(['dark', 'light']);
  for (const value of Object.values(DEPLOYMENT)) expect(html).not.toContain(String(value).replace(/<|>/g, ''));
});
