import * as stripeBillingRepository from '@app/db/billing/stripe-billing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';
import { subscriptionStanding } from './subscriptions.service.ts';
import type { StoreOutcome } from './provider-state.ts';
import type { Stripe } from './stripe-gateway.ts';
import { statusFromStripe, storeStripeSubscription } from './stripe-subscription-sync.ts';

/** How Stripe's subscription states become ours, and which subscriptions are ours at all. */

let t: TestApp;
let users = 0;
/** The customer of this test's own user. */
let customer: string;
const deps = () => ({ db: t.db, config: t.config, storage: t.storage });
const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  users += 1;
  customer = `cus_ours${users}`;
  await stripeBillingRepository.saveStripeCustomer(t.db, (await t.createUser(`payer${users}@example.com`)).id, customer);
});
afterAll(() => t.close());

function subscription(id: string, changes: Partial<Stripe.Subscription> = {}): Stripe.Subscription {
  return {
    id,
    object: 'subscription',
    customer,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    default_payment_method: null,
    items: { object: 'list', data: [{ current_period_start: now, current_period_end: now + 30 * DAY, price: { id: 'price_unknown', product: 'prod_unknown' } }] },
    ...changes,
  } as unknown as Stripe.Subscription;
}

/** A read of Stripe that has just happened, after every earlier one. */
const freshRead = () => {
  const at = new Date().toISOString();
  return { startedAt: at, endedAt: at };
};
const rowOf = (outcome: StoreOutcome) => (outcome.kind === 'replayed' ? undefined : outcome.row);
const store = async (state: Stripe.Subscription, read = freshRead()) => rowOf(await storeStripeSubscription(deps(), state, read));

