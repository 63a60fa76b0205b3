import { APPEARANCE_EDITOR_SOURCE, APPEARANCE_PREVIEW_FRAME_NAME } from '@app/shared/appearance-preview';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiCall, logInAsAdmin } from '../support/accounts.ts';

/** The appearance editor (music spec §2.9) as an admin uses it, and what visitors then see. */

interface Appearance {
  values: Record<string, unknown>;
  themes: { id: number; name: string; values: Record<string, string> }[];
}

const readAppearance = async (request: APIRequestContext) => (await (await request.get('/api/admin/appearance')).json()) as Appearance;

/** Puts back what a test changed, so the other specs see the demo's look. */
async function restore(request: APIRequestContext, before: Appearance) {
  const response = await apiCall(request, 'PUT', '/api/admin/appearance', { values: { menus: before.values.menus, 'branding.site_name': before.values['branding.site_name'] }, themes: before.themes });
  expect(response.status()).toBe(200);
}

const primaryColour = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--be-primary').trim());

test('Settings points to the editor, which lists its sections beside the site in a preview frame', async ({ page }) => {
  await logInAsAdmin(page.request);
  // One place for the look of the site: Settings › General says where it went.
  await page.goto('/admin/settings/general');
  await expect(page.getByText('Site name, logos and themes are in the appearance editor.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Site name' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Open the appearance editor' }).click();
  await expect(page).toHaveURL(/\/admin\/appearance\/general$/);
  await expect(page.getByRole('textbox', { name: 'Site name' })).toHaveValue('Cadence');

  await page.goto('/admin');
  await page.getByRole('menuitem', { name: 'Appearance' }).click();
  await expect(page).toHaveURL(/\/admin\/appearance$/);
  const sections = page.getByRole('navigation', { name: 'Appearance sections' });
  for (const name of ['General', 'SEO', 'Custom code', 'Themes', 'Menus', 'Landing page']) await expect(sections.getByRole('link', { name })).toBeVisible();
  const frame = page.locator('iframe[title="Site preview"]');
  await expect(frame).toHaveAttribute('name', APPEARANCE_PREVIEW_FRAME_NAME);
  // The site itself inside the frame.
  await expect(page.frameLocator('iframe[title="Site preview"]').getByRole('heading', { name: 'New releases' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  // The landing page section previews /landing.
  await sections.getByRole('link', { name: 'Landing page' }).click();
  await expect(frame).toHaveAttribute('src', '/landing');
  await expect(page.getByRole('heading', { name: 'Landing page' })).toBeVisible();
});

test('a new site name shows in the preview before it is saved, and only there', async ({ page, browser }) => {
  await logInAsAdmin(page.request);
  await page.goto('/admin/appearance/general');
  const preview = page.frameLocator('iframe[title="Site preview"]');
  await expect(preview.locator('[data-be-value="branding.site_name"]').first()).toHaveText('Cadence');
  await page.getByRole('textbox', { name: 'Site name' }).fill('Preview Radio');
  await expect(preview.locator('[data-be-value="branding.site_name"]').first()).toHaveText('Preview Radio');
  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(visitor).not.toHaveTitle(/Preview Radio/);
  await visitor.close();
});

test('once the frame says it has loaded, the editor sends it the unsaved values, theme and custom code', async ({ page }) => {
  await logInAsAdmin(page.request);
  await page.goto('/admin/appearance/general');
  await expect(page.frameLocator('iframe[title="Site preview"]').getByRole('heading', { name: 'New releases' })).toBeVisible();
  const frame = page.frame({ name: APPEARANCE_PREVIEW_FRAME_NAME })!;
  type Received = { origin: string; data: { type: string; [key: string]: unknown } };
  await frame.evaluate(() => {
    const log: unknown[] = [];
    (window as unknown as { received: unknown[] }).received = log;
    window.addEventListener('message', (event) => log.push({ origin: event.origin, data: event.data }));
  });
  const received = () => frame.evaluate(() => (window as unknown as { received: Received[] }).received);
  // What the site does when it has loaded inside the editor.
  await frame.evaluate((source) => window.parent.postMessage({ source, type: 'appLoaded', path: location.pathname }, location.origin), APPEARANCE_EDITOR_SOURCE);
  await expect.poll(async () => (await received()).map((message) => message.data.type)).toEqual(expect.arrayContaining(['setValues', 'setCustomCode']));
  for (const message of await received()) {
    expect(message.origin).toBe(new URL(page.url()).origin);
    expect(message.data.source).toBe(APPEARANCE_EDITOR_SOURCE);
  }

  await page.getByRole('textbox', { name: 'Site name' }).fill('Message Radio');
  await expect.poll(async () => (await received()).some((m) => m.data.type === 'setValues' && (m.data.values as Record<string, unknown>)['branding.site_name'] === 'Message Radio')).toBe(true);

  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'Themes' }).click();
  await page.getByRole('link', { name: 'Dark', exact: true }).click();
  await expect.poll(async () => (await received()).find((m) => m.data.type === 'setActiveTheme')?.data).toMatchObject({ isDark: true, values: { '--be-primary': '165 160 255' } });
  await page.getByLabel('Accent', { exact: true }).fill('#0a64c8');
  await expect.poll(async () => (await received()).find((m) => m.data.type === 'setThemeValue')?.data).toMatchObject({ name: '--be-primary', value: '10 100 200' });
  await page.getByRole('combobox', { name: 'Font' }).click();
  await page.getByRole('option', { name: 'Serif' }).click();
  await expect.poll(async () => (await received()).find((m) => m.data.type === 'setThemeFont')?.data.value).toMatch(/serif$/);

  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'Custom code' }).click();
  await page.getByRole('textbox', { name: 'Custom CSS' }).fill('body { outline: 1px solid red; }');
  await expect.poll(async () => (await received()).some((m) => m.data.type === 'setCustomCode' && m.data.mode === 'css' && m.data.value === 'body { outline: 1px solid red; }')).toBe(true);
  // Nothing was saved.
  expect((await readAppearance(page.request)).values['branding.site_name']).toBe('Cadence');
});

test('a theme colour saved in the editor is the colour visitors get', async ({ page, browser }) => {
  await logInAsAdmin(page.request);
  const before = await readAppearance(page.request);
  // A visitor's page is cached before the change: saving must not leave it stale.
  const visitor = await browser.newPage({ colorScheme: 'light' });
  await visitor.goto('/');
  expect(await primaryColour(visitor)).toBe('79 70 229');
  try {
    await page.goto('/admin/appearance/themes');
    await page.getByRole('link', { name: 'Light', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/appearance\/themes\/0$/);
    const accent = page.getByLabel('Accent', { exact: true });
    await expect(accent).toHaveValue('#4f46e5');
    await accent.fill('#c80a5a');
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('Appearance saved')).toBeVisible();
    await expect(save).toBeDisabled();
    expect((await readAppearance(page.request)).themes[0].values['--be-primary']).toBe('200 10 90');

    await visitor.reload();
    expect(await primaryColour(visitor)).toBe('200 10 90');
  } finally {
    await visitor.close();
    await restore(page.request, before);
  }
});

test('what the server refuses is shown on the field, and nothing is saved', async ({ page }) => {
  await logInAsAdmin(page.request);
  const before = await readAppearance(page.request);
  await page.goto('/admin/appearance/themes/1');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Dark');
  await page.getByRole('switch', { name: 'Default light theme' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The default light theme cannot be dark.').first()).toBeVisible();
  expect(await readAppearance(page.request)).toEqual(before);
  // The change is still there to fix.
  await expect(page.getByRole('switch', { name: 'Default light theme' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
});

test('an SEO template changed before can be put back to its default', async ({ page }) => {
  await logInAsAdmin(page.request);
  expect((await apiCall(page.request, 'PUT', '/api/admin/appearance', { values: { 'seo.artist.title': 'Listen to {name}' } })).status()).toBe(200);
  try {
    await page.goto('/admin/appearance/seo-settings');
    const title = page.getByRole('textbox', { name: 'Artist page: title' });
    await expect(title).toHaveValue('Listen to {name}');
    await page.getByRole('button', { name: 'Reset the Artist page to default' }).click();
    await expect(title).toHaveValue('{name} - {site_name}');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Appearance saved')).toBeVisible();
    expect((await readAppearance(page.request)).values['seo.artist.title']).toBe('{name} - {site_name}');
  } finally {
    await apiCall(page.request, 'PUT', '/api/admin/appearance', { values: { 'seo.artist.title': '{name} - {site_name}' } });
  }
});

test('a menu item renamed in the editor is renamed in the site sidebar', async ({ page, browser }) => {
  await logInAsAdmin(page.request);
  const before = await readAppearance(page.request);
  try {
    await page.goto('/admin/appearance/menus');
    await page.getByRole('link', { name: 'Primary' }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Primary');
    const firstLabel = page.getByRole('textbox', { name: 'Label' }).first();
    await expect(firstLabel).toHaveValue('Discover');
    await firstLabel.fill('Explore');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Appearance saved')).toBeVisible();

    const visitor = await browser.newPage();
    await visitor.goto('/');
    const sidebar = visitor.getByRole('complementary', { name: 'Main navigation' });
    await expect(sidebar.getByRole('link', { name: 'Explore' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Discover' })).toHaveCount(0);
    await visitor.close();
  } finally {
    await restore(page.request, before);
  }
});

test('unsaved changes are not lost by following a link out of the editor', async ({ page }) => {
  await logInAsAdmin(page.request);
  await page.goto('/admin/appearance/general');
  await page.getByRole('textbox', { name: 'Site name' }).fill('Unsaved Radio');
  // Moving between sections keeps the change.
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'General' }).click();
  await expect(page.getByRole('textbox', { name: 'Site name' })).toHaveValue('Unsaved Radio');
  // Leaving the editor asks first; staying keeps the work.
  page.once('dialog', (dialog) => dialog.dismiss());
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/appearance\/general$/);
  await expect(page.getByRole('textbox', { name: 'Site name' })).toHaveValue('Unsaved Radio');
});

test('a back-office user without appearance.update gets no Appearance entry, and the API refuses', async ({ page, request }) => {
  await logInAsAdmin(request);
  const role = await apiCall(request, 'POST', '/api/admin/roles', { name: `settings-only-${Date.now()}`, description: 'Settings, not the look.' });
  expect(role.status()).toBe(201);
  const { id: roleId } = await role.json();
  const grant = (name: string) => ({ name, restrictions: [] });
  expect((await apiCall(request, 'PUT', `/api/admin/roles/${roleId}/permissions`, { permissions: [grant('admin.access'), grant('settings.update')] })).status()).toBe(200);
  const email = `settings-only-${Date.now()}@example.com`;
  const password = 'a-long-settings-password';
  expect((await apiCall(request, 'POST', '/api/admin/users', { email, password, role_ids: [roleId] })).status()).toBe(201);

  expect((await apiCall(page.request, 'POST', '/auth/login', { email, password })).ok()).toBe(true);
  await page.goto('/admin');
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Appearance' })).toHaveCount(0);
  await page.goto('/admin/settings/general');
  await expect(page.getByText('Site name, logos and themes are in the appearance editor.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the appearance editor' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/appearance')).status()).toBe(403);
  expect((await apiCall(page.request, 'PUT', '/api/admin/appearance', { values: { 'branding.site_name': 'Taken over' } })).status()).toBe(403);
  expect((await readAppearance(request)).values['branding.site_name']).toBe('Cadence');
});

test('on a phone the editor fits the screen and the preview is shown on demand', async ({ page }) => {
  await logInAsAdmin(page.request);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin/appearance/general');
  const siteName = page.getByRole('textbox', { name: 'Site name' });
  await expect(siteName).toBeVisible();
  const box = (await siteName.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const frame = page.locator('iframe[title="Site preview"]');
  await expect(frame).toBeHidden();
  await page.getByRole('button', { name: 'Show preview' }).click();
  await expect(frame).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide preview' })).toHaveAttribute('aria-expanded', 'true');
});
