import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';
import { subscriptionStanding } from './subscriptions.service.ts';
import { storePayPalSubscription, SUSPENDED_GRACE_DAYS } from './paypal-subscription-sync.ts';
import { autopayUrl, fromPayPalValue, PayPalClient, toPayPalValue, type PayPalSubscription } from './paypal-gateway.ts';

/** How PayPal's subscription states become ours, which subscriptions are ours, and PayPal's money strings. */

let t: TestApp;
let users = 0;
/** This test's own user: one subscription of a user counts at a time. */
let userId: number;
const deps = () => ({ db: t.db, config: t.config, storage: t.storage });
const DAY = 86_400_000;
// Never called: every subscription below names no plan the lookup would need PayPal for.
const paypal = new PayPalClient('http://127.0.0.1:9', 'id', 'secret');

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  users += 1;
  userId = (await t.createUser(`payer${users}@example.com`)).id;
});
afterAll(() => t.close());

/** Stores a state read just now; the row stored (undefined when nothing is). */
async function store(subscription: PayPalSubscription, options: { refunded?: boolean } = {}) {
  const at = new Date().toISOString();
  const outcome = await storePayPalSubscription(deps(), paypal, subscription, { startedAt: at, endedAt: at }, options);
  return outcome.kind === 'stored' ? outcome.row : undefined;
}

function subscription(id: string, changes: Partial<PayPalSubscription> = {}): PayPalSubscription {
  return {
    id,
    status: 'ACTIVE',
    custom_id: String(userId),
    status_update_time: new Date().toISOString(),
    billing_info: { next_billing_time: new Date(Date.now() + 30 * DAY).toISOString(), failed_payments_count: 0 },
    ...changes,
  };
}

