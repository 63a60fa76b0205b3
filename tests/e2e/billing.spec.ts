import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiCall, logInAsAdmin, registerAccount } from '../support/accounts.ts';
import { E2E_PORT } from '../support/constants.ts';
import { setE2eSettings } from '../support/database.ts';

/**
 * Checkout and billing in Chromium against the real built server, which talks to stripe-local
 * (started by the e2e server): paying, the billing page, changing plan, cancelling, renewing and
 * changing the card, plus where checkout and billing send people who may not be there.
 */

const suffix = Date.now();
const names = { pro: `Pro ${suffix}`, studio: `Studio ${suffix}`, hidden: `Staff ${suffix}` };
const plans: Record<keyof typeof names, { id: number; prices: { id: number; interval: string }[] }> = {} as never;
let admin: APIRequestContext;

const month = (amount: number) => ({ amount, currency: 'USD', interval: 'month', interval_count: 1 });
const year = (amount: number) => ({ amount, currency: 'USD', interval: 'year', interval_count: 1 });
const priceId = (key: keyof typeof names, interval: 'month' | 'year') => plans[key].prices.find((p) => p.interval === interval)!.id;
const checkoutPath = (key: keyof typeof names, interval: 'month' | 'year') => `/checkout/${plans[key].id}/${priceId(key, interval)}`;
const notFoundHeading = "Looks like you've found the doorway to the great nothing";

test.beforeAll(async () => {
  admin = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  await logInAsAdmin(admin);
  // Stripe and PayPal are configured by the e2e server's environment (keys and the local doubles' addresses); they still have to be switched on.
  await setE2eSettings({ 'billing.enable': true, 'billing.stripe.enable': true, 'billing.paypal.enable': true });
  const definitions = [
    { key: 'pro', name: names.pro, position: 910, recommended: true, feature_list: ['No ads'], prices: [month(999), year(9990)] },
    { key: 'studio', name: names.studio, position: 911, feature_list: ['Everything'], prices: [month(2000), year(24000)] },
    { key: 'hidden', name: names.hidden, position: 912, hidden: true, prices: [month(100)] },
  ] as const;
  for (const { key, ...plan } of definitions) {
    // Saving a plan creates its product and prices at stripe-local.
    const response = await apiCall(admin, 'POST', '/api/admin/plans', plan);
    expect(response.status(), await response.text()).toBe(201);
    plans[key] = await response.json();
  }
});

test.afterAll(async () => {
  await setE2eSettings({ 'billing.enable': false });
  await admin.dispose();
});

/** Fills stripe-local's hosted page (Stripe Checkout's stand-in) and submits it. */
async function payOnProviderPage(page: Page, cardNumber: string, button: 'Pay' | 'Save card') {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\//);
  const email = page.getByLabel('Email');
  if (await email.count()) await email.fill(`payer-${suffix}@example.com`);
  await page.getByLabel('Name on card').fill('Test Payer');
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: button, exact: true }).click();
}

