import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type StripeLocalHandle, startStripeLocal } from './index.ts';

/**
 * stripe-local driven by the real `stripe` SDK, as the product will drive Stripe: objects and
 * errors must come back in the shapes the SDK and its types expect, and webhook events must pass
 * `stripe.webhooks.constructEvent` with the endpoint's secret.
 */

const WEBHOOK_SECRET = 'whsec_stripe_local_test_secret';
const DAY = 86_400;

/** A product's webhook endpoint: verifies each delivery as the product will, and can be told to fail. */
interface Receiver {
  url: string;
  events: Stripe.Event[];
  rejected: string[];
  /** Answer 500 to the next deliveries of this event type. */
  failNext: Map<string, number>;
  server: Server;
}

async function startReceiver(): Promise<Receiver> {
  const verifier = new Stripe('sk_test_unused');
  const receiver = { events: [], rejected: [], failNext: new Map() } as unknown as Receiver;
  receiver.server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      // A second endpoint with its own secret; the test checks those signatures itself.
      if (request.url?.includes('via=api')) {
        response.writeHead(204).end();
        return;
      }
      let event: Stripe.Event;
      try {
        event = verifier.webhooks.constructEvent(body, request.headers['stripe-signature'] ?? '', WEBHOOK_SECRET);
      } catch (error) {
        receiver.rejected.push((error as Error).message);
        response.writeHead(400).end();
        return;
      }
      const failures = receiver.failNext.get(event.type) ?? 0;
      if (failures > 0) {
        receiver.failNext.set(event.type, failures - 1);
        response.writeHead(500).end('try again');
        return;
      }
      receiver.events.push(event);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/webhooks/stripe`;
  return receiver;
}

let receiver: Receiver;
let local: StripeLocalHandle;
let stripe: Stripe;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
});
beforeEach(async () => {
  receiver.events.length = 0;
  receiver.rejected.length = 0;
  receiver.failNext.clear();
  local = await startStripeLocal({ webhook: { url: receiver.url, secret: WEBHOOK_SECRET }, tickMs: 0 });
  stripe = new Stripe(local.secretKey, { ...local.stripeConfig, maxNetworkRetries: 0 });
});
afterEach(async () => {
  await local.close();
});

async function catalogue() {
  const product = await stripe.products.create({ name: 'Pro', description: 'All the music', metadata: { plan_id: '2' } });
  const premium = await stripe.products.create({ name: 'Premium' });
  const monthly = await stripe.prices.create({ product: product.id, unit_amount: 1000, currency: 'eur', recurring: { interval: 'month' } });
  const yearly = await stripe.prices.create({ product: product.id, unit_amount: 10000, currency: 'eur', recurring: { interval: 'year' } });
  const premiumMonthly = await stripe.prices.create({ product: premium.id, unit_amount: 2000, currency: 'eur', recurring: { interval: 'month' } });
  return { product, premium, monthly, yearly, premiumMonthly };
}

/** Submits the test checkout page as a browser would (a form POST), without following the redirect. */
function submitCheckout(url: string, fields: Record<string, string>) {
  return fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

/** The whole hosted checkout: session, page, Pay; returns the subscription it created. */
async function subscribe(price: Stripe.Price, cardnumber = '4242 4242 4242 4242') {
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: price.id, quantity: 1 }],
    customer_email: 'listener@example.com',
    client_reference_id: 'user-42',
    metadata: { user_id: '42' },
    subscription_data: { metadata: { user_id: '42' } },
    success_url: 'http://localhost:3000/checkout/2/3/stripe/done?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/pricing',
  });
  const paid = await submitCheckout(session.url!, { cardnumber, exp: '12 / 40', cvc: '123' });
  expect(paid.status).toBe(303);
  const subscription = (await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] })).subscription as Stripe.Subscription;
  return { session, subscription };
}

function received(type: string) {
  return receiver.events.filter((event) => event.type === type);
}

describe('stripe-local', () => {
  it('creates, lists and updates products and prices, and keeps a price amount fixed', async () => {
    const { product, monthly, yearly } = await catalogue();
    expect(product.id).toMatch(/^prod_/);
    expect(monthly).toMatchObject({ object: 'price', type: 'recurring', unit_amount: 1000, currency: 'eur', product: product.id, active: true });
    expect(monthly.recurring).toMatchObject({ interval: 'month', interval_count: 1 });
    expect(String(monthly.unit_amount_decimal)).toBe('1000');

    const listed = await stripe.prices.list({ product: product.id, limit: 1 });
    expect(listed).toMatchObject({ object: 'list', has_more: true });
    expect(listed.data.map((price) => price.id)).toEqual([yearly.id]);
    const next = await stripe.prices.list({ product: product.id, limit: 1, starting_after: yearly.id });
    expect(next.data.map((price) => price.id)).toEqual([monthly.id]);

    const archived = await stripe.prices.update(monthly.id, { active: false, metadata: { replaced: 'yes' } });
    expect(archived).toMatchObject({ active: false, metadata: { replaced: 'yes' } });
    const amountChange = stripe.prices.update(monthly.id, { unit_amount: 1200 } as Stripe.PriceUpdateParams);
    await expect(amountChange).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'parameter_unknown', param: 'unit_amount' });

    const renamed = await stripe.products.update(product.id, { name: 'Pro+', marketing_features: [{ name: 'Offline' }] });
    expect(renamed).toMatchObject({ name: 'Pro+', marketing_features: [{ name: 'Offline' }], metadata: { plan_id: '2' } });
    const expanded = await stripe.prices.retrieve(yearly.id, { expand: ['product'] });
    expect((expanded.product as Stripe.Product).name).toBe('Pro+');
  });

  it("answers with Stripe's errors, honours Idempotency-Key and requires the secret key", async () => {
    await expect(stripe.prices.retrieve('price_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such price: 'price_missing'",
    });
    await expect(stripe.prices.create({ currency: 'eur', unit_amount: 100 } as Stripe.PriceCreateParams)).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'product',
    });
    await expect(stripe.products.create({ name: 'X', colour: 'red' } as Stripe.ProductCreateParams)).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'colour',
    });
    // A refused request changes nothing, even when the refusal comes after the product was built.
    expect((await stripe.products.list()).data).toHaveLength(0);

    const first = await stripe.products.create({ name: 'Once' }, { idempotencyKey: 'plan-7-sync' });
    const again = await stripe.products.create({ name: 'Once' }, { idempotencyKey: 'plan-7-sync' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(stripe.products.create({ name: 'Other' }, { idempotencyKey: 'plan-7-sync' })).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
    expect((await stripe.products.list()).data.filter((product) => product.name === 'Once')).toHaveLength(1);

    const stranger = new Stripe('sk_test_not_this_account', { ...local.stripeConfig, maxNetworkRetries: 0 });
    await expect(stranger.products.list()).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    const anonymous = await fetch(`${local.url}/v1/products`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('checks out on the test page: a declined card leaves nothing, 4242 subscribes and signed events arrive', async () => {
    const { monthly } = await catalogue();
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: monthly.id, quantity: 1 }],
      customer_email: 'listener@example.com',
      client_reference_id: 'user-42',
      metadata: { user_id: '42' },
      subscription_data: { metadata: { user_id: '42', plan_id: '2' } },
      success_url: 'http://localhost:3000/checkout/2/3/stripe/done?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/pricing',
    });
    expect(session).toMatchObject({ object: 'checkout.session', mode: 'subscription', status: 'open', payment_status: 'unpaid', amount_total: 1000 });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${local.url}/c/pay/${session.id}`);

    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('Pro');
    expect(page).toContain('€10.00 per month');
    expect(page).toMatch(/<label for="cardnumber">Card number<\/label>/);
    expect(page).toContain('href="http://localhost:3000/pricing"');

    const declined = await submitCheckout(session.url!, { cardnumber: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await stripe.subscriptions.list({ status: 'all' })).data).toHaveLength(0);
    expect((await stripe.customers.list()).data).toHaveLength(0);

    const paid = await submitCheckout(session.url!, { cardnumber: '4242424242424242' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:3000/checkout/2/3/stripe/done?session_id=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'line_items'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', client_reference_id: 'user-42', metadata: { user_id: '42' } });
    expect(done.line_items?.data[0]).toMatchObject({ quantity: 1, amount_total: 1000, price: { id: monthly.id } });
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({ status: 'active', customer: done.customer, cancel_at_period_end: false, metadata: { user_id: '42', plan_id: '2' } });
    const item = subscription.items.data[0];
    expect(item.price.id).toBe(monthly.id);
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(28 * DAY);
    expect('current_period_end' in subscription).toBe(false);

    const card = await stripe.paymentMethods.retrieve(subscription.default_payment_method as string);
    expect(card.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12 });
    const customer = (await stripe.customers.retrieve(done.customer as string, { expand: ['subscriptions'] })) as Stripe.Customer;
    expect(customer.email).toBe('listener@example.com');
    expect(customer.subscriptions?.data.map((entry) => entry.id)).toEqual([subscription.id]);

    const invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data).toHaveLength(1);
    const invoice = invoices.data[0];
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 1000, amount_due: 1000, currency: 'eur', billing_reason: 'subscription_create' });
    expect(invoice.id).toBe(subscription.latest_invoice);
    expect(invoice.number).toMatch(/^[0-9A-F]{8}-0001$/);
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(invoice.lines.data[0]).toMatchObject({ amount: 1000, description: '1 × Pro (at €10.00 / month)' });
    expect((await fetch(invoice.hosted_invoice_url!)).status).toBe(200);
    const pdf = Buffer.from(await (await fetch(invoice.invoice_pdf!)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    expect(await local.settle()).toBe(true);
    expect(receiver.rejected).toEqual([]);
    const completed = received('checkout.session.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ object: 'event', livemode: false, api_version: Stripe.API_VERSION });
    expect(completed[0].id).toMatch(/^evt_/);
    expect(completed[0].data.object).toMatchObject({ id: session.id, client_reference_id: 'user-42', subscription: subscription.id });
    expect(received('customer.subscription.created')[0].data.object).toMatchObject({ id: subscription.id, status: 'incomplete' });
    const activated = received('customer.subscription.updated')[0];
    expect(activated.data.object).toMatchObject({ status: 'active' });
    expect(activated.data.previous_attributes).toMatchObject({ status: 'incomplete' });
    expect(received('invoice.paid')[0].data.object).toMatchObject({ id: invoice.id, status: 'paid' });
    expect(received('invoice.payment_succeeded')).toHaveLength(1);
    const fetched = await stripe.events.retrieve(completed[0].id);
    expect(fetched.type).toBe('checkout.session.completed');
    expect((await stripe.events.list({ type: 'invoice.*' })).data.map((event) => event.type)).toContain('invoice.paid');
  });

  it("previews and bills a plan change with Stripe's prorations, to the second", async () => {
    const { monthly, premiumMonthly } = await catalogue();
    const { subscription } = await subscribe(monthly);
    const item = subscription.items.data[0];
    const { current_period_start: start, current_period_end: end } = item;
    const at = start + Math.floor((end - start) / 3) + 17;
    const credit = -Math.round((1000 * (end - at)) / (end - start));
    const debit = Math.round((2000 * (end - at)) / (end - start));

    const preview = await stripe.invoices.createPreview({
      customer: subscription.customer as string,
      subscription: subscription.id,
      subscription_details: { items: [{ id: item.id, price: premiumMonthly.id }], proration_behavior: 'create_prorations', proration_date: at },
    });
    const prorations = preview.lines.data.filter((line) => line.parent?.subscription_item_details?.proration);
    expect(prorations.map((line) => line.amount)).toEqual([credit, debit]);
    expect(prorations[0].description).toMatch(/^Unused time on Pro after \d{1,2} \w{3} \d{4}$/);
    expect(prorations[1].description).toMatch(/^Remaining time on Premium after /);
    expect(prorations[0].period).toEqual({ start: at, end });
    const nextPeriod = preview.lines.data.find((line) => !line.parent?.subscription_item_details?.proration)!;
    expect(nextPeriod).toMatchObject({ amount: 2000, period: { start: end } });
    expect(preview.amount_due).toBe(credit + debit + 2000);
    expect(preview.parent?.subscription_details?.subscription_proration_date).toBe(at);

    const changed = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: premiumMonthly.id }],
      proration_behavior: 'create_prorations',
      proration_date: at,
    });
    expect(changed.items.data[0]).toMatchObject({ id: item.id, price: { id: premiumMonthly.id }, current_period_end: end });
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);

    const now = await local.now();
    await local.advanceClock(end - now + 60);
    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data).toHaveLength(2);
    const renewal = invoices.data[0];
    expect(renewal).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle', amount_paid: preview.amount_due, created: end });
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.items.data[0].current_period_start).toBe(end);
    expect(renewed.latest_invoice).toBe(renewal.id);

    const none = await stripe.invoices.createPreview({
      subscription: subscription.id,
      subscription_details: { items: [{ id: item.id, price: monthly.id }], proration_behavior: 'none' },
    });
    expect(none.lines.data.map((line) => line.amount)).toEqual([1000]);
  });

  it('restarts the billing period and invoices at once when the interval changes', async () => {
    const { monthly, yearly } = await catalogue();
    const { subscription } = await subscribe(monthly);
    const item = subscription.items.data[0];
    const at = item.current_period_start + 10 * DAY;
    const credit = -Math.round((1000 * (item.current_period_end - at)) / (item.current_period_end - item.current_period_start));

    const changed = await stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price: yearly.id }], proration_date: at });
    expect(changed.billing_cycle_anchor).toBe(at);
    expect(changed.items.data[0].current_period_start).toBe(at);
    expect(changed.items.data[0].current_period_end - at).toBeGreaterThanOrEqual(365 * DAY);
    const invoice = await stripe.invoices.retrieve(changed.latest_invoice as string);
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', amount_paid: 10000 + credit });
    expect(invoice.lines.data.map((line) => line.amount)).toEqual([credit, 10000]);
  });

  it('cancels at period end, renews, and ends the subscription at period end', async () => {
    const { monthly } = await catalogue();
    const { subscription } = await subscribe(monthly);
    const end = subscription.items.data[0].current_period_end;

    const canceling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(canceling).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: end, cancellation_details: { reason: 'cancellation_requested' } });
    expect(canceling.canceled_at).toBeGreaterThan(0);
    const renewed = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(renewed).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });

    await local.settle();
    const updates = received('customer.subscription.updated').filter((event) => 'cancel_at_period_end' in (event.data.previous_attributes ?? {}));
    expect(updates.map((event) => (event.data.object as Stripe.Subscription).cancel_at_period_end)).toEqual([true, false, true]);

    const now = await local.now();
    await local.advanceClock(end - now + 1);
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: end });
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
    expect(received('customer.subscription.deleted').map((event) => event.data.object)).toMatchObject([{ id: subscription.id, status: 'canceled' }]);
    expect((await stripe.subscriptions.list({ customer: subscription.customer as string })).data).toHaveLength(0);
    expect((await stripe.subscriptions.list({ customer: subscription.customer as string, status: 'canceled' })).data).toHaveLength(1);

    const { subscription: another } = await subscribe(monthly);
    const canceled = await stripe.subscriptions.cancel(another.id);
    expect(canceled).toMatchObject({ status: 'canceled' });
    expect(canceled.ended_at).toBe(canceled.canceled_at);
  });

  it('fails a renewal with 4000 0000 0000 0341 and recovers with a card saved in a setup session', async () => {
    const { monthly } = await catalogue();
    const { subscription } = await subscribe(monthly, '4000 0000 0000 0341');
    expect(subscription.status).toBe('active');
    const end = subscription.items.data[0].current_period_end;

    await local.advanceClock(end - (await local.now()) + 60);
    const pastDue = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(pastDue.status).toBe('past_due');
    const open = pastDue.latest_invoice as Stripe.Invoice;
    expect(open).toMatchObject({ status: 'open', attempt_count: 1, amount_remaining: 1000, next_payment_attempt: end + 3 * DAY });
    expect(received('invoice.payment_failed').map((event) => (event.data.object as Stripe.Invoice).id)).toEqual([open.id]);

    const setup = await stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'eur',
      customer: subscription.customer as string,
      setup_intent_data: { metadata: { subscription_id: subscription.id } },
      success_url: 'http://localhost:3000/billing/change-payment-method/done?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/billing',
    });
    expect(await (await fetch(setup.url!)).text()).toContain('Save card');
    expect((await submitCheckout(setup.url!, { cardnumber: '5555 5555 5555 4444' })).status).toBe(303);
    const saved = await stripe.checkout.sessions.retrieve(setup.id, { expand: ['setup_intent.payment_method'] });
    const setupIntent = saved.setup_intent as Stripe.SetupIntent;
    expect(setupIntent).toMatchObject({ status: 'succeeded', metadata: { subscription_id: subscription.id } });
    const newCard = setupIntent.payment_method as Stripe.PaymentMethod;
    expect(newCard).toMatchObject({ customer: subscription.customer, card: { brand: 'mastercard', last4: '4444' } });

    await stripe.subscriptions.update(subscription.id, { default_payment_method: newCard.id });
    const paid = await stripe.invoices.pay(open.id);
    expect(paid).toMatchObject({ status: 'paid', attempt_count: 2 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('cancels the subscription when the payment retries run out', async () => {
    const { monthly } = await catalogue();
    const { subscription } = await subscribe(monthly, '4000 0000 0000 0341');
    const end = subscription.items.data[0].current_period_end;
    await local.advanceClock(end - (await local.now()) + 60);
    await local.advanceClock(3 * DAY);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    await local.advanceClock(12 * DAY);
    const canceled = await stripe.subscriptions.retrieve(subscription.id);
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'payment_failed' } });
    expect(received('invoice.payment_failed')).toHaveLength(4);
    expect(received('customer.subscription.deleted')).toHaveLength(1);
  });

  it('retries failed deliveries, resends events, releases held ones out of order, and signs every byte', async () => {
    const { monthly } = await catalogue();
    receiver.failNext.set('checkout.session.completed', 1);
    await subscribe(monthly);
    await local.settle();
    const completedDeliveries = await local.deliveries({ type: 'checkout.session.completed' });
    expect(completedDeliveries.map((delivery) => [delivery.attempt, delivery.status])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    const completed = received('checkout.session.completed');
    expect(completed).toHaveLength(1);

    await local.resendEvent(completed[0].id);
    await local.settle();
    expect(received('checkout.session.completed').map((event) => event.id)).toEqual([completed[0].id, completed[0].id]);

    await local.holdWebhooks();
    const before = receiver.events.length;
    await stripe.products.create({ name: 'Quiet' });
    const { subscription } = await subscribe(monthly);
    expect(receiver.events.length).toBe(before);
    await local.releaseWebhooks('reverse');
    const released = receiver.events.slice(before);
    expect(released[0].type).toBe('checkout.session.completed');
    expect(released.at(-1)!.data.object).toMatchObject({ object: 'product', name: 'Quiet' });
    expect(released.some((event) => (event.data.object as { id: string }).id === subscription.id)).toBe(true);

    const [delivery] = await local.deliveries({ event: completed[0].id });
    const verifier = new Stripe('sk_test_unused');
    expect(verifier.webhooks.constructEvent(delivery.payload, delivery.signature, WEBHOOK_SECRET).id).toBe(completed[0].id);
    const tampered = delivery.payload.replace('"livemode": false', '"livemode": true');
    expect(() => verifier.webhooks.constructEvent(tampered, delivery.signature, WEBHOOK_SECRET)).toThrow(/signature/i);
    expect(() => verifier.webhooks.constructEvent(delivery.payload, delivery.signature, 'whsec_someone_else')).toThrow(/signature/i);
    expect(receiver.rejected).toEqual([]);
  });

  it('refunds a paid invoice through a credit note, which the invoice counts, and no more than was paid', async () => {
    const { monthly } = await catalogue();
    const { subscription } = await subscribe(monthly);
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    await expect(stripe.creditNotes.create({ invoice: invoice.id, amount: 1000, refund_amount: 600 })).rejects.toThrow(/must equal the credit note amount/);
    await expect(stripe.creditNotes.create({ invoice: invoice.id, amount: 1001, refund_amount: 1001 })).rejects.toThrow(/remaining creditable amount/);
    const note = await stripe.creditNotes.create({ invoice: invoice.id, amount: 1000, refund_amount: 1000, reason: 'duplicate' }, { idempotencyKey: 'refund-once' });
    expect(note).toMatchObject({ object: 'credit_note', amount: 1000, type: 'post_payment', status: 'issued', reason: 'duplicate', invoice: invoice.id });
    expect((await stripe.creditNotes.create({ invoice: invoice.id, amount: 1000, refund_amount: 1000, reason: 'duplicate' }, { idempotencyKey: 'refund-once' })).id).toBe(note.id);
    await expect(stripe.creditNotes.create({ invoice: invoice.id, amount: 1, refund_amount: 1 })).rejects.toThrow(/remaining creditable amount \(0\)/);
    const refund = await stripe.refunds.retrieve(note.refunds[0].refund as string);
    expect(refund).toMatchObject({ object: 'refund', amount: 1000, currency: 'eur', status: 'succeeded', reason: 'duplicate' });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid', amount_paid: 1000, post_payment_credit_notes_amount: 1000 });
    expect((await stripe.creditNotes.list({ invoice: invoice.id })).data.map((listed) => listed.id)).toEqual([note.id]);
    expect(await (await fetch(invoice.hosted_invoice_url!)).text()).toContain('Credited after payment');
    expect(Buffer.from(await (await fetch(note.pdf)).arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await local.settle()).toBe(true);
    expect(received('credit_note.created')).toHaveLength(1);
    expect(received('refund.created')[0].data.object).toMatchObject({ id: refund.id });
  });

  it('holds back an answer until released, for a caller that may be gone by then', async () => {
    const { monthly } = await catalogue();
    const held = await local.holdAnswer('GET', `/v1/prices/${monthly.id}`);
    let answered = false;
    const reading = stripe.prices.retrieve(monthly.id).then((price) => {
      answered = true;
      return price;
    });
    expect(await local.answerHeld(held)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    await local.releaseAnswer(held);
    expect((await reading).id).toBe(monthly.id);
    // Only the next such request was held.
    expect((await stripe.prices.retrieve(monthly.id)).id).toBe(monthly.id);
    expect(await local.answerHeld(await local.holdAnswer('GET', '/v1/prices/price_never_asked'), 50)).toBe(false);
  });

  it('starts trials from checkout and subscriptions from the API, and bills them when the trial ends', async () => {
    const { monthly } = await catalogue();
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: monthly.id, quantity: 2 }],
      customer_email: 'trial@example.com',
      subscription_data: { trial_period_days: 14 },
      success_url: 'http://localhost:3000/done',
    });
    expect(session.amount_total).toBe(0);
    expect(await (await fetch(session.url!)).text()).toContain('14 days free');
    expect((await submitCheckout(session.url!, { cardnumber: '4242 4242 4242 4242' })).status).toBe(303);
    const trialing = (await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription.latest_invoice'] })).subscription as Stripe.Subscription;
    expect(trialing).toMatchObject({ status: 'trialing', trial_end: trialing.items.data[0].current_period_end });
    expect(trialing.latest_invoice).toMatchObject({ amount_due: 0, status: 'paid' });
    await local.advanceClock(14 * DAY + 60);
    const billed = await stripe.subscriptions.retrieve(trialing.id, { expand: ['latest_invoice'] });
    expect(billed.status).toBe('active');
    expect(billed.latest_invoice).toMatchObject({ amount_paid: 2000, billing_reason: 'subscription_cycle' });

    const customer = await stripe.customers.create({ email: 'api@example.com', payment_method: 'pm_card_visa', invoice_settings: { default_payment_method: 'pm_card_visa' } });
    expect(customer.invoice_settings.default_payment_method).toMatch(/^pm_/);
    const direct = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: monthly.id }], metadata: { source: 'api' } });
    expect(direct).toMatchObject({ status: 'active', metadata: { source: 'api' } });
    const declined = await stripe.customers.create({ email: 'declined@example.com', payment_method: 'pm_card_chargeDeclined', invoice_settings: { default_payment_method: 'pm_card_chargeDeclined' } });
    await expect(stripe.subscriptions.create({ customer: declined.id, items: [{ price: monthly.id }], payment_behavior: 'error_if_incomplete' })).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    expect((await stripe.subscriptions.list({ customer: declined.id, status: 'all' })).data).toHaveLength(0);
    const incomplete = await stripe.subscriptions.create({ customer: declined.id, items: [{ price: monthly.id }] });
    expect(incomplete.status).toBe('incomplete');
  });

  it('gives webhook endpoints made through the API their own secret, shown once', async () => {
    const endpoint = await stripe.webhookEndpoints.create({ url: `${receiver.url}?via=api`, enabled_events: ['product.created'] });
    expect(endpoint).toMatchObject({ object: 'webhook_endpoint', status: 'enabled', api_version: null, enabled_events: ['product.created'] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = await stripe.webhookEndpoints.list();
    expect(listed.data.map((entry) => entry.id)).toContain(endpoint.id);
    expect(listed.data.every((entry) => entry.secret === undefined)).toBe(true);

    await stripe.products.create({ name: 'Heard' });
    await stripe.customers.create({ email: 'not-subscribed@example.com' });
    await local.settle();
    const toEndpoint = (await local.deliveries()).filter((delivery) => delivery.endpoint === endpoint.id);
    expect(toEndpoint.map((delivery) => [delivery.type, delivery.status])).toEqual([['product.created', 204]]);
    const verifier = new Stripe('sk_test_unused');
    expect(verifier.webhooks.constructEvent(toEndpoint[0].payload, toEndpoint[0].signature, endpoint.secret!).type).toBe('product.created');
    expect(() => verifier.webhooks.constructEvent(toEndpoint[0].payload, toEndpoint[0].signature, WEBHOOK_SECRET)).toThrow(/signature/i);

    await expect(stripe.webhookEndpoints.del(endpoint.id)).resolves.toMatchObject({ deleted: true });
    await expect(stripe.webhookEndpoints.retrieve(endpoint.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('shows older API versions the fields they still read', async () => {
    const { monthly } = await catalogue();
    const { subscription } = await subscribe(monthly);
    const legacy = new Stripe(local.secretKey, { ...local.stripeConfig, maxNetworkRetries: 0, apiVersion: '2024-06-20' as Stripe.LatestApiVersion });
    const old = (await legacy.subscriptions.retrieve(subscription.id)) as unknown as { current_period_end: number };
    expect(old.current_period_end).toBe(subscription.items.data[0].current_period_end);
    const oldInvoice = (await legacy.invoices.retrieve(subscription.latest_invoice as string)) as unknown as { subscription: string; paid: boolean };
    expect(oldInvoice).toMatchObject({ subscription: subscription.id, paid: true });
  });

  it('keeps its state in a JSON file when asked to', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'stripe-local-'));
    const statePath = path.join(folder, 'state.json');
    try {
      const first = await startStripeLocal({ statePath, tickMs: 0 });
      const client = new Stripe(first.secretKey, { ...first.stripeConfig, maxNetworkRetries: 0 });
      const product = await client.products.create({ name: 'Kept' });
      await first.close();
      const second = await startStripeLocal({ statePath, tickMs: 0 });
      const again = new Stripe(second.secretKey, { ...second.stripeConfig, maxNetworkRetries: 0 });
      expect((await again.products.retrieve(product.id)).name).toBe('Kept');
      await second.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
