import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiCall, logInAsAdmin, registerAccount } from '../support/accounts.ts';
import { E2E_ADMIN, E2E_PORT } from '../support/constants.ts';
import { setE2eSettings, withE2eDatabase } from '../support/database.ts';

/**
 * The pricing page (plans that are not hidden, yearly/monthly toggle, saving shown from 1 to 200
 * percent), what plans grant their subscribers, and the Billing item of the user menu.
 */

const suffix = Date.now();
const names = { free: `Starter ${suffix}`, pro: `Pro ${suffix}`, studio: `Studio ${suffix}`, hidden: `Staff ${suffix}` };
const plans: Record<keyof typeof names, { id: number; prices: { id: number; interval: string }[] }> = {} as never;
let admin: APIRequestContext;

const month = (amount: number) => ({ amount, currency: 'USD', interval: 'month', interval_count: 1 });
const year = (amount: number) => ({ amount, currency: 'USD', interval: 'year', interval_count: 1 });

test.beforeAll(async () => {
  admin = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  await logInAsAdmin(admin);
  const definitions = [
    { key: 'free', name: names.free, position: 900, free: true, feature_list: ['Listen with ads'], prices: [] },
    // 99.90 a year against 9.99 a month saves 16 %.
    { key: 'pro', name: names.pro, position: 901, recommended: true, description: 'For people who make music', feature_list: ['No ads', 'Upload 5 tracks'], prices: [month(999), year(9990)] },
    // Twelve months for the price of twelve: no saving, so none is shown.
    { key: 'studio', name: names.studio, position: 902, feature_list: ['Everything'], prices: [month(2000), year(24000)] },
    { key: 'hidden', name: names.hidden, position: 903, hidden: true, prices: [month(100)] },
  ] as const;
  for (const { key, ...plan } of definitions) {
    const response = await apiCall(admin, 'POST', '/api/admin/plans', plan);
    expect(response.status(), await response.text()).toBe(201);
    plans[key] = await response.json();
  }
  await setE2eSettings({ 'billing.enable': true });
});

test.afterAll(async () => {
  await setE2eSettings({ 'billing.enable': false });
  // Other specs list plans too: leave only what they made.
  for (const plan of Object.values(plans)) await admin.fetch(`/api/admin/plans/${plan.id}`, { method: 'DELETE', headers: { 'X-XSRF-TOKEN': decodeURIComponent((await admin.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value) } });
  await admin.dispose();
});

const priceId = (key: keyof typeof names, interval: 'month' | 'year') => plans[key].prices.find((p) => p.interval === interval)!.id;
const card = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

async function subscribe(userId: number, key: keyof typeof names, values: { ends_at?: string | null } = {}) {
  await withE2eDatabase((db) =>
    db.insertInto('subscriptions').values({ user_id: userId, product_id: plans[key].id, price_id: priceId(key, 'month'), status: 'active', renews_at: new Date(Date.now() + 86_400_000).toISOString(), ...values }).execute(),
  );
}

test('everyone sees the plans that are not hidden; nobody sees a hidden one', async ({ browser }) => {
  const visitors: Record<string, (request: APIRequestContext) => Promise<void>> = {
    guest: async () => undefined,
    user: async (request) => void (await registerAccount(request, `pricing-user-${suffix}@example.com`)),
    subscriber: async (request) => {
      const { bootstrapData } = await registerAccount(request, `pricing-subscriber-${suffix}@example.com`);
      await subscribe(bootstrapData.user.id, 'studio');
    },
    admin: logInAsAdmin,
  };
  for (const [who, logIn] of Object.entries(visitors)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page.request);
    const response = await page.goto('/pricing');
    expect(response?.status(), who).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose the right plan for you' }), who).toBeVisible();
    for (const name of [names.free, names.pro, names.studio]) await expect(card(page, name), `${who}: ${name}`).toBeVisible();
    await expect(page.getByText(names.hidden), who).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Top navigation' }).getByRole('link', { name: 'Pricing' }), who).toBeVisible();
    await context.close();
  }
  // The hidden plan is not in the page's markup either, nor in the call behind it.
  const html = await (await admin.get('/pricing')).text();
  expect(html).not.toContain(names.hidden);
  expect(html).toContain(names.pro);
});

test('the toggle shows yearly prices first, monthly ones on demand, and the saving only when there is one', async ({ page }) => {
  await page.goto('/pricing');
  const yearly = page.getByRole('radio', { name: 'Yearly' });
  const monthly = page.getByRole('radio', { name: 'Monthly' });
  await expect(page.getByRole('group', { name: 'Billing cycle' })).toBeVisible();
  await expect(yearly).toBeChecked();

  const pro = card(page, names.pro);
  const studio = card(page, names.studio);
  const free = card(page, names.free);
  await expect(pro).toContainText('Recommended');
  await expect(pro).toContainText('For people who make music');
  await expect(pro.getByRole('list', { name: `Features of ${names.pro}` }).getByRole('listitem')).toHaveText(['No ads', 'Upload 5 tracks']);
  await expect(pro.getByText('$99.90')).toBeVisible();
  await expect(pro.getByText('/ year')).toBeVisible();
  await expect(pro.getByText('Save 16%')).toBeVisible();
  await expect(studio.getByText('$240.00')).toBeVisible();
  await expect(studio.getByText(/^Save/)).toBeHidden();
  await expect(free.getByText('Free', { exact: true }).first()).toBeVisible();
  await expect(free.getByText('$', { exact: false })).toHaveCount(0);

  await monthly.check();
  await expect(pro.getByText('$9.99')).toBeVisible();
  await expect(pro.getByText('/ month')).toBeVisible();
  await expect(pro.getByText('$99.90')).toBeHidden();
  await expect(pro.getByText(/^Save/)).toBeHidden();
  await expect(studio.getByText('$20.00')).toBeVisible();

  // A radio group: the arrow keys move between the cycles.
  await monthly.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(yearly).toBeChecked();
  await expect(pro.getByText('$99.90')).toBeVisible();

  // Works on a 360 px phone without scrolling sideways, the pricing link in the menu.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(pro.getByText('$99.90')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name: 'Pricing' })).toBeVisible();
});