describe('storeStripeSubscription', () => {
  it('maps every Stripe status: ended ones expire, an unpaid first payment is not stored', () => {
    expect(['active', 'trialing', 'past_due', 'incomplete', 'incomplete_expired', 'canceled', 'unpaid', 'paused'].map((s) => statusFromStripe(s as Stripe.Subscription.Status))).toEqual([
      'active',
      'trialing',
      'past_due',
      null,
      'expired',
      'expired',
      'expired',
      'expired',
    ]);
  });

  it('keeps a cancellation at the period end counting until then, and an ended one not at all', async () => {
    const cancelling = await store(subscription('sub_cancelling', { cancel_at_period_end: true, canceled_at: now }));
    expect(cancelling).toMatchObject({ status: 'active', renews_at: null, ends_at: new Date((now + 30 * DAY) * 1000).toISOString() });
    expect(subscriptionStanding(cancelling!)).toEqual({ valid: true, active: false, on_grace_period: true });

    // Stripe's clock may run ahead of ours (test clocks): an ended subscription must not count either way.
    const ended = await store(subscription('sub_cancelling', { status: 'canceled', canceled_at: now, ended_at: now + 30 * DAY }));
    expect(ended).toMatchObject({ id: cancelling!.id, status: 'expired' });
    expect(subscriptionStanding(ended!).valid).toBe(false);
  });

  it("ignores subscriptions of customers this site did not make, and ones whose first payment is pending", async () => {
    expect(await store(subscription('sub_foreign', { customer: 'cus_someone_else' }))).toBeUndefined();
    expect(await store(subscription('sub_pending', { status: 'incomplete' }))).toBeUndefined();
    expect(await t.db.selectFrom('subscriptions').select('gateway_id').where('gateway_id', 'in', ['sub_foreign', 'sub_pending']).execute()).toEqual([]);
  });

  it('does not let a state read before the stored one was read overwrite it, and says so', async () => {
    const at = (seconds: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, seconds)).toISOString();
    // The cancellation: asked of Stripe at :10, answered at :12.
    const cancelled = await storeStripeSubscription(deps(), subscription('sub_race', { cancel_at_period_end: true, canceled_at: now }), { startedAt: at(10), endedAt: at(12) });
    expect(cancelled.kind).toBe('stored');
    // A webhook's read that began at :11, while the cancellation was on its way, may hold the state before it.
    const late = await storeStripeSubscription(deps(), subscription('sub_race'), { startedAt: at(11), endedAt: at(13) });
    expect(late).toMatchObject({ kind: 'overtaken', row: { id: rowOf(cancelled)!.id, renews_at: null, ends_at: new Date((now + 30 * DAY) * 1000).toISOString() } });
    // A read that began once the cancellation's read had ended is newer: it is written.
    const renewed = await storeStripeSubscription(deps(), subscription('sub_race'), { startedAt: at(14), endedAt: at(15) });
    expect(renewed).toMatchObject({ kind: 'stored', row: { renews_at: new Date((now + 30 * DAY) * 1000).toISOString(), ends_at: null } });
  });

  it('records a webhook event with its effect, once: a replay writes nothing', async () => {
    const event = { id: `evt_unit_${users}`, type: 'customer.subscription.updated' };
    const first = await storeStripeSubscription(deps(), subscription('sub_event'), freshRead(), event);
    expect(first).toMatchObject({ kind: 'stored', started: true, row: { status: 'active' } });
    const replay = await storeStripeSubscription(deps(), subscription('sub_event', { status: 'canceled', ended_at: now }), freshRead(), event);
    expect(replay).toEqual({ kind: 'replayed' });
    expect(await store(subscription('sub_event'))).toMatchObject({ status: 'active' });
  });

  it('does not store a second subscription that would count while another counts, nor its event', async () => {
    expect(await storeStripeSubscription(deps(), subscription('sub_first'), freshRead())).toMatchObject({ kind: 'stored', started: true });
    const event = { id: `evt_second_${users}`, type: 'checkout.session.completed' };
    expect(await storeStripeSubscription(deps(), subscription('sub_second'), freshRead(), event)).toEqual({ kind: 'second', row: undefined });
    expect(await t.db.selectFrom('subscriptions').select('id').where('gateway_id', '=', 'sub_second').execute()).toEqual([]);
    expect(await t.db.selectFrom('billing_events').select('id').where('id', '=', event.id).execute()).toEqual([]);
    // Once cancelled at Stripe it is stored as it is there (ended), with its event; the first still counts.
    expect(await storeStripeSubscription(deps(), subscription('sub_second', { status: 'canceled', canceled_at: now, ended_at: now }), freshRead(), event)).toMatchObject({
      kind: 'stored',
      started: false,
      row: { status: 'expired' },
    });
    // The first changing (a renewal, a cancellation) is no newcomer.
    expect(await storeStripeSubscription(deps(), subscription('sub_first', { cancel_at_period_end: true, canceled_at: now }), freshRead())).toMatchObject({ kind: 'stored', started: false });
  });

  it('gives a subscription first seen after its Stripe price was replaced the plan price of the same period', async () => {
    const admin = await t.loggedIn('plans@example.com', ['admin']);
    const plan = await (await admin.post('/api/admin/plans', {
      name: 'Late webhook',
      prices: [
        { amount: 900, currency: 'USD', interval: 'year', interval_count: 1 },
        { amount: 100, currency: 'USD', interval: 'month', interval_count: 1 },
      ],
    })).json();
    await stripeBillingRepository.setProductStripeId(t.db, plan.id, 'prod_late');
    const monthly = plan.prices.find((price: { interval: string }) => price.interval === 'month');
    // The price it was bought at is no longer any of ours: the back office changed its amount since.
    const replaced = { id: 'price_replaced', product: 'prod_late', currency: 'usd', recurring: { interval: 'month', interval_count: 1 } };
    const row = await store(subscription('sub_late', { items: { object: 'list', data: [{ current_period_start: now, current_period_end: now + 30 * DAY, price: replaced }] } } as unknown as Partial<Stripe.Subscription>));
    expect(row).toMatchObject({ product_id: plan.id, price_id: monthly.id });
  });
});
