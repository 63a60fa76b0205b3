import * as settingsRepository from '@app/db/settings/settings';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../testing.ts';
import { stripeGateway } from './stripe-gateway.ts';

/** Saving a plan when Stripe refuses a price, or cannot be reached: the admin is told which line, never a 500. */

let t: TestApp;
let admin: TestClient;
let stripe: Stripe;

beforeAll(async () => {
  // Nothing listens on port 9: a Stripe that cannot be reached, unless a call is stubbed below.
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_plan_sync', STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '9', STRIPE_API_PROTOCOL: 'http' });
  await settingsRepository.saveSettings(t.db, { 'billing.stripe.enable': true });
  admin = await t.loggedIn('admin@example.com', ['admin']);
  // The routes share this client (one per key and address), so stubbing its calls stubs theirs.
  stripe = (await stripeGateway({ db: t.db, config: t.config, storage: t.storage }))!.stripe;
});
afterAll(() => t.close());

const plan = (name: string) => ({
  name,
  prices: [
    { amount: 500, currency: 'USD', interval: 'month', interval_count: 1 },
    { amount: 900, currency: 'XTS', interval: 'month', interval_count: 1 },
  ],
});

describe('plan sync errors', () => {
  it("names the price Stripe refused, on the form's line, with a 422", async () => {
    vi.spyOn(stripe.products, 'create').mockResolvedValue({ id: 'prod_synced' } as never);
    vi.spyOn(stripe.prices, 'list').mockReturnValue({ async *[Symbol.asyncIterator]() {} } as never);
    vi.spyOn(stripe.prices, 'create').mockImplementation((async (params: Stripe.PriceCreateParams) => {
      if (params.currency === 'xts') throw new Stripe.errors.StripeInvalidRequestError({ message: 'Invalid currency: xts.', param: 'currency', type: 'invalid_request_error' });
      return { id: 'price_usd' };
    }) as never);
    const response = await admin.post('/api/admin/plans', plan('Refused'));
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.errors).toEqual({ 'prices.1.currency': 'Stripe refused this price: Invalid currency: xts.' });
    expect(body.message).toMatch(/Stripe refused/);
    const prices = await t.db.selectFrom('prices').innerJoin('products', 'products.id', 'prices.product_id').select(['prices.currency', 'prices.stripe_price_id']).where('products.name', '=', 'Refused').orderBy('prices.id').execute();
    expect(prices).toEqual([{ currency: 'USD', stripe_price_id: 'price_usd' }, { currency: 'XTS', stripe_price_id: null }]);

    // Buying the refused price tries the sync again; Stripe still refuses, and the buyer is told plainly.
    vi.spyOn(stripe.products, 'update').mockResolvedValue({ id: 'prod_synced' } as never);
    vi.spyOn(stripe.prices, 'retrieve').mockResolvedValue({ id: 'price_usd', active: true, product: 'prod_synced', unit_amount: 500, currency: 'usd', recurring: { interval: 'month', interval_count: 1 } } as never);
    await settingsRepository.saveSettings(t.db, { 'billing.enable': true });
    const buyer = await t.loggedIn('buyer@example.com');
    const refusedPlan = await t.db.selectFrom('products').select('id').where('name', '=', 'Refused').executeTakeFirstOrThrow();
    const refusedPrice = await t.db.selectFrom('prices').select('id').where('product_id', '=', refusedPlan.id).where('currency', '=', 'XTS').executeTakeFirstOrThrow();
    const checkout = await buyer.post('/api/v1/billing/stripe/checkout', { product_id: refusedPlan.id, price_id: refusedPrice.id });
    expect(checkout.status).toBe(503);
    expect((await checkout.json()).message).toBe('This price cannot be bought right now. Try again later.');
    vi.restoreAllMocks();
  });

  it('answers 503, not 500, when Stripe cannot be reached', async () => {
    const response = await admin.post('/api/admin/plans', plan('Unreachable'));
    expect(response.status).toBe(503);
    expect((await response.json()).message).toBe('The plan was saved, but Stripe could not be reached to update it. Save it again later.');
  }, 30_000);
});
