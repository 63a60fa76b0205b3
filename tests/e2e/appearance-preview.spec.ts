import { APPEARANCE_EDITOR_SOURCE, APPEARANCE_PREVIEW_FRAME_NAME, type EditorMessage } from '@app/shared/appearance-preview';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiCall, logInAsAdmin } from '../support/accounts.ts';
import { startOtherSite } from '../support/other-site.ts';

/**
 * The site inside the appearance editor's preview frame (music spec §2.9): it shows what the
 * editor sends before anything is saved, tells the editor each page it loads, listens only to
 * the editor (the frame's parent, on the site's own origin), and refuses to log out. The editor
 * here is a page of the same origin with a frame of that name, as /admin/appearance has.
 */

const source = APPEARANCE_EDITOR_SOURCE;

/** Opens a same-origin page holding the preview frame; resolves with the frame's first "loaded" message. */
async function openEditor(page: Page, path = '/') {
  await page.goto('/contact');
  await page.evaluate(() => {
    (window as unknown as { loaded: unknown[] }).loaded = [];
    window.addEventListener('message', (event) => {
      if ((event.data as { type?: string })?.type === 'appLoaded') (window as unknown as { loaded: unknown[] }).loaded.push({ origin: event.origin, data: event.data });
    });
  });
  await page.evaluate(
    ({ name, path }) => {
      const frame = document.createElement('iframe');
      frame.name = name;
      frame.id = 'preview';
      frame.src = path;
      frame.style.cssText = 'position:fixed;inset:0;width:1200px;height:700px;z-index:1000;background:white';
      document.body.append(frame);
    },
    { name: APPEARANCE_PREVIEW_FRAME_NAME, path },
  );
  const frame = page.frameLocator('#preview');
  await expect.poll(() => loadedMessages(page)).toHaveLength(1);
  return frame;
}

const loadedMessages = (page: Page) => page.evaluate(() => (window as unknown as { loaded: { origin: string; data: { path: string } }[] }).loaded);

/** The editor posts to its frame, from this site's origin. */
const send = (page: Page, message: EditorMessage) =>
  page.evaluate((message) => (document.getElementById('preview') as HTMLIFrameElement).contentWindow!.postMessage(message, location.origin), message);

const previewWindow = (page: Page) => page.frame({ name: APPEARANCE_PREVIEW_FRAME_NAME })!;

