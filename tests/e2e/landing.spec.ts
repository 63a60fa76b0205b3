import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Settings } from '@app/api';
import { apiCall, logInAsAdmin, registerAccount } from '../support/accounts.ts';
import { E2E_PORT } from '../support/constants.ts';

/**
 * The landing page (/landing, and / for visitors when homepage.type is landingPage), built from the
 * appearance editor's landing sections: the header with the landing-page-navbar menu, the hero,
 * features, channel rows, pricing while billing is on, and the closing call to action.
 */

const suffix = Date.now();
let admin: APIRequestContext;
let defaults: Record<string, unknown>;

/** The landing sections as the product ships them, read back through the admin settings API. */
async function readSettings(names: string[]): Promise<Record<string, unknown>> {
  const { settings } = (await (await admin.get('/api/admin/settings')).json()) as { settings: { name: string; value: unknown }[] };
  return Object.fromEntries(settings.filter((setting) => names.includes(setting.name)).map((setting) => [setting.name, setting.value]));
}

async function setSettings(values: Record<string, unknown>) {
  const response = await apiCall(admin, 'PUT', '/api/admin/settings', values);
  expect(response.status(), await response.text()).toBe(200);
}

type Sections = Settings['landing.sections'];
const sections = () => structuredClone(defaults['landing.sections']) as Sections;

test.beforeAll(async () => {
  admin = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  await logInAsAdmin(admin);
  defaults = await readSettings(['landing.sections', 'menus', 'registration.disable', 'billing.enable', 'homepage.type', 'seo.landing.title', 'branding.site_description']);
});

test.afterEach(async () => {
  // Every test starts from the shipped landing page, whatever the one before changed.
  await setSettings(defaults);
});

test.afterAll(async () => {
  await admin.dispose();
});

const hero = (page: Page) => page.getByRole('region', { name: (defaults['landing.sections'] as Sections).hero.title });

test('a visitor gets the default landing page: hero, features, channel cards, the call to action and the footer', async ({ page }) => {
  const response = await page.goto('/landing');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Cadence - Listen to music you love');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Listen to music you love');
  // The subtitle left empty shows the site description.
  await expect(hero(page).getByText(String(defaults['branding.site_description']))).toBeVisible();
  await expect(hero(page).getByRole('link', { name: 'Get started, it is free' })).toHaveAttribute('href', '/register');
  await expect(hero(page).getByRole('link', { name: 'Browse music' })).toHaveAttribute('href', '/channel/discover');

  // The landing-page-navbar menu: Browse music and Contact; Pricing only while billing is on.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link')).toHaveText(['Browse music', 'Contact']);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Register' })).toBeVisible();

  const features = page.getByRole('region', { name: 'Everything you need to listen' });
  await expect(features.getByRole('heading', { level: 3 })).toHaveText(['Stream anywhere', 'Your library', 'Independent artists']);
  await expect(features.locator('svg')).toHaveCount(3);

  // The new-releases channel as a row of album cards, each leading to its album.
  const channel = page.getByRole('region', { name: 'New releases' });
  await expect(channel.getByRole('heading', { level: 2, name: 'New releases' })).toBeVisible();
  const albums = channel.locator('.media-card');
  expect(await albums.count()).toBeGreaterThan(0);
  expect(await albums.count()).toBeLessThanOrEqual(6);
  await expect(albums.first().locator('.title a')).toHaveAttribute('href', /^\/album\/\d+\//);

  // No pricing while billing is off.
  await expect(page.getByRole('region', { name: 'Choose a plan' })).toHaveCount(0);

  const cta = page.getByRole('region', { name: 'Ready to listen?' });
  await expect(cta.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' })).toBeVisible();

  // The texts the appearance editor's preview retitles live carry their setting's path.
  await expect(page.locator('[data-be-value="landing.sections.hero.title"]')).toHaveText('Listen to music you love');
  await expect(page.locator('[data-be-value="landing.sections.features.items.1.title"]')).toHaveText('Your library');
  await expect(page.locator('[data-be-value="landing.sections.hero.actions.0.label"]')).toHaveText('Get started, it is free');
  await expect(page.locator('[data-be-value="landing.sections.footer.title"]')).toHaveText('Ready to listen?');

  // Headings go in order: one h1, then h2 sections with h3 inside.
  const levels = await page.locator('main').locator('h1, h2, h3, h4').evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])));
  for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1], `heading ${i}`).toBeLessThanOrEqual(1);
});