test('a visitor picks a plan, creates an account, and lands on that plan’s checkout', async ({ page }) => {
  await page.goto('/pricing');
  await card(page, names.pro).getByRole('link', { name: 'Get started' }).click();
  await expect(page).toHaveURL('/register?redirectFrom=pricing');
  await expect(page.getByRole('heading', { name: "First, let's create your account" })).toBeVisible();
  await page.getByLabel('Email').fill(`pricing-onboarding-${suffix}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('pricing-password');
  await page.getByLabel('Confirm password').fill('pricing-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(`/checkout/${plans.pro.id}/${priceId('pro', 'year')}`);

  // Logged in now: paid plans lead straight to their checkout, for the cycle shown; the free plan has no button.
  await page.goto('/pricing');
  await page.getByRole('radio', { name: 'Monthly' }).check();
  await expect(card(page, names.pro).getByRole('link', { name: 'Get started' })).toHaveAttribute('href', `/checkout/${plans.pro.id}/${priceId('pro', 'month')}`);
  await expect(card(page, names.free).getByRole('link')).toHaveCount(0);
});

test('an admin sets what a plan grants in the back office; its subscribers get it and the Billing menu item', async ({ page, browser }) => {
  await page.goto('/admin');
  await page.locator('input[name="username"]').fill(E2E_ADMIN.email);
  await page.locator('input[name="password"]').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The dashboard has loaded; other specs may have added tracks by now.
  await expect(page.getByTestId('count-tracks')).toHaveText(/^\d+$/);
  await page.goto(`/admin/plans/${plans.pro.id}/edit`);
  const editor = page.getByTestId('permissions-editor');
  await expect(editor.getByRole('checkbox', { name: /Upload music/ })).toBeVisible();
  // Back-office permissions cannot be sold, so the plan's editor does not offer them.
  await expect(editor.getByRole('checkbox', { name: /Manage users/ })).toHaveCount(0);
  await editor.getByRole('checkbox', { name: /Upload music/ }).check();
  await editor.getByRole('spinbutton', { name: 'Upload music: count' }).fill('5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/plans(\?.*)?$/);
  const saved = await (await admin.get(`/api/admin/plans/${plans.pro.id}/permissions`)).json();
  expect(saved.permissions).toEqual([{ name: 'music.create', restrictions: [{ name: 'count', value: 5 }] }]);

  const context = await browser.newContext();
  const listener = await context.newPage();
  const { bootstrapData } = await registerAccount(listener.request, `pricing-billing-${suffix}@example.com`);
  const upload = async () => (await (await listener.request.get('/api/v1/users/me')).json()).user.permissions.find((p: { name: string }) => p.name === 'music.create');
  const menuItems = async () => {
    await listener.getByTestId('user-menu').click();
    const items = await listener.getByRole('menu', { name: 'Account' }).getByRole('menuitem').allTextContents();
    await listener.keyboard.press('Escape');
    return items;
  };

  await listener.goto('/');
  expect(await menuItems()).not.toContain('Billing');
  expect(await upload()).toBeUndefined();

  await subscribe(bootstrapData.user.id, 'pro');
  await listener.goto('/');
  expect(await menuItems()).toContain('Billing');
  await listener.getByTestId('user-menu').click();
  await expect(listener.getByRole('menuitem', { name: 'Billing' })).toHaveAttribute('href', '/billing');
  await listener.keyboard.press('Escape');
  expect(await upload()).toEqual({ name: 'music.create', restrictions: [{ name: 'count', value: 5 }] });
  await listener.goto('/pricing');
  await expect(card(listener, names.pro)).toContainText('Your current plan');
  await expect(card(listener, names.pro).getByRole('link', { name: 'Get started' })).toHaveCount(0);

  // The subscription ends: the item and the permission go with it.
  await withE2eDatabase((db) => db.updateTable('subscriptions').set({ ends_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', bootstrapData.user.id).execute());
  await listener.goto('/');
  expect(await menuItems()).not.toContain('Billing');
  expect(await upload()).toBeUndefined();
  await context.close();
});

test('without billing the pricing page is not found and not linked', async ({ page }) => {
  await setE2eSettings({ 'billing.enable': false });
  try {
    const response = await page.goto('/pricing');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: "Looks like you've found the doorway to the great nothing" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pricing' })).toHaveCount(0);
  } finally {
    await setE2eSettings({ 'billing.enable': true });
  }
});