test('the preview shows the values, theme, font and custom code the editor sends, and keeps them across pages', async ({ page, baseURL }) => {
  const frame = await openEditor(page);
  expect((await loadedMessages(page))[0]).toEqual({ origin: new URL(baseURL!).origin, data: { source, type: 'appLoaded', path: '/' } });
  const siteName = frame.locator('.sidebar .logo-text');
  await expect(siteName).toHaveText('Cadence');

  await send(page, { source, type: 'setValues', values: { 'branding.site_name': 'Preview FM', 'branding.favicon': '/preview-icon.png' } });
  await expect(siteName).toHaveText('Preview FM');
  await expect(frame.locator('.site-footer [data-be-value="branding.site_name"]')).toHaveText('Preview FM');
  await expect(frame.locator('link[rel="icon"]')).toHaveAttribute('href', '/preview-icon.png');

  // A theme value: the Login button is drawn in the primary colour.
  const login = frame.locator('.navbar a.button.primary');
  await send(page, { source, type: 'setThemeValue', name: '--be-primary', value: '200 10 20' });
  await expect.poll(() => login.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(200, 10, 20)');

  await send(page, { source, type: 'setThemeFont', value: 'Georgia, serif' });
  await expect.poll(() => frame.locator('body').evaluate((element) => getComputedStyle(element).fontFamily)).toBe('Georgia, serif');

  // Another active theme, dark: its values replace the edits of the previous one.
  await send(page, { source, type: 'setActiveTheme', themeId: 99, isDark: true, values: { '--be-background': '10 20 30', '--be-primary': '1 2 3' } });
  await expect(frame.locator('html')).toHaveClass(/dark/);
  await expect.poll(() => frame.locator('body').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(10, 20, 30)');
  await expect.poll(() => login.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(1, 2, 3)');

  // Custom CSS overrides the site's own rules of the same weight; custom HTML shows, its scripts wait for a save.
  await send(page, { source, type: 'setCustomCode', mode: 'css', value: '.logo-text { color: rgb(0, 128, 0) }' });
  await expect.poll(() => siteName.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(0, 128, 0)');
  await send(page, { source, type: 'setCustomCode', mode: 'html', value: '<p id="custom-preview">Hello from the editor</p><script>window.previewRan = 1</script>' });
  await expect(frame.locator('#custom-preview')).toHaveText('Hello from the editor');

  // A page swap of the client router inside the frame: announced, and the unsaved look stays.
  await frame.getByRole('link', { name: 'Contact us' }).click();
  await expect.poll(async () => (await loadedMessages(page)).map((message) => message.data.path)).toEqual(['/', '/contact']);
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(siteName).toHaveText('Preview FM');
  await expect(frame.locator('#custom-preview')).toHaveText('Hello from the editor');
  await expect.poll(() => siteName.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(0, 128, 0)');
  await expect(frame.locator('html')).toHaveClass(/dark/);
  expect(await previewWindow(page).evaluate(() => (window as unknown as { previewRan?: number }).previewRan)).toBeUndefined();
});

test('a message from another origin changes nothing in the preview', async ({ page }) => {
  const frame = await openEditor(page);
  const siteName = frame.locator('.sidebar .logo-text');
  await expect(siteName).toHaveText('Cadence');
  // The frame's own record of every message it gets, after the preview's listener.
  await previewWindow(page).evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    window.addEventListener('message', (event) => seen.push(event.origin));
  });

  // A page of another origin (127.0.0.1, not localhost) opened by the editor's page reaches the frame
  // through its opener, as any site the admin opens from there could.
  const other = await startOtherSite('<!doctype html><title>Other site</title><p>Another site</p>');
  try {
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.evaluate((url) => void window.open(url, 'other-site'), other.url)]);
    await popup.waitForLoadState();
    const evil: EditorMessage[] = [
      { source, type: 'setValues', values: { 'branding.site_name': 'Hijacked' } },
      { source, type: 'setThemeValue', name: '--be-background', value: '255 0 0' },
      { source, type: 'setCustomCode', mode: 'html', value: '<p id="injected">Injected</p>' },
    ];
    await popup.evaluate((messages) => {
      const preview = window.opener.frames[0] as Window;
      for (const message of messages) preview.postMessage(message, '*');
    }, evil);
    await expect.poll(() => previewWindow(page).evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([new URL(other.url).origin, new URL(other.url).origin, new URL(other.url).origin]);
    await popup.close();
  } finally {
    await other.close();
  }
  await expect(siteName).toHaveText('Cadence');
  await expect(frame.locator('#injected')).toHaveCount(0);
  expect(await frame.locator('html').evaluate((element) => element.style.getPropertyValue('--be-background'))).toBe('');

  // The same message from the editor's origin is shown: the preview was listening all along.
  await send(page, { source, type: 'setValues', values: { 'branding.site_name': 'From the editor' } });
  await expect(siteName).toHaveText('From the editor');
});

test('logging out inside the editor is refused, and the admin stays logged in', async ({ page }) => {
  await logInAsAdmin(page.request);
  const frame = await openEditor(page);
  await frame.getByTestId('user-menu').click();
  await frame.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(frame.getByText("Can't logout while in appearance editor.")).toBeVisible();
  expect(new URL(previewWindow(page).url()).pathname).toBe('/');
  // Still logged in: the session answers, and a new page still has the account menu.
  expect((await page.request.get('/api/v1/users/me')).status()).toBe(200);
  await page.goto('/');
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

/** Saves settings as the admin, in a request context of its own. */
async function saveSettings(request: APIRequestContext, values: Record<string, unknown>) {
  await logInAsAdmin(request);
  expect((await apiCall(request, 'PUT', '/api/admin/settings', values)).status()).toBe(200);
}

test('saved custom code runs on every site page under the page policy, never in the back office or an embed', async ({ page, request }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (event) => console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`)));

  // A cached anonymous page from before the save must not hide the code.
  await page.goto('/contact');
  const html = '<div id="custom-banner">Hello from custom code</div>\n<script>document.getElementById("custom-banner").dataset.ran = "yes";</script>';
  await saveSettings(request, { 'custom_code.html': html, 'custom_code.css': '#custom-banner { color: rgb(0, 128, 0) }' });
  try {
    await page.goto('/contact');
    const banner = page.locator('#custom-banner');
    await expect(banner).toHaveText('Hello from custom code');
    await expect(banner).toHaveAttribute('data-ran', 'yes');
    await expect.poll(() => banner.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(0, 128, 0)');
    expect(violations).toEqual([]);

    const admin = await (await page.request.get('/admin')).text();
    expect(admin).not.toContain('custom-banner');
    const embedPath = `${(await page.request.get('/track/1/x', { maxRedirects: 0 })).headers().location}/embed`;
    const embed = await page.request.get(embedPath);
    expect(embed.status()).toBe(200);
    expect(await embed.text()).not.toContain('custom-banner');
  } finally {
    await saveSettings(request, { 'custom_code.html': '', 'custom_code.css': '' });
  }
});

test("an album page's title follows the admin's SEO template", async ({ page, request }) => {
  const albumPath = (await page.request.get('/album/3/x/y', { maxRedirects: 0 })).headers().location;
  await page.goto(albumPath);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await expect(page).toHaveTitle(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - .+ - Cadence$`));

  await saveSettings(request, { 'seo.album.title': 'Listen to {name} on {site_name}', 'seo.album.description': 'The album {name}.' });
  try {
    await page.goto(albumPath);
    await expect(page).toHaveTitle(`Listen to ${name} on Cadence`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `Listen to ${name} on Cadence`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', `The album ${name}.`);
  } finally {
    await saveSettings(request, { 'seo.album.title': '{name} - {artists} - {site_name}', 'seo.album.description': '{description}' });
  }
});

test('phones get the mobile logo when one is set', async ({ page, request }) => {
  await saveSettings(request, { 'branding.logo_light': '/favicon.svg', 'branding.logo_light_mobile': '/favicon.svg?mobile' });
  try {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/contact');
    const logo = page.locator('.navbar .logo picture.logo-light img');
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => new URL(image.currentSrc).search)).toBe('?mobile');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/contact');
    await expect.poll(() => page.locator('.sidebar .logo picture.logo-light img').evaluate((image: HTMLImageElement) => new URL(image.currentSrc).search)).toBe('');
  } finally {
    await saveSettings(request, { 'branding.logo_light': '', 'branding.logo_light_mobile': '' });
  }
});