test('the editor’s words, image and buttons show; turned-off sections and empty lists leave nothing behind', async ({ page }) => {
  const changed = sections();
  changed.hero = {
    enabled: true,
    title: `Radio Nightingale ${suffix}`,
    subtitle: 'Songs from the valley',
    image: '/favicon.svg',
    actions: [
      { label: 'Our story', action: 'https://example.com/story', primary: true },
      { label: 'Sneaky', action: 'javascript:alert(1)', primary: false },
      { label: 'Browse', action: '/channel/discover', primary: false },
    ],
  };
  changed.features.enabled = false;
  changed.channels.channels = ['no-such-channel', 'new-releases'];
  changed.footer = { enabled: true, title: 'See you soon', subtitle: 'Bring friends', actions: [] };
  await setSettings({ 'landing.sections': changed, 'seo.landing.title': 'Welcome to {site_name}' });

  await page.goto('/landing');
  await expect(page).toHaveTitle(/^Welcome to Cadence/);
  const top = page.getByRole('region', { name: `Radio Nightingale ${suffix}` });
  await expect(top.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(top.getByText('Songs from the valley')).toBeVisible();
  await expect(top.locator('img[data-be-src="landing.sections.hero.image"]')).toHaveAttribute('src', '/favicon.svg');
  await expect(top.getByRole('link')).toHaveText(['Our story', 'Browse']);
  // Another site opens in a new tab without a hold on this one; the site's own pages in the same tab.
  await expect(top.getByRole('link', { name: 'Our story' })).toHaveAttribute('target', '_blank');
  await expect(top.getByRole('link', { name: 'Our story' })).toHaveAttribute('rel', /noopener/);
  await expect(top.getByRole('link', { name: 'Our story' })).toHaveClass(/primary/);
  await expect(top.getByRole('link', { name: 'Browse' })).not.toHaveAttribute('target', /.+/);
  expect(await page.content()).not.toContain('javascript:alert');

  await expect(page.getByRole('heading', { name: 'Everything you need to listen' })).toHaveCount(0);
  await expect(page.locator('.landing-features')).toHaveCount(0);
  // The unknown channel is skipped without a word; the known one still shows.
  await expect(page.getByRole('region', { name: 'New releases' })).toBeVisible();
  await expect(page.getByText('no-such-channel')).toHaveCount(0);
  const cta = page.getByRole('region', { name: 'See you soon' });
  await expect(cta.getByText('Bring friends')).toBeVisible();
  await expect(cta.getByRole('link')).toHaveCount(0);

  // Every section off: the page keeps its one (hidden) h1 and the footer, and no empty headings.
  const off = sections();
  for (const section of Object.values(off)) section.enabled = false;
  await setSettings({ 'landing.sections': off });
  await page.goto('/landing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('main h2, main h3')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'New releases' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' })).toBeVisible();
});

test('registering is offered only to visitors while registration is open', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerAccount(page.request, `landing-${suffix}@example.com`);
  await page.goto('/landing');
  await expect(hero(page).getByRole('link', { name: 'Get started, it is free' })).toHaveCount(0);
  await expect(hero(page).getByRole('link', { name: 'Browse music' })).toBeVisible();
  // The closing call to action only offered an account: nothing is left of it for a listener.
  await expect(page.getByRole('region', { name: 'Ready to listen?' })).toHaveCount(0);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Open the player' })).toHaveAttribute('href', '/');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await context.close();

  await setSettings({ 'registration.disable': true });
  const visitor = await browser.newPage();
  await visitor.goto('/landing');
  await expect(visitor.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(visitor.getByRole('banner').getByRole('link', { name: 'Register' })).toHaveCount(0);
  await expect(hero(visitor).getByRole('link', { name: 'Get started, it is free' })).toHaveCount(0);
  await expect(visitor.locator('a[href^="/register"]')).toHaveCount(0);
  await visitor.close();
});