describe('storePayPalSubscription', () => {
  it('stores an active subscription renewing at the next billing time; a failed payment being retried is past due', async () => {
    const active = await store(subscription('I-ACTIVE0001'));
    expect(active).toMatchObject({ gateway: 'paypal', status: 'active', ends_at: null, cancelled_at: null, payment_method: null });
    expect(Date.parse(active!.renews_at!)).toBeGreaterThan(Date.now() + 29 * DAY);
    const retrying = await store(subscription('I-ACTIVE0001', { billing_info: { failed_payments_count: 1, next_billing_time: active!.renews_at! } }));
    expect(retrying).toMatchObject({ id: active!.id, status: 'past_due' });
    expect(subscriptionStanding(retrying!)).toEqual({ valid: true, active: false, on_grace_period: true });
  });

  it('keeps a cancelled subscription until the end of the period paid for, then not at all', async () => {
    const active = await store(subscription('I-CANCEL0001'));
    // PayPal drops the next billing time of a cancelled subscription: the one stored before is the end.
    const cancelled = await store(subscription('I-CANCEL0001', { status: 'CANCELLED', billing_info: {} }));
    expect(cancelled).toMatchObject({ status: 'cancelled', renews_at: null, ends_at: active!.renews_at });
    expect(cancelled!.cancelled_at).not.toBeNull();
    expect(subscriptionStanding(cancelled!)).toEqual({ valid: true, active: false, on_grace_period: true });
    // An event arriving late (ACTIVE read before the cancel) cannot happen: the state is always re-read; a
    // second CANCELLED keeps the same end.
    expect(await store(subscription('I-CANCEL0001', { status: 'CANCELLED', billing_info: {} }))).toMatchObject({ ends_at: active!.renews_at });

    const expired = await store(subscription('I-CANCEL0001', { status: 'EXPIRED' }));
    expect(expired).toMatchObject({ status: 'expired' });
    expect(subscriptionStanding(expired!).valid).toBe(false);
  });

  it('ends a cancelled subscription whose payments were refunded at once: nothing of it is paid for', async () => {
    await store(subscription('I-REFUND0001'));
    const refunded = await store(subscription('I-REFUND0001', { status: 'CANCELLED', billing_info: {} }), { refunded: true });
    expect(refunded).toMatchObject({ status: 'expired', renews_at: null });
    expect(subscriptionStanding(refunded!).valid).toBe(false);
  });

  it('does not store a second subscription that would count while another counts', async () => {
    expect(await store(subscription('I-FIRST00001'))).toMatchObject({ status: 'active' });
    const at = new Date().toISOString();
    expect(await storePayPalSubscription(deps(), paypal, subscription('I-SECOND0001'), { startedAt: at, endedAt: at })).toEqual({ kind: 'second', row: undefined });
  });

  it('a subscription first seen cancelled ends when its last payment runs out', async () => {
    const paid = new Date(Date.now() - 40 * DAY).toISOString();
    const cancelled = await store(subscription('I-LATE00001', { status: 'CANCELLED', billing_info: { last_payment: { time: paid } } }));
    // No price known, so nothing says how long the payment covered: it ends when it was cancelled.
    expect(subscriptionStanding(cancelled!).valid).toBe(false);
  });

  it(`gives a suspended subscription ${SUSPENDED_GRACE_DAYS} days, counted once`, async () => {
    const suspendedAt = new Date(Date.now() - 2 * DAY).toISOString();
    const suspended = await store(subscription('I-SUSPEND001', { status: 'SUSPENDED', status_update_time: suspendedAt }));
    expect(suspended).toMatchObject({ status: 'past_due', renews_at: null, ends_at: new Date(Date.parse(suspendedAt) + SUSPENDED_GRACE_DAYS * DAY).toISOString() });
    expect(subscriptionStanding(suspended!).valid).toBe(true);
    const again = await store(subscription('I-SUSPEND001', { status: 'SUSPENDED', status_update_time: new Date().toISOString() }));
    expect(again!.ends_at).toBe(suspended!.ends_at);
    const long = await store(subscription('I-SUSPEND002', { status: 'SUSPENDED', status_update_time: new Date(Date.now() - 30 * DAY).toISOString() }));
    expect(subscriptionStanding(long!).valid).toBe(false);
    // Reactivated at PayPal: paid up again, no end.
    expect(await store(subscription('I-SUSPEND001'))).toMatchObject({ status: 'active', ends_at: null });
  });

  it('ignores subscriptions this site did not make, of unknown users, and ones not approved yet', async () => {
    for (const [id, changes] of [
      ['I-FOREIGN001', { custom_id: undefined }],
      ['I-FOREIGN002', { custom_id: 'someone' }],
      ['I-FOREIGN003', { custom_id: '999999' }],
      ['I-PENDING001', { status: 'APPROVAL_PENDING' }],
      ['I-PENDING002', { status: 'APPROVED' }],
      ['not-an-id', {}],
    ] as const) {
      expect(await store(subscription(id, changes as Partial<PayPalSubscription>))).toBeUndefined();
    }
    expect(await t.db.selectFrom('subscriptions').select('gateway_id').where('gateway_id', 'like', 'I-FOREIGN%').execute()).toEqual([]);
  });
});

describe('PayPal money and pages', () => {
  it('writes minor units as PayPal decimal strings and reads them back, with the currency’s digits', () => {
    expect([toPayPalValue(999, 'USD'), toPayPalValue(5, 'EUR'), toPayPalValue(100000, 'EUR'), toPayPalValue(1500, 'JPY')]).toEqual(['9.99', '0.05', '1000.00', '1500']);
    expect([fromPayPalValue('9.99', 'USD'), fromPayPalValue('10', 'EUR'), fromPayPalValue('0.5', 'EUR'), fromPayPalValue('1500', 'JPY'), fromPayPalValue('abc', 'EUR')]).toEqual([999, 1000, 50, 1500, null]);
  });

  it("links to PayPal's automatic payments page of the environment in use", () => {
    expect(autopayUrl('https://api-m.paypal.com')).toBe('https://www.paypal.com/myaccount/autopay/');
    expect(autopayUrl('https://api-m.sandbox.paypal.com')).toBe('https://www.sandbox.paypal.com/myaccount/autopay/');
    expect(autopayUrl('http://127.0.0.1:12112')).toBe('http://127.0.0.1:12112/myaccount/autopay/');
  });
});