async function registerOnPage(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('billing-password');
  await page.getByLabel('Confirm password').fill('billing-password');
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('pricing → register → checkout → pay → billing → change plan → cancel → renew', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('listitem', { name: names.pro, exact: true }).getByRole('link', { name: 'Get started' }).click();
  await expect(page).toHaveURL('/register?redirectFrom=pricing');
  await registerOnPage(page, `billing-flow-${suffix}@example.com`);

  // The checkout of the plan picked, yearly as the pricing page opens.
  await expect(page).toHaveURL(checkoutPath('pro', 'year'));
  await expect(page.getByRole('heading', { level: 1, name: names.pro })).toBeVisible();
  await expect(page.getByTestId('checkout')).toContainText('$99.90');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payOnProviderPage(page, '4242 4242 4242 4242', 'Pay');

  await expect(page).toHaveURL(new RegExp(`${checkoutPath('pro', 'year')}/stripe/done\\?session_id=`));
  await expect(page.getByRole('heading', { name: `Thank you! You are now subscribed to ${names.pro}.` })).toBeVisible();
  await page.getByRole('link', { name: 'Go to billing' }).click();

  await expect(page).toHaveURL('/billing');
  await expect(page.getByTestId('billing-plan')).toHaveText(names.pro);
  await expect(page.getByTestId('billing-status')).toHaveText('Active');
  // A yearly plan bought today renews next year.
  await expect(page.getByTestId('billing-renews')).toContainText(String(new Date().getUTCFullYear() + 1));
  await expect(page.getByTestId('billing-card')).toContainText('Visa •••• 4242');
  const invoices = page.getByTestId('invoices').getByRole('row');
  await expect(invoices).toHaveCount(2);
  await expect(invoices.nth(1)).toContainText('$99.90');
  await expect(invoices.nth(1)).toContainText('Paid');
  await expect(invoices.nth(1).getByRole('link', { name: /View invoice/ })).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\/invoices\//);
  // The user menu offers Billing now.
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Billing' })).toHaveAttribute('href', '/billing');
  await page.keyboard.press('Escape');

  // Already subscribed: checkout sends them to billing.
  await page.goto(checkoutPath('studio', 'month'));
  await expect(page).toHaveURL('/billing');
  // Changing to an unknown, hidden or mismatched plan is the not-found page.
  for (const path of [
    `/billing/change-plan/999999999/${priceId('studio', 'year')}/confirm`,
    `/billing/change-plan/${plans.studio.id}/999999999/confirm`,
    `/billing/change-plan/${plans.studio.id}/${priceId('pro', 'month')}/confirm`,
    `/billing/change-plan/${plans.hidden.id}/${priceId('hidden', 'month')}/confirm`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: notFoundHeading }), path).toBeVisible();
  }
  await page.goto('/billing');

  // Change plan: the current one is marked, another price leads to the confirm step with the proration.
  await page.getByRole('link', { name: 'Change plan' }).click();
  await expect(page).toHaveURL('/billing/change-plan');
  const proCard = page.getByRole('listitem', { name: names.pro, exact: true });
  await expect(proCard.getByText('Your current plan')).toBeVisible();
  await page
    .getByRole('listitem', { name: names.studio, exact: true })
    .getByRole('link', { name: /\$240\.00/ })
    .click();
  await expect(page).toHaveURL(`/billing/change-plan/${plans.studio.id}/${priceId('studio', 'year')}/confirm`);
  const preview = page.getByTestId('proration-preview');
  await expect(preview).toBeVisible();
  // Stripe's proration: a credit for the unused time on Pro and a charge for the rest of the year on Studio,
  // settled with the next payment.
  await expect(preview.getByRole('row').filter({ hasText: `Unused time on ${names.pro}` })).toContainText('-$99.90');
  await expect(preview.getByRole('row').filter({ hasText: `Remaining time on ${names.studio}` })).toContainText('$240.00');
  await expect(preview).toContainText('Next payment on');
  await preview.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL('/billing');
  await expect(page.getByTestId('billing-plan')).toHaveText(names.studio);

  // Cancel at the end of the period: the plan stays, the page says when it ends.
  await page.getByRole('link', { name: 'Cancel plan' }).click();
  await expect(page).toHaveURL('/billing/cancel');
  await expect(page.getByTestId('billing-cancel')).toContainText('You keep it until');
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page).toHaveURL('/billing');
  await expect(page.getByTestId('billing-status')).toHaveText('Cancelled');
  await expect(page.getByText('Ends on')).toBeVisible();
  await expect(page.getByTestId('billing-ends')).toContainText(String(new Date().getUTCFullYear() + 1));
  await expect(page.getByRole('link', { name: 'Change plan' })).toHaveCount(0);

  // Renew: undo the cancellation.
  await page.getByRole('link', { name: 'Renew plan' }).click();
  await expect(page).toHaveURL('/billing/renew');
  await page.getByRole('button', { name: 'Renew plan' }).click();
  await expect(page).toHaveURL('/billing');
  await expect(page.getByTestId('billing-status')).toHaveText('Active');
  await expect(page.getByText('Renews on')).toBeVisible();
  await expect(page.getByText('Ends on')).toHaveCount(0);

  // Change the card on the provider's page; billing shows the new one.
  await page.getByRole('link', { name: 'Change payment method' }).click();
  await expect(page).toHaveURL('/billing/change-payment-method');
  await page.getByRole('button', { name: 'Enter a new card' }).click();
  await payOnProviderPage(page, '5555 5555 5555 4444', 'Save card');
  await expect(page).toHaveURL(/\/billing\/change-payment-method\/done\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Your payment method was updated.' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to billing' }).click();
  await expect(page.getByTestId('billing-card')).toContainText('Mastercard •••• 4444');

  // The billing pages fit a 360 px phone.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(page.getByTestId('billing-plan')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('pricing → checkout → PayPal approve page → done → billing → cancel', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('listitem', { name: names.studio, exact: true }).getByRole('link', { name: 'Get started' }).click();
  await registerOnPage(page, `billing-paypal-${suffix}@example.com`);
  await expect(page).toHaveURL(checkoutPath('studio', 'year'));
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();

  // paypal-local's approve page: the plan and its price, a stand-in login, Agree & Subscribe.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/webapps\/billing\/subscriptions\?ba_token=/);
  await expect(page.locator('#price')).toContainText('240.00');
  await page.getByLabel('Email', { exact: true }).fill(`payer-${suffix}@example.com`);
  await page.getByRole('button', { name: 'Agree & Subscribe' }).click();

  await expect(page).toHaveURL(new RegExp(`${checkoutPath('studio', 'year')}/paypal/done\\?subscription_id=I-`));
  await expect(page.getByRole('heading', { name: `Thank you! You are now subscribed to ${names.studio}.` })).toBeVisible();
  await page.getByRole('link', { name: 'Go to billing' }).click();

  await expect(page).toHaveURL('/billing');
  await expect(page.getByTestId('billing-plan')).toHaveText(names.studio);
  await expect(page.getByTestId('billing-status')).toHaveText('Active');
  await expect(page.getByTestId('billing-card')).toHaveText('PayPal');
  const invoices = page.getByTestId('invoices').getByRole('row');
  await expect(invoices).toHaveCount(2);
  await expect(invoices.nth(1)).toContainText('$240.00');
  await expect(invoices.nth(1)).toContainText('Paid');

  // The payment method is PayPal's to change: the page leads to PayPal's automatic payments.
  await page.getByRole('link', { name: 'Change payment method' }).click();
  await expect(page.getByTestId('change-payment-method')).toContainText('PayPal');
  await expect(page.getByRole('button', { name: 'Manage payments on PayPal' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to billing' }).click();

  // Cancel: PayPal ends it at once, the plan stays until the paid year is over, and PayPal cannot resume it.
  await page.getByRole('link', { name: 'Cancel plan' }).click();
  await expect(page.getByTestId('billing-cancel')).toContainText('PayPal cannot resume a cancelled subscription');
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page).toHaveURL('/billing');
  await expect(page.getByTestId('billing-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('billing-ends')).toContainText(String(new Date().getUTCFullYear() + 1));
  await expect(page.getByTestId('billing-paypal-resubscribe')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Renew plan' })).toHaveCount(0);
});

test("two checkout tabs: once one has paid, the other tab's Stripe page takes no payment", async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('listitem', { name: names.pro, exact: true }).getByRole('link', { name: 'Get started' }).click();
  await registerOnPage(page, `billing-tabs-${suffix}@example.com`);
  await expect(page).toHaveURL(checkoutPath('pro', 'year'));
  const other = await page.context().newPage();
  await other.goto(checkoutPath('pro', 'month'));
  await other.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(other).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\//);

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payOnProviderPage(page, '4242 4242 4242 4242', 'Pay');
  await expect(page.getByRole('heading', { name: `Thank you! You are now subscribed to ${names.pro}.` })).toBeVisible();

  await payOnProviderPage(other, '4242 4242 4242 4242', 'Pay');
  await expect(other.getByText('This Checkout Session has expired.')).toBeVisible();
  await page.goto('/billing');
  const invoices = page.getByTestId('invoices').getByRole('row');
  await expect(invoices).toHaveCount(2);
  await expect(invoices.nth(1)).toContainText('$99.90');
});

test('two checkout tabs: a second PayPal approval is cancelled and refunded, and billing shows it', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('listitem', { name: names.studio, exact: true }).getByRole('link', { name: 'Get started' }).click();
  await registerOnPage(page, `billing-paypal-tabs-${suffix}@example.com`);
  await expect(page).toHaveURL(checkoutPath('studio', 'year'));
  const other = await page.context().newPage();
  await other.goto(checkoutPath('studio', 'month'));
  for (const tab of [page, other]) {
    await tab.getByRole('button', { name: 'Pay with PayPal' }).click();
    await expect(tab).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/webapps\/billing\/subscriptions\?ba_token=/);
  }
  for (const tab of [page, other]) {
    await tab.getByLabel('Email', { exact: true }).fill(`payer-${suffix}@example.com`);
    await tab.getByRole('button', { name: 'Agree & Subscribe' }).click();
    await expect(tab).toHaveURL(/\/paypal\/done\?subscription_id=I-/);
  }
  await expect(page.getByRole('heading', { name: `Thank you! You are now subscribed to ${names.studio}.` })).toBeVisible();
  await expect(other.getByTestId('billing-done-error')).toContainText('You are already subscribed. This payment was cancelled and refunded.');
  await other.getByRole('link', { name: 'Go to billing' }).click();

  await expect(other).toHaveURL('/billing');
  await expect(other.getByTestId('billing-plan')).toHaveText(names.studio);
  await expect(other.getByTestId('billing-status')).toHaveText('Active');
  const invoices = other.getByTestId('invoices').getByRole('row');
  await expect(invoices).toHaveCount(3);
  await expect(invoices.filter({ hasText: '$240.00' })).toContainText('Paid');
  await expect(invoices.filter({ hasText: '$20.00' })).toContainText('Refunded');
});

