import { createTestApp, type TestApp, type TestClient } from '@app/api/testing';
import * as settingsRepository from '@app/db/settings/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSetup, grant, type MailServer } from '../support/billing-setup.ts';
import { startPayPalLocal, type PayPalLocalHandle } from '../support/paypal-local/index.ts';
import { freePort, type ServerProcess } from '../support/server-process.ts';

/**
 * PayPal billing against paypal-local, a PayPal-REST-compatible server: checkout through PayPal's
 * approve page, the subscription it stores and the permissions it grants, plan sync, webhooks
 * (verified by PayPal's verify-webhook-signature, forged, replayed, shuffled), cancel, plan
 * changes, failed renewals, and who may call what.
 */

const DAY = 86_400;

let local: PayPalLocalHandle;
let mail: MailServer;
let t: TestApp;
let server: { url: string; close: () => Promise<void> };
let admin: TestClient;
let planId: number;
let monthlyId: number;
let premiumId: number;
let premiumMonthlyId: number;
const billing = billingSetup('paypal', { users: 'payer' });
const { newUser, rowOf, countEvents, serverProcess } = billing;

beforeAll(async () => {
  ({ double: local, mail, t, server, admin, planId, monthlyId, premiumId, premiumMonthlyId } = await billing.start({
    double: () => startPayPalLocal(),
    env: (double) => ({ PAYPAL_API_URL: double.url, PAYPAL_CLIENT_ID: double.clientId, PAYPAL_SECRET: double.secret, PAYPAL_WEBHOOK_ID: double.webhookId }),
    setWebhook: (double, url) => double.setWebhook(url),
  }));
}, 60_000);

afterAll(() => billing.close());

/** PayPal's approve page as a payer uses it: open it, submit its form ("Agree & Subscribe"), follow nothing. */
async function approve(url: string, options: { failRenewals?: boolean } = {}): Promise<URL> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  expect(form, 'the approve page has a form').not.toBeNull();
  const fields = new URLSearchParams();
  for (const input of form![2].matchAll(/<input[^>]*>/gi)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    if (!name) continue;
    if (/type="checkbox"/.test(input[0])) {
      if (name === 'fail_renewals' && options.failRenewals) fields.set(name, '1');
      continue;
    }
    fields.set(name, /value="([^"]*)"/.exec(input[0])?.[1] ?? (name.includes('email') ? 'payer@example.com' : ''));
  }
  const approved = await fetch(new URL(form![1].replaceAll('&amp;', '&'), url), { method: 'POST', body: fields, redirect: 'manual' });
  expect([302, 303]).toContain(approved.status);
  return new URL(approved.headers.get('location')!);
}

/** Checkout start to finish as the browser does it: the site's checkout call, PayPal's page, the done page's call. */
async function subscribe(client: TestClient, productId = planId, priceId = monthlyId) {
  const started = await client.post('/api/v1/billing/paypal/checkout', { product_id: productId, price_id: priceId });
  expect(started.status).toBe(200);
  const { url } = await started.json();
  const done = await approve(url);
  const subscriptionId = done.searchParams.get('subscription_id')!;
  const completed = await client.post(`/api/v1/billing/paypal/checkout/${subscriptionId}/complete`);
  expect(completed.status).toBe(200);
  return { subscriptionId, done, subscription: (await completed.json()).subscription };
}