test('with billing on, the plans show under the section’s title and the navbar offers Pricing; with billing off, neither', async ({ page }) => {
  const name = `Landing Pro ${suffix}`;
  const created = await apiCall(admin, 'POST', '/api/admin/plans', {
    name,
    position: 950,
    recommended: true,
    feature_list: ['No ads'],
    prices: [
      { amount: 999, currency: 'USD', interval: 'month', interval_count: 1 },
      { amount: 9990, currency: 'USD', interval: 'year', interval_count: 1 },
    ],
  });
  expect(created.status(), await created.text()).toBe(201);
  const plan = (await created.json()) as { id: number };
  try {
    const changed = sections();
    changed.pricing.subtitle = 'Cancel any time';
    await setSettings({ 'billing.enable': true, 'landing.sections': changed });
    await page.goto('/landing');
    const pricing = page.getByRole('region', { name: 'Choose a plan' });
    await expect(pricing.getByText('Cancel any time')).toBeVisible();
    const card = pricing.getByRole('listitem', { name, exact: true });
    await expect(card.getByRole('heading', { level: 3, name })).toBeVisible();
    await expect(card.getByText('$99.90')).toBeVisible();
    await pricing.getByRole('radio', { name: 'Monthly' }).check();
    await expect(card.getByText('$9.99')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/register?redirectFrom=pricing');
    // The menu item that asks for billing.enable shows now.
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');

    // The section turned off hides the plans even with billing on.
    changed.pricing.enabled = false;
    await setSettings({ 'landing.sections': changed });
    await page.goto('/landing');
    await expect(page.getByText(name)).toHaveCount(0);

    changed.pricing.enabled = true;
    await setSettings({ 'billing.enable': false, 'landing.sections': changed });
    await page.goto('/landing');
    await expect(page.getByRole('region', { name: 'Choose a plan' })).toHaveCount(0);
    await expect(page.getByText(name)).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Pricing' })).toHaveCount(0);
  } finally {
    await admin.fetch(`/api/admin/plans/${plan.id}`, { method: 'DELETE', headers: { 'X-XSRF-TOKEN': decodeURIComponent((await admin.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value) } });
  }
});

test('on a 360 px phone nothing scrolls sideways and the menu wraps under the logo', async ({ browser }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme });
    const page = await context.newPage();
    await page.goto('/landing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), colorScheme).toBeLessThanOrEqual(360);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Contact' })).toBeInViewport();
    const logo = await page.getByRole('banner').getByRole('link', { name: 'Cadence' }).boundingBox();
    const menu = await nav.boundingBox();
    expect(menu!.y, colorScheme).toBeGreaterThan(logo!.y);
    // Keyboard: the skip link comes first and takes focus to the content.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await context.close();
  }
});

test('the home page is the landing page for visitors when the homepage setting says so; listeners keep the home channel', async ({ browser }) => {
  await setSettings({ 'homepage.type': 'landingPage' });
  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Listen to music you love' })).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Everything you need to listen' })).toBeVisible();
  await visitor.close();

  const context = await browser.newContext();
  const listener = await context.newPage();
  await registerAccount(listener.request, `landing-home-${suffix}@example.com`);
  await listener.goto('/');
  await expect(listener.getByTestId('player')).toBeVisible();
  await expect(listener.getByRole('region', { name: 'Everything you need to listen' })).toHaveCount(0);
  await context.close();

  await setSettings({ 'homepage.type': 'channel' });
  const later = await browser.newPage();
  await later.goto('/');
  await expect(later.getByRole('region', { name: 'Everything you need to listen' })).toHaveCount(0);
  await later.close();
});