test('a logged-out visitor at a checkout registers and comes back to it', async ({ page }) => {
  await page.goto(checkoutPath('studio', 'month'));
  await expect(page).toHaveURL(`/register?redirectFrom=pricing&redirect=${encodeURIComponent(checkoutPath('studio', 'month'))}`);
  await expect(page.getByRole('heading', { name: "First, let's create your account" })).toBeVisible();
  await registerOnPage(page, `billing-back-${suffix}@example.com`);
  await expect(page).toHaveURL(checkoutPath('studio', 'month'));
  await expect(page.getByRole('heading', { level: 1, name: names.studio })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
});

test('a user without a subscription is sent from billing to pricing; unknown, hidden and mismatched plans are not found', async ({ page }) => {
  await registerAccount(page.request, `billing-none-${suffix}@example.com`);
  const confirm = `/billing/change-plan/${plans.studio.id}/${priceId('studio', 'year')}/confirm`;
  for (const path of ['/billing', '/billing/change-plan', confirm, '/billing/cancel', '/billing/renew', '/billing/change-payment-method', '/billing/change-payment-method/done?session_id=cs_test_x']) {
    await page.goto(path);
    await expect(page, path).toHaveURL('/pricing');
  }
  const missing = [
    `/checkout/${plans.pro.id}/999999999`,
    `/checkout/999999999/${priceId('pro', 'month')}`,
    // A price of another plan.
    `/checkout/${plans.pro.id}/${priceId('studio', 'month')}`,
    `/checkout/${plans.hidden.id}/${priceId('hidden', 'month')}`,
    '/checkout/abc/def',
  ];
  for (const path of missing) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: notFoundHeading }), path).toBeVisible();
  }
});

test('visitors are sent to log in from the billing pages', async ({ page }) => {
  await page.goto('/billing');
  await expect(page).toHaveURL('/login?redirect=%2Fbilling');
});