const paypalApi = async (method: string, path: string, body?: unknown) => {
  const token = await (await fetch(`${local.url}/v1/oauth2/token`, { method: 'POST', headers: { Authorization: `Basic ${Buffer.from(`${local.clientId}:${local.secret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' })).json();
  const response = await fetch(`${local.url}${path}`, { method, headers: { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return response.status === 204 ? null : response.json();
};

describe('checkout', () => {
  it('offers PayPal on the pricing data, sells the plan with its PayPal plan and grants it once approved', async () => {
    const products = await (await t.client().get('/api/v1/billing/products')).json();
    expect(products.payment_providers).toEqual(['paypal']);
    const { client, id } = await newUser();
    const { done, subscription, subscriptionId } = await subscribe(client);
    expect(done.pathname).toBe(`/checkout/${planId}/${monthlyId}/paypal/done`);
    expect(subscriptionId).toMatch(/^I-/);
    expect(subscription).toMatchObject({ status: 'active', gateway: 'paypal', product: { id: planId, name: 'Pro' }, price: { id: monthlyId, amount: 1000, currency: 'EUR' }, cancelled_at: null, ends_at: null, payment_method: null });
    expect(Date.parse(subscription.renews_at)).toBeGreaterThan(Date.now() + 27 * DAY * 1000);
    const atPayPal = await paypalApi('GET', `/v1/billing/subscriptions/${subscriptionId}`);
    const price = await t.db.selectFrom('prices').select('paypal_plan_id').where('id', '=', monthlyId).executeTakeFirstOrThrow();
    expect(atPayPal).toMatchObject({ plan_id: price.paypal_plan_id, custom_id: String(id), status: 'ACTIVE' });
    expect(await grant(client)).toMatchObject({ name: 'music.create', restrictions: [{ name: 'count', value: 50 }] });
    const invoices = (await (await client.get('/api/v1/billing/invoices')).json()).data;
    expect(invoices).toEqual([expect.objectContaining({ amount: 1000, currency: 'EUR', status: 'paid', url: null })]);
  });

  it('refuses what Stripe checkout refuses, in the same order, and says when PayPal is not set up', async () => {
    const { client } = await newUser();
    const checkout = (product_id: number, price_id: number) => client.post('/api/v1/billing/paypal/checkout', { product_id, price_id });
    expect((await checkout(planId, premiumMonthlyId)).status).toBe(404);
    expect((await checkout(999_999, monthlyId)).status).toBe(404);
    expect((await client.post('/api/v1/billing/paypal/checkout', { product_id: 'x', price_id: monthlyId })).status).toBe(422);
    const free = await (await admin.post('/api/admin/plans', { name: 'Free', free: true, prices: [{ amount: 0, currency: 'EUR', interval: 'month' }] })).json();
    expect((await checkout(free.id, free.prices[0].id)).status).toBe(422);
    await settingsRepository.saveSettings(t.db, { 'billing.paypal.enable': false });
    try {
      const off = await checkout(planId, monthlyId);
      expect(off.status).toBe(503);
      expect((await off.json()).message).toBe('Payments are not set up yet.');
    } finally {
      await settingsRepository.saveSettings(t.db, { 'billing.paypal.enable': true });
    }
    await subscribe(client);
    const again = await checkout(premiumId, premiumMonthlyId);
    expect(again.status).toBe(409);
  });

  it("never completes another user's subscription, nor one not approved yet", async () => {
    const buyer = await newUser();
    const other = await newUser();
    // Made as the checkout makes it, left unapproved.
    const { paypal_plan_id } = await t.db.selectFrom('prices').select('paypal_plan_id').where('id', '=', monthlyId).executeTakeFirstOrThrow();
    const pending = await paypalApi('POST', '/v1/billing/subscriptions', { plan_id: paypal_plan_id, custom_id: String(buyer.id), application_context: { return_url: `${server.url}/done`, cancel_url: `${server.url}/pricing` } });
    expect(pending.status).toBe('APPROVAL_PENDING');
    const early = await buyer.client.post(`/api/v1/billing/paypal/checkout/${pending.id}/complete`);
    expect(early.status).toBe(422);
    expect((await early.json()).message).toBe('The payment is not complete yet.');

    const { url } = await (await buyer.client.post('/api/v1/billing/paypal/checkout', { product_id: planId, price_id: monthlyId })).json();
    const subscriptionId = (await approve(url)).searchParams.get('subscription_id')!;
    expect((await other.client.post(`/api/v1/billing/paypal/checkout/${subscriptionId}/complete`)).status).toBe(404);
    expect((await admin.post(`/api/v1/billing/paypal/checkout/${subscriptionId}/complete`)).status).toBe(404);
    expect((await other.client.post('/api/v1/billing/paypal/checkout/I-DOESNOTEXIST/complete')).status).toBe(404);
    expect((await other.client.post('/api/v1/billing/paypal/checkout/not-an-id/complete')).status).toBe(422);
    expect((await other.client.post('/api/v1/billing/paypal/checkout/I-..%2F..%2Fv1/complete')).status).toBe(422);
    expect((await (await other.client.get('/api/v1/billing/subscription')).json()).subscription).toBeNull();
    expect((await buyer.client.post(`/api/v1/billing/paypal/checkout/${subscriptionId}/complete`)).status).toBe(200);
  });
});

describe('permissions', () => {
  it('asks guests to log in; the webhook alone needs no login (and refuses what PayPal does not vouch for)', async () => {
    const guest = t.client();
    for (const [method, url, body] of [
      ['POST', '/api/v1/billing/paypal/checkout', { product_id: 1, price_id: 1 }],
      ['POST', '/api/v1/billing/paypal/checkout/I-ABCDEFGH/complete', undefined],
    ] as const) {
      expect(`${method} ${url} ${(await guest.request(method, url, body)).status}`).toBe(`${method} ${url} 401`);
    }
    const webhook = await fetch(`${server.url}/api/v1/billing/paypal/webhook`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(webhook.status).toBe(400);
  });
});

describe('plan sync', () => {
  it("keeps PayPal's plans in step with the back office; a changed amount gets a new plan, the old one is deactivated", async () => {
    const created = await (await admin.post('/api/admin/plans', {
      name: 'Studio',
      prices: [
        { amount: 1500, currency: 'USD', interval: 'month', interval_count: 1 },
        { amount: 15000, currency: 'USD', interval: 'year', interval_count: 1 },
      ],
    })).json();
    const ids = async () => t.db.selectFrom('prices').select(['id', 'paypal_plan_id']).where('product_id', '=', created.id).orderBy('id').execute();
    const before = await ids();
    const monthlyPlan = await paypalApi('GET', `/v1/billing/plans/${before[0].paypal_plan_id}`);
    expect(monthlyPlan).toMatchObject({ status: 'ACTIVE', billing_cycles: [expect.objectContaining({ frequency: expect.objectContaining({ interval_unit: 'MONTH', interval_count: 1 }), pricing_scheme: expect.objectContaining({ fixed_price: { value: '15.00', currency_code: 'USD' } }) })] });

    const [monthly, yearly] = created.prices;
    expect((await admin.put(`/api/admin/plans/${created.id}`, { name: 'Studio', prices: [{ ...monthly, amount: 1800 }, yearly] })).status).toBe(200);
    const after = await ids();
    expect(after[0].paypal_plan_id).not.toBe(before[0].paypal_plan_id);
    expect(after[1].paypal_plan_id).toBe(before[1].paypal_plan_id);
    expect((await paypalApi('GET', `/v1/billing/plans/${before[0].paypal_plan_id}`)).status).toBe('INACTIVE');
    expect((await paypalApi('GET', `/v1/billing/plans/${after[0].paypal_plan_id}`)).billing_cycles[0].pricing_scheme.fixed_price.value).toBe('18.00');
  });

  it('names a price in a currency PayPal does not take on its line of the plan form; that price cannot be bought, never a 500', async () => {
    const saved = await admin.post('/api/admin/plans', {
      name: 'Rand',
      prices: [
        { amount: 900, currency: 'USD', interval: 'month', interval_count: 1 },
        { amount: 15000, currency: 'ZAR', interval: 'month', interval_count: 1 },
      ],
    });
    expect(saved.status).toBe(422);
    const body = await saved.json();
    expect(body.message).toBe('The plan was saved, but PayPal refused some of its prices. Correct them and save again.');
    expect(body.errors).toEqual({ 'prices.1.currency': 'PayPal refused this price: Currency code is invalid or is not currently supported.' });

    const plan = await t.db.selectFrom('products').select('id').where('name', '=', 'Rand').executeTakeFirstOrThrow();
    const prices = await t.db.selectFrom('prices').select(['id', 'currency', 'paypal_plan_id']).where('product_id', '=', plan.id).orderBy('id').execute();
    expect(prices.map((p) => [p.currency, Boolean(p.paypal_plan_id)])).toEqual([['USD', true], ['ZAR', false]]);
    const { client } = await newUser();
    const refused = await client.post('/api/v1/billing/paypal/checkout', { product_id: plan.id, price_id: prices[1].id });
    expect(refused.status).toBe(503);
    expect((await refused.json()).message).toBe('This price cannot be bought right now. Try again later.');
    expect((await client.post('/api/v1/billing/paypal/checkout', { product_id: plan.id, price_id: prices[0].id })).status).toBe(200);
    // The 503 is written to the error log after the answer; let it land.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  it('takes the credentials from Settings › Subscriptions when no PAYPAL_* variable is set, and never sends the secret back', async () => {
    const configured = await createTestApp({ PAYPAL_API_URL: local.url });
    try {
      const boss = await configured.loggedIn('admin@example.com', ['admin']);
      const saved = await boss.put('/api/admin/settings', {
        'billing.enable': true,
        'billing.paypal.enable': true,
        'billing.paypal.client_id': local.clientId,
        'billing.paypal.secret': local.secret,
        'billing.paypal.webhook_id': local.webhookId,
      });
      expect(saved.status).toBe(200);
      const settings = await (await boss.get('/api/admin/settings')).text();
      expect(settings).not.toContain(local.secret);
      const created = await boss.post('/api/admin/plans', { name: 'Configured', prices: [{ amount: 700, currency: 'USD', interval: 'month' }] });
      expect(created.status).toBe(201);
      const { paypal_plan_id } = await configured.db.selectFrom('prices').select('paypal_plan_id').where('id', '=', (await created.json()).prices[0].id).executeTakeFirstOrThrow();
      expect((await paypalApi('GET', `/v1/billing/plans/${paypal_plan_id}`)).billing_cycles[0].pricing_scheme.fixed_price).toEqual({ value: '7.00', currency_code: 'USD' });
    } finally {
      await configured.close();
    }
  });

  it('says when PayPal cannot be reached on a plan save or a checkout, never a 500', async () => {
    const offline = await createTestApp({ PAYPAL_API_URL: 'http://127.0.0.1:9', PAYPAL_CLIENT_ID: 'id', PAYPAL_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH-1' });
    try {
      await settingsRepository.saveSettings(offline.db, { 'billing.enable': true, 'billing.paypal.enable': true });
      const boss = await offline.loggedIn('admin@example.com', ['admin']);
      const saved = await boss.post('/api/admin/plans', { name: 'Solo', prices: [{ amount: 500, currency: 'EUR', interval: 'month' }] });
      expect(saved.status).toBe(503);
      expect((await saved.json()).message).toBe('The plan was saved, but PayPal could not be reached to update it. Save it again later.');
      const plan = await offline.db.selectFrom('products').select('id').where('name', '=', 'Solo').executeTakeFirstOrThrow();
      const price = await offline.db.selectFrom('prices').select('id').where('product_id', '=', plan.id).executeTakeFirstOrThrow();
      const buyer = await offline.loggedIn('buyer@example.com');
      const checkout = await buyer.post('/api/v1/billing/paypal/checkout', { product_id: plan.id, price_id: price.id });
      expect(checkout.status).toBe(503);
      // The 503 is written to the error log after the answer; let it land before the storage goes.
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await offline.close();
    }
  });
});

const webhookUrl = () => `${server.url}/api/v1/billing/paypal/webhook`;

/** Starts and approves a checkout without the done page's call: only webhooks tell the site. */
async function approveWithoutDonePage(client: TestClient) {
  const { url } = await (await client.post('/api/v1/billing/paypal/checkout', { product_id: planId, price_id: monthlyId })).json();
  return (await approve(url)).searchParams.get('subscription_id')!;
}

async function settle() {
  expect(await local.settle()).toBe(true);
  return local.deliveries();
}

describe('two checkout tabs', () => {
  it('a second subscription approved before the first was known is cancelled and refunded; /billing and the back office show what PayPal holds', async () => {
    for (const heardBy of ['the done pages', 'the webhook alone'] as const) {
      const { client, id } = await newUser();
      // Both tabs start a checkout, then the payer approves both before the site hears of either.
      await local.holdWebhooks();
      const start = async () => (await (await client.post('/api/v1/billing/paypal/checkout', { product_id: planId, price_id: monthlyId })).json()).url as string;
      const [first, second] = [await start(), await start()];
      const firstId = (await approve(first)).searchParams.get('subscription_id')!;
      const secondId = (await approve(second)).searchParams.get('subscription_id')!;
      if (heardBy === 'the done pages') {
        expect((await client.post(`/api/v1/billing/paypal/checkout/${firstId}/complete`)).status).toBe(200);
        const refused = await client.post(`/api/v1/billing/paypal/checkout/${secondId}/complete`);
        expect(refused.status).toBe(409);
        expect((await refused.json()).message).toBe('You are already subscribed. This payment was cancelled and refunded.');
      }
      await local.releaseWebhooks();
      await settle();
      // The second tab's done page, opened (again) now, says so and refunds nothing more.
      expect(`${heardBy}: ${(await client.post(`/api/v1/billing/paypal/checkout/${secondId}/complete`)).status}`).toBe(`${heardBy}: 409`);
      expect((await client.post(`/api/v1/billing/paypal/checkout/${firstId}/complete`)).status).toBe(200);

      expect((await paypalApi('GET', `/v1/billing/subscriptions/${firstId}`)).status).toBe('ACTIVE');
      expect((await paypalApi('GET', `/v1/billing/subscriptions/${secondId}`)).status).toBe('CANCELLED');
      const window = `start_time=${new Date(Date.now() - 86_400_000).toISOString()}&end_time=${new Date(Date.now() + 60_000).toISOString()}`;
      const payments = async (subscriptionId: string) => (await paypalApi('GET', `/v1/billing/subscriptions/${subscriptionId}/transactions?${window}`)).transactions.map((p: { status: string }) => p.status);
      expect(await payments(firstId)).toEqual(['COMPLETED']);
      expect(await payments(secondId)).toEqual(['REFUNDED']);

      // The site: the subscription PayPal keeps counts; the other one has ended; the payments say which was refunded.
      expect(await rowOf(firstId)).toMatchObject({ status: 'active' });
      expect(await rowOf(secondId)).toMatchObject({ status: 'expired' });
      const current = (await (await client.get('/api/v1/billing/subscription')).json()).subscription;
      expect(current.id).toBe((await rowOf(firstId))!.id);
      const invoices = (await (await client.get('/api/v1/billing/invoices')).json()).data;
      expect(invoices.map((invoice: { status: string }) => invoice.status).sort()).toEqual(['paid', 'refunded']);
      const listed = await (await admin.get(`/api/admin/subscriptions?filter=${encodeURIComponent(JSON.stringify({ user_id: id }))}`)).json();
      expect(listed.map((row: { gateway_id: string; status: string }) => `${row.gateway_id} ${row.status}`).sort()).toEqual([`${firstId} active`, `${secondId} expired`].sort());
    }
  });
});

describe('webhooks', () => {
  it('stores what verified events say, once per event id', async () => {
    const { client, id } = await newUser();
    const subscriptionId = await approveWithoutDonePage(client);
    const deliveries = (await settle()).filter((d) => d.payload.includes(subscriptionId));
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
    expect(await rowOf(subscriptionId)).toMatchObject({ user_id: id, product_id: planId, price_id: monthlyId, status: 'active' });
    expect(await grant(client)).toBeDefined();

    // Replayed exactly as PayPal sent it: acknowledged, nothing done again.
    const events = await countEvents();
    const replay = await fetch(webhookUrl(), { method: 'POST', body: deliveries[0].payload, headers: { ...deliveries[0].headers, 'Content-Type': 'application/json' } });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(await countEvents()).toBe(events);
  });

  it('refuses forged or altered events (400, nothing kept)', async () => {
    const { client, email } = await newUser();
    const subscriptionId = await approveWithoutDonePage(client);
    const real = (await settle()).find((d) => d.payload.includes(subscriptionId))!;
    const event = JSON.parse(real.payload);
    const signed = { ...real.headers, 'Content-Type': 'application/json' };
    const events = await countEvents();
    const mails = mail.inbox.length;
    const forgedBody = JSON.stringify({ ...event, id: `WH-FORGED-${Date.now()}`, event_type: 'BILLING.SUBSCRIPTION.CANCELLED' });
    const attempts: [string, string, Record<string, string>][] = [
      ['no PayPal headers', forgedBody, { 'Content-Type': 'application/json' }],
      ["another event's signature", forgedBody, signed],
      ['a made-up signature', forgedBody, { ...signed, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') }],
      ['a real body with another transmission id', real.payload, { ...signed, 'paypal-transmission-id': 'f00d' }],
      ['not JSON', 'not json {', signed],
    ];
    for (const [what, body, headers] of attempts) {
      const response = await fetch(webhookUrl(), { method: 'POST', body, headers });
      expect(`${what}: ${response.status}`).toBe(`${what}: 400`);
    }
    expect(await countEvents()).toBe(events);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail.inbox.length).toBe(mails);
    expect(mail.inbox.some((m) => m.to?.some((a) => a.address === email))).toBe(false);
    expect(await rowOf(subscriptionId)).toMatchObject({ status: 'active', cancelled_at: null });
  });
});

describe('webhooks in any order', () => {
  it('ends in the state PayPal has, whatever order the events arrive in', async () => {
    for (const order of ['reverse', 'shuffle'] as const) {
      const { client } = await newUser();
      await local.holdWebhooks();
      const subscriptionId = await approveWithoutDonePage(client);
      await paypalApi('POST', `/v1/billing/subscriptions/${subscriptionId}/suspend`, { reason: 'Paused by the merchant' });
      await paypalApi('POST', `/v1/billing/subscriptions/${subscriptionId}/activate`, { reason: 'Back' });
      await paypalApi('POST', `/v1/billing/subscriptions/${subscriptionId}/cancel`, { reason: 'Gone' });
      await local.releaseWebhooks(order);
      expect(await local.settle()).toBe(true);
      const row = await rowOf(subscriptionId);
      expect(row).toMatchObject({ status: 'cancelled', product_id: planId });
      expect(row!.ends_at).not.toBeNull();
    }
  });
});

describe('webhook events and server processes', () => {
  // The webhook once recorded the event before reading the subscription from PayPal: a process that
  // died in between answered every retry "duplicate", and the subscription stayed as it was for good.
  it('acts on it when PayPal delivers it again to the restarted server', async () => {
    const { client } = await newUser();
    const { subscription, subscriptionId } = await subscribe(client);
    await settle();
    expect(await rowOf(subscriptionId)).toMatchObject({ status: 'active', renews_at: subscription.renews_at });

    // From here PayPal's events go to the product running as a process of its own, on the same database.
    const port = await freePort();
    let site: ServerProcess = await serverProcess(port);
    await local.setWebhook(`${site.url}/api/v1/billing/paypal/webhook`);
    try {
      // Cancelled at PayPal: the server reads the subscription, PayPal answers, and the server dies
      // before it hears the answer, so before it writes anything.
      const read = await local.holdAnswer('GET', `/v1/billing/subscriptions/${subscriptionId}`);
      await paypalApi('POST', `/v1/billing/subscriptions/${subscriptionId}/cancel`, { reason: 'Cancelled at PayPal' });
      expect(await local.answerHeld(read)).toBe(true);
      await site.kill();
      await local.releaseAnswer(read);
      const [cancellation] = (await local.deliveries({ type: 'BILLING.SUBSCRIPTION.CANCELLED' })).filter((d) => d.payload.includes(subscriptionId));
      expect(cancellation).toBeDefined();

      site = await serverProcess(port);
      await local.resendEvent(cancellation.event);
      expect(await local.settle()).toBe(true);
      expect((await paypalApi('GET', `/v1/billing/subscriptions/${subscriptionId}`)).status).toBe('CANCELLED');
      expect(await rowOf(subscriptionId)).toMatchObject({ status: 'cancelled', renews_at: null, ends_at: subscription.renews_at });
      expect((await (await client.get('/api/v1/billing/subscription')).json()).subscription).toMatchObject({ status: 'cancelled', ends_at: subscription.renews_at, on_grace_period: true });
    } finally {
      await site.stop();
      await local.setWebhook(webhookUrl());
    }
  }, 120_000);
});

describe('managing a subscription', () => {
  it('cancels at PayPal, keeps the plan until the paid period ends, and cannot renew it', async () => {
    const { client } = await newUser();
    const { subscription, subscriptionId } = await subscribe(client);
    const cancelled = await client.post('/api/v1/billing/cancel');
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).subscription).toMatchObject({ status: 'cancelled', ends_at: subscription.renews_at, renews_at: null, on_grace_period: true });
    expect((await paypalApi('GET', `/v1/billing/subscriptions/${subscriptionId}`)).status).toBe('CANCELLED');
    expect(await grant(client)).toBeDefined();
    expect((await client.post('/api/v1/billing/cancel')).status).toBe(422);
    const renew = await client.post('/api/v1/billing/renew');
    expect(renew.status).toBe(422);
    expect((await renew.json()).message).toBe('PayPal cannot resume a cancelled subscription. You keep your plan until it ends; then choose a plan to subscribe again.');
    // The webhook's CANCELLED arriving after the fact changes nothing.
    await settle();
    expect((await (await client.get('/api/v1/billing/subscription')).json()).subscription).toMatchObject({ status: 'cancelled', ends_at: subscription.renews_at });
    expect((await client.post('/api/v1/billing/paypal/checkout', { product_id: premiumId, price_id: premiumMonthlyId })).status).toBe(409);
  });

  it("changes plan through PayPal's revise and approve page; the payment method lives at PayPal", async () => {
    const { client } = await newUser();
    const { subscriptionId } = await subscribe(client);
    const preview = await (await client.post('/api/v1/billing/change-plan/preview', { product_id: premiumId, price_id: premiumMonthlyId })).json();
    expect(preview).toMatchObject({ amount_due: 2000, currency: 'EUR', lines: [] });
    const changed = await client.post('/api/v1/billing/change-plan', { product_id: premiumId, price_id: premiumMonthlyId });
    expect(changed.status).toBe(200);
    const { url } = await changed.json();
    if (url) {
      const back = await approve(url);
      expect(back.pathname).toBe(`/checkout/${premiumId}/${premiumMonthlyId}/paypal/done`);
      expect((await client.post(`/api/v1/billing/paypal/checkout/${subscriptionId}/complete`)).status).toBe(200);
    }
    expect((await (await client.get('/api/v1/billing/subscription')).json()).subscription).toMatchObject({ product: { id: premiumId }, price: { id: premiumMonthlyId } });
    expect(await grant(client)).toBeUndefined();

    const method = await client.post('/api/v1/billing/change-payment-method');
    expect(method.status).toBe(200);
    expect((await method.json()).url).toBe(`${local.url}/myaccount/autopay/`);
  });

  it('a failed renewal makes it past due and mails the user once; PayPal suspending it leaves a grace period', async () => {
    const { client, email } = await newUser();
    const { subscriptionId, subscription } = await subscribe(client);
    await local.failPayments(subscriptionId, -1);
    const mails = mail.inbox.length;
    await local.advanceClock(Math.floor(Date.parse(subscription.renews_at) / 1000) - (await local.now()) + 60);
    expect(await local.settle()).toBe(true);
    expect((await (await client.get('/api/v1/billing/subscription')).json()).subscription).toMatchObject({ status: 'past_due', on_grace_period: true });
    expect(await grant(client)).toBeDefined();
    const sent = await mail.waitFor(email, mails);
    expect(sent.subject).toBe('Your payment failed');
    expect(sent.text).toContain('/billing/change-payment-method');

    // PayPal sending the failure again mails nobody twice.
    const failure = (await local.deliveries({ type: 'BILLING.SUBSCRIPTION.PAYMENT.FAILED' })).find((d) => d.payload.includes(subscriptionId))!;
    await local.resendEvent(failure.event);
    expect(await local.settle()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const failureMails = () => mail.inbox.filter((m) => m.subject === 'Your payment failed' && m.to?.some((a) => a.address === email));
    const afterFirst = failureMails().length;
    expect(afterFirst).toBe(1);

    // Retries fail too, until PayPal suspends it: still past due, now with an end.
    await local.advanceClock(30 * DAY);
    expect(await local.settle()).toBe(true);
    expect((await paypalApi('GET', `/v1/billing/subscriptions/${subscriptionId}`)).status).toBe('SUSPENDED');
    const row = await rowOf(subscriptionId);
    expect(row).toMatchObject({ status: 'past_due', renews_at: null });
    expect(row!.ends_at).not.toBeNull();
  }, 30_000);
});
