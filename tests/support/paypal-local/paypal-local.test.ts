import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PayPalLocalHandle, startPayPalLocal } from './index.ts';

/**
 * paypal-local driven over HTTP as the product drives PayPal: OAuth, then JSON calls with a Bearer
 * token; the approve page through fetch, as a browser would post it; webhook deliveries checked with
 * `/v1/notifications/verify-webhook-signature`, as PayPal recommends.
 */

const DAY = 86_400;

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

interface Receiver {
  url: string;
  received: Delivery[];
  /** Answer 500 to this many next deliveries. */
  failNext: number;
  server: Server;
}

async function startReceiver(): Promise<Receiver> {
  const receiver = { received: [], failNext: 0 } as unknown as Receiver;
  receiver.server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (receiver.failNext > 0) {
        receiver.failNext -= 1;
        response.writeHead(500).end('try again');
        return;
      }
      receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/webhooks/paypal`;
  return receiver;
}

let receiver: Receiver;
let local: PayPalLocalHandle;
let token: string;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
});
beforeEach(async () => {
  receiver.received.length = 0;
  receiver.failNext = 0;
  local = await startPayPalLocal({ tickMs: 0 });
  await local.setWebhook(receiver.url);
  token = (await oauth(local.clientId, local.secret)).body.access_token as string;
});
afterEach(async () => {
  // A delivery still in flight would land in the next test's receiver.
  await local.settle();
  await local.close();
});

async function oauth(clientId: string, secret: string, grant = 'client_credentials') {
  const response = await fetch(`${local.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `grant_type=${grant}`,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

// biome-ignore lint/suspicious/noExplicitAny: the tests read PayPal's answers as they come, field by field
type Json = any;

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${local.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

function planBody(productId: string, value = '9.99', extra: Record<string, unknown> = {}) {
  return {
    product_id: productId,
    name: 'Premium monthly',
    status: 'ACTIVE',
    billing_cycles: [
      {
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        tenure_type: 'REGULAR',
        sequence: 1,
        total_cycles: 0,
        pricing_scheme: { fixed_price: { value, currency_code: 'USD' } },
      },
    ],
    payment_preferences: { payment_failure_threshold: 3 },
    ...extra,
  };
}

async function createPlan(value = '9.99', extra: Record<string, unknown> = {}): Promise<{ productId: string; planId: string }> {
  const product = await api('POST', '/v1/catalogs/products', { name: 'Premium', type: 'SERVICE', description: 'All the music' });
  const plan = await api('POST', '/v1/billing/plans', planBody(product.body.id, value, extra));
  expect(plan.status).toBe(201);
  return { productId: product.body.id, planId: plan.body.id };
}

async function createSubscription(planId: string, headers: Record<string, string> = {}) {
  return api(
    'POST',
    '/v1/billing/subscriptions',
    {
      plan_id: planId,
      custom_id: 'user-42',
      subscriber: { email_address: 'listener@example.test' },
      application_context: {
        brand_name: 'Cadence',
        user_action: 'SUBSCRIBE_NOW',
        shipping_preference: 'NO_SHIPPING',
        return_url: 'https://cadence.test/checkout/done',
        cancel_url: 'https://cadence.test/checkout/cancelled',
      },
    },
    headers,
  );
}

function approveLink(body: Json): string {
  return body.links.find((link: { rel: string }) => link.rel === 'approve').href;
}

/** What a browser does on the approve page: open it, then post the form it shows. */
async function approve(link: string, form: Record<string, string> = { email: 'payer@example.test' }) {
  const page = await fetch(link);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1].replaceAll('&amp;', '&');
  return fetch(new URL(action, link), { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
}

async function activeSubscription(planId: string, form?: Record<string, string>): Promise<string> {
  const created = await createSubscription(planId);
  const response = await approve(approveLink(created.body), form);
  expect(response.status).toBe(303);
  return created.body.id;
}

async function verify(delivery: Delivery, overrides: { body?: string; headers?: Record<string, string>; webhookId?: string } = {}) {
  const headers = { ...delivery.headers, ...overrides.headers };
  const result = await api('POST', '/v1/notifications/verify-webhook-signature', {
    auth_algo: headers['paypal-auth-algo'],
    cert_url: headers['paypal-cert-url'],
    transmission_id: headers['paypal-transmission-id'],
    transmission_sig: headers['paypal-transmission-sig'],
    transmission_time: headers['paypal-transmission-time'],
    webhook_id: overrides.webhookId ?? local.webhookId,
    webhook_event: JSON.parse(overrides.body ?? delivery.body),
  });
  expect(result.status).toBe(200);
  return result.body.verification_status as string;
}

function eventTypes(): string[] {
  return receiver.received.map((delivery) => JSON.parse(delivery.body).event_type);
}

describe('OAuth', () => {
  it('gives a Bearer token for the right client credentials, and refuses others', async () => {
    const good = await oauth(local.clientId, local.secret);
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ token_type: 'Bearer', expires_in: 32_400 });
    expect(good.body.access_token).toMatch(/^A21AA/);
    expect(await oauth(local.clientId, 'wrong')).toEqual({ status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } });
    expect((await oauth(local.clientId, local.secret, 'password')).status).toBe(400);
  });

  it('refuses API calls without a valid token, in PayPal error shape', async () => {
    token = 'not-a-token';
    const refused = await api('GET', '/v1/billing/plans');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ name: 'AUTHENTICATION_FAILURE' });
    expect(refused.body.debug_id).toEqual(expect.any(String));
  });
});

describe('catalog products and plans', () => {
  it('creates, reads and patches a product; name is not patchable', async () => {
    const created = await api('POST', '/v1/catalogs/products', { name: 'Premium', type: 'SERVICE' });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^PROD-/);
    const patched = await api('PATCH', `/v1/catalogs/products/${created.body.id}`, [{ op: 'replace', path: '/description', value: 'Everything' }]);
    expect(patched.status).toBe(204);
    expect((await api('GET', `/v1/catalogs/products/${created.body.id}`)).body.description).toBe('Everything');
    const renamed = await api('PATCH', `/v1/catalogs/products/${created.body.id}`, [{ op: 'replace', path: '/name', value: 'Other' }]);
    expect(renamed.status).toBe(400);
    expect(renamed.body.name).toBe('INVALID_REQUEST');
  });

  it('answers PayPal errors for missing fields, unknown ids and wrong states', async () => {
    const missing = await api('POST', '/v1/catalogs/products', { type: 'SERVICE' });
    expect(missing.status).toBe(400);
    expect(missing.body.details[0]).toMatchObject({ field: '/name', issue: 'MISSING_REQUIRED_PARAMETER' });
    const unknown = await api('GET', '/v1/billing/plans/P-NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
    const badPrice = await api('POST', '/v1/billing/plans', planBody('PROD-X', '9.999'));
    expect(badPrice.status).toBe(400);
    expect(badPrice.body.details[0].field).toBe('/billing_cycles/0/pricing_scheme/fixed_price/value');
    const { productId } = await createPlan();
    const rand = planBody(productId);
    rand.billing_cycles[0].pricing_scheme.fixed_price.currency_code = 'ZAR';
    const unsupported = await api('POST', '/v1/billing/plans', rand);
    expect(unsupported.status).toBe(422);
    expect(unsupported.body.details[0]).toMatchObject({ field: '/billing_cycles/0/pricing_scheme/fixed_price/currency_code', issue: 'CURRENCY_NOT_SUPPORTED' });
    const malformed = await fetch(`${local.url}/v1/billing/plans`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{' });
    expect(malformed.status).toBe(400);
  });

  it('deactivates and activates a plan; an inactive plan cannot be subscribed to', async () => {
    const { planId } = await createPlan();
    expect((await api('POST', `/v1/billing/plans/${planId}/deactivate`)).status).toBe(204);
    expect((await api('GET', `/v1/billing/plans/${planId}`)).body.status).toBe('INACTIVE');
    const again = await api('POST', `/v1/billing/plans/${planId}/deactivate`);
    expect(again.status).toBe(422);
    expect(again.body.details[0].issue).toBe('PLAN_STATUS_INVALID');
    const refused = await createSubscription(planId);
    expect(refused.status).toBe(422);
    expect((await api('POST', `/v1/billing/plans/${planId}/activate`)).status).toBe(204);
    expect((await createSubscription(planId)).status).toBe(201);
  });
});

describe('subscriptions', () => {
  it('is created pending approval with an approve link; the approve page activates it and returns to the product', async () => {
    const { planId } = await createPlan();
    const created = await createSubscription(planId);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'APPROVAL_PENDING', plan_id: planId, custom_id: 'user-42' });
    expect(created.body.id).toMatch(/^I-/);
    const page = await (await fetch(approveLink(created.body))).text();
    expect(page).toContain('$9.99 per month');
    expect(page).toContain('Agree &amp; Subscribe');
    expect(page).toContain('Log in to PayPal');
    expect(page).toMatch(/href="https:\/\/cadence\.test\/checkout\/cancelled\?ba_token=BA-/);

    const response = await approve(approveLink(created.body));
    expect(response.status).toBe(303);
    const back = new URL(response.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('https://cadence.test/checkout/done');
    expect(back.searchParams.get('subscription_id')).toBe(created.body.id);
    expect(back.searchParams.get('ba_token')).toMatch(/^BA-/);
    expect(back.searchParams.get('token')).toBe(back.searchParams.get('ba_token'));

    const read = await api('GET', `/v1/billing/subscriptions/${created.body.id}`);
    expect(read.body).toMatchObject({
      status: 'ACTIVE',
      subscriber: { email_address: 'payer@example.test' },
      billing_info: { failed_payments_count: 0, last_payment: { amount: { currency_code: 'USD', value: '9.99' } }, cycle_executions: [{ cycles_completed: 1 }] },
    });
    const next = Date.parse(read.body.billing_info.next_billing_time) - Date.parse(read.body.start_time);
    expect(next / 1000 / DAY).toBeGreaterThanOrEqual(28);
    expect(next / 1000 / DAY).toBeLessThanOrEqual(31);
    // The link is used up.
    expect(await (await fetch(approveLink(created.body))).text()).toContain('already used');
    await local.settle();
    expect(eventTypes()).toEqual(['CATALOG.PRODUCT.CREATED', 'BILLING.PLAN.CREATED', 'BILLING.SUBSCRIPTION.CREATED', 'BILLING.SUBSCRIPTION.ACTIVATED', 'PAYMENT.SALE.COMPLETED']);
    const sale = JSON.parse(receiver.received.at(-1)!.body).resource;
    expect(sale).toMatchObject({ billing_agreement_id: created.body.id, custom: 'user-42', amount: { total: '9.99', currency: 'USD' } });
  });

  it('refuses an approval without an email, and changes nothing', async () => {
    const { planId } = await createPlan();
    const created = await createSubscription(planId);
    const response = await approve(approveLink(created.body), { email: '' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Enter the email address of your PayPal account.');
    expect((await api('GET', `/v1/billing/subscriptions/${created.body.id}`)).body.status).toBe('APPROVAL_PENDING');
  });

  it('cancels an active subscription (once) and a cancelled one has no next billing time', async () => {
    const { planId } = await createPlan();
    const id = await activeSubscription(planId);
    const missingReason = await api('POST', `/v1/billing/subscriptions/${id}/cancel`, {});
    expect(missingReason.status).toBe(400);
    expect((await api('POST', `/v1/billing/subscriptions/${id}/cancel`, { reason: 'Not listening any more' })).status).toBe(204);
    const read = await api('GET', `/v1/billing/subscriptions/${id}`);
    expect(read.body).toMatchObject({ status: 'CANCELLED', status_change_note: 'Not listening any more' });
    expect(read.body.billing_info.next_billing_time).toBeUndefined();
    expect(read.body.billing_info.last_payment.time).toEqual(expect.any(String));
    const again = await api('POST', `/v1/billing/subscriptions/${id}/cancel`, { reason: 'again' });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }] });
    await local.settle();
    expect(eventTypes()).toContain('BILLING.SUBSCRIPTION.CANCELLED');
    expect((await advanceAndRead(id, 40 * DAY)).status).toBe('CANCELLED');
  });

  it('suspends and reactivates', async () => {
    const { planId } = await createPlan();
    const id = await activeSubscription(planId);
    expect((await api('POST', `/v1/billing/subscriptions/${id}/activate`, {})).status).toBe(422);
    expect((await api('POST', `/v1/billing/subscriptions/${id}/suspend`, { reason: 'Pause' })).status).toBe(204);
    expect((await api('GET', `/v1/billing/subscriptions/${id}`)).body.status).toBe('SUSPENDED');
    expect((await api('POST', `/v1/billing/subscriptions/${id}/activate`, { reason: 'Back' })).status).toBe(204);
    expect((await api('GET', `/v1/billing/subscriptions/${id}`)).body.status).toBe('ACTIVE');
    await local.settle();
    expect(eventTypes()).toEqual(expect.arrayContaining(['BILLING.SUBSCRIPTION.SUSPENDED', 'BILLING.SUBSCRIPTION.RE-ACTIVATED']));
  });

  it('revises to another plan once the payer approves, billing the new price from the next date', async () => {
    const { planId } = await createPlan('9.99');
    const { planId: yearly } = await createPlan('99.00');
    const id = await activeSubscription(planId);
    const revised = await api('POST', `/v1/billing/subscriptions/${id}/revise`, {
      plan_id: yearly,
      application_context: { return_url: 'https://cadence.test/billing?changed=1', cancel_url: 'https://cadence.test/billing' },
    });
    expect(revised.status).toBe(200);
    expect(revised.body.plan_id).toBe(yearly);
    expect((await api('GET', `/v1/billing/subscriptions/${id}`)).body.plan_id).toBe(planId);
    const page = await (await fetch(approveLink(revised.body))).text();
    expect(page).toContain('$99.00 per month');
    const response = await approve(approveLink(revised.body));
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location')!).searchParams.get('changed')).toBe('1');
    expect((await api('GET', `/v1/billing/subscriptions/${id}`)).body.plan_id).toBe(yearly);
    const renewed = await advanceAndRead(id, 32 * DAY);
    expect(renewed.billing_info.last_payment.amount.value).toBe('99.00');
    await local.settle();
    expect(eventTypes()).toContain('BILLING.SUBSCRIPTION.UPDATED');
  });

  it("refunds a subscription's payment through Payments v2, once, and its transaction then reads REFUNDED", async () => {
    const { planId } = await createPlan();
    const id = await activeSubscription(planId);
    const window = `start_time=${new Date(Date.now() - DAY * 1000).toISOString()}&end_time=${new Date(Date.now() + DAY * 1000).toISOString()}`;
    const [payment] = (await api('GET', `/v1/billing/subscriptions/${id}/transactions?${window}`)).body.transactions;
    expect((await api('POST', '/v2/payments/captures/UNKNOWN0000000000/refund', {})).status).toBe(404);
    const tooMuch = await api('POST', `/v2/payments/captures/${payment.id}/refund`, { amount: { value: '10.00', currency_code: 'USD' } });
    expect(tooMuch.body).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] });
    const partial = await api('POST', `/v2/payments/captures/${payment.id}/refund`, { amount: { value: '4.00', currency_code: 'USD' } });
    expect(partial.status).toBe(201);
    expect((await api('GET', `/v1/billing/subscriptions/${id}/transactions?${window}`)).body.transactions[0].status).toBe('PARTIALLY_REFUNDED');
    const rest = await api('POST', `/v2/payments/captures/${payment.id}/refund`, {}, { 'PayPal-Request-Id': 'refund-rest' });
    expect(rest).toMatchObject({ status: 201, body: { status: 'COMPLETED' } });
    expect(await api('POST', `/v2/payments/captures/${payment.id}/refund`, {}, { 'PayPal-Request-Id': 'refund-rest' })).toEqual(rest);
    expect((await api('GET', `/v2/payments/refunds/${rest.body.id}`)).body).toMatchObject({ amount: { value: '5.99', currency_code: 'USD' }, seller_payable_breakdown: { total_refunded_amount: { value: '9.99' } } });
    const again = await api('POST', `/v2/payments/captures/${payment.id}/refund`, {});
    expect(again.body).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }] });
    expect((await api('GET', `/v1/billing/subscriptions/${id}/transactions?${window}`)).body.transactions[0].status).toBe('REFUNDED');
    expect((await api('GET', `/v1/payments/sale/${payment.id}`)).body.state).toBe('refunded');
    await local.settle();
    expect(eventTypes().filter((type) => type === 'PAYMENT.SALE.REFUNDED')).toHaveLength(2);
  });

  it('lists transactions in a time window', async () => {
    const { planId } = await createPlan();
    const id = await activeSubscription(planId);
    await local.advanceClock(32 * DAY);
    const start = new Date(Date.now() - DAY * 1000).toISOString();
    const end = new Date(Date.now() + 40 * DAY * 1000).toISOString();
    const listed = await api('GET', `/v1/billing/subscriptions/${id}/transactions?start_time=${start}&end_time=${end}`);
    expect(listed.status).toBe(200);
    expect(listed.body.transactions).toHaveLength(2);
    expect(listed.body.transactions[0]).toMatchObject({ status: 'COMPLETED', amount_with_breakdown: { gross_amount: { value: '9.99', currency_code: 'USD' } } });
    expect((await api('GET', `/v1/billing/subscriptions/${id}/transactions`)).status).toBe(400);
  });
});

async function advanceAndRead(id: string, seconds: number): Promise<Json> {
  await local.advanceClock(seconds);
  return (await api('GET', `/v1/billing/subscriptions/${id}`)).body;
}

describe('clock: renewals and failures', () => {
  it('renews every month with a payment and PAYMENT.SALE.COMPLETED', async () => {
    const { planId } = await createPlan();
    const id = await activeSubscription(planId);
    const renewed = await advanceAndRead(id, 65 * DAY);
    expect(renewed.status).toBe('ACTIVE');
    expect(renewed.billing_info.cycle_executions[0].cycles_completed).toBe(3);
    expect(eventTypes().filter((type) => type === 'PAYMENT.SALE.COMPLETED')).toHaveLength(3);
  });

  it('a failing payer gets PAYMENT.FAILED, retries 5 days apart, then SUSPENDED at the threshold', async () => {
    const { planId } = await createPlan();
    const id = await activeSubscription(planId, { email: 'payer@example.test', fail_renewals: '1' });
    const failed = await advanceAndRead(id, 32 * DAY);
    expect(failed.status).toBe('ACTIVE');
    expect(failed.billing_info).toMatchObject({ failed_payments_count: 1, outstanding_balance: { value: '9.99' } });
    expect(eventTypes()).toContain('BILLING.SUBSCRIPTION.PAYMENT.FAILED');
    const suspended = await advanceAndRead(id, 10 * DAY);
    expect(suspended).toMatchObject({ status: 'SUSPENDED', billing_info: { failed_payments_count: 3 } });
    expect(eventTypes().filter((type) => type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED')).toHaveLength(3);
    expect(eventTypes().at(-1)).toBe('BILLING.SUBSCRIPTION.SUSPENDED');
  });

  it('one failed renewal that a retry pays clears the balance', async () => {
    const { planId } = await createPlan();
    const id = await activeSubscription(planId);
    await local.failPayments(id, 1);
    expect((await advanceAndRead(id, 32 * DAY)).billing_info.failed_payments_count).toBe(1);
    const paid = await advanceAndRead(id, 6 * DAY);
    expect(paid).toMatchObject({ status: 'ACTIVE', billing_info: { failed_payments_count: 0, outstanding_balance: { value: '0.00' } } });
  });

  it('cancels instead of suspending with afterFailures: cancel', async () => {
    await local.close();
    local = await startPayPalLocal({ tickMs: 0, afterFailures: 'cancel' });
    await local.setWebhook(receiver.url);
    token = (await oauth(local.clientId, local.secret)).body.access_token as string;
    const { planId } = await createPlan();
    const id = await activeSubscription(planId);
    await local.failPayments(id, -1);
    expect((await advanceAndRead(id, 45 * DAY)).status).toBe('CANCELLED');
  });

  it('expires after the plan’s total cycles', async () => {
    const { productId } = await createPlan();
    const body = planBody(productId);
    body.billing_cycles[0].total_cycles = 2;
    const plan = await api('POST', '/v1/billing/plans', body);
    const id = await activeSubscription(plan.body.id);
    expect((await advanceAndRead(id, 32 * DAY)).status).toBe('ACTIVE');
    expect((await advanceAndRead(id, 31 * DAY)).status).toBe('EXPIRED');
    expect(eventTypes()).toContain('BILLING.SUBSCRIPTION.EXPIRED');
  });
});

describe('webhooks', () => {
  it('signs deliveries so verify-webhook-signature answers SUCCESS, and FAILURE for altered bodies or forged headers', async () => {
    const { planId } = await createPlan();
    await activeSubscription(planId);
    await local.settle();
    const delivery = receiver.received.find((received) => JSON.parse(received.body).event_type === 'BILLING.SUBSCRIPTION.ACTIVATED')!;
    expect(delivery.headers['paypal-auth-algo']).toBe('SHA256withRSA');
    expect(delivery.headers['paypal-cert-url']).toMatch(/\/v1\/notifications\/certs\//);
    expect(await verify(delivery)).toBe('SUCCESS');

    const altered = JSON.parse(delivery.body);
    altered.resource.custom_id = 'someone-else';
    expect(await verify(delivery, { body: JSON.stringify(altered) })).toBe('FAILURE');
    expect(await verify(delivery, { headers: { 'paypal-transmission-id': crypto.randomUUID() } })).toBe('FAILURE');
    expect(await verify(delivery, { headers: { 'paypal-transmission-time': new Date().toISOString() } })).toBe('FAILURE');
    expect(await verify(delivery, { headers: { 'paypal-transmission-sig': Buffer.from('forged').toString('base64') } })).toBe('FAILURE');
    expect(await verify(delivery, { headers: { 'paypal-cert-url': 'https://attacker.test/cert.pem' } })).toBe('FAILURE');
    expect(await verify(delivery, { webhookId: 'OTHERWEBHOOKID' })).toBe('FAILURE');

    // The public key at the cert URL checks the same signature (crc32 of the body, decimal).
    const pem = await (await fetch(delivery.headers['paypal-cert-url'] as string)).text();
    const { crc32 } = await import('node:zlib');
    const message = `${delivery.headers['paypal-transmission-id']}|${delivery.headers['paypal-transmission-time']}|${local.webhookId}|${crc32(delivery.body)}`;
    const { verify: rsaVerify } = await import('node:crypto');
    expect(rsaVerify('sha256', Buffer.from(message), pem, Buffer.from(delivery.headers['paypal-transmission-sig'] as string, 'base64'))).toBe(true);
  });

  it('registers webhooks with event types and refuses a second one for the same URL', async () => {
    const created = await api('POST', '/v1/notifications/webhooks', { url: 'https://cadence.test/hook', event_types: [{ name: 'BILLING.SUBSCRIPTION.CANCELLED' }] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: 'https://cadence.test/hook', event_types: [{ name: 'BILLING.SUBSCRIPTION.CANCELLED' }] });
    const duplicate = await api('POST', '/v1/notifications/webhooks', { url: 'https://cadence.test/hook', event_types: [{ name: '*' }] });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.details[0].issue).toBe('WEBHOOK_URL_ALREADY_EXISTS');
    const listed = await api('GET', '/v1/notifications/webhooks');
    expect(listed.body.webhooks.map((webhook: { id: string }) => webhook.id)).toEqual(expect.arrayContaining([local.webhookId, created.body.id]));
  });

  it('retries a delivery the receiver refused, and can resend, hold and shuffle', async () => {
    receiver.failNext = 1;
    await createPlan();
    await local.settle();
    const attempts = await local.deliveries({ type: 'CATALOG.PRODUCT.CREATED' });
    expect(attempts.map((attempt) => [attempt.attempt, attempt.status])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    await local.resendEvent(attempts[0].event);
    await local.settle();
    expect(receiver.received.filter((delivery) => JSON.parse(delivery.body).id === attempts[0].event)).toHaveLength(2);

    receiver.received.length = 0;
    await local.holdWebhooks();
    await createPlan();
    await createPlan();
    expect(receiver.received).toHaveLength(0);
    await local.releaseWebhooks('reverse');
    expect(eventTypes()).toEqual(['BILLING.PLAN.CREATED', 'CATALOG.PRODUCT.CREATED', 'BILLING.PLAN.CREATED', 'CATALOG.PRODUCT.CREATED']);
  });
});

describe('idempotency', () => {
  it('the same PayPal-Request-Id creates one subscription and answers the same', async () => {
    const { planId } = await createPlan();
    const first = await createSubscription(planId, { 'PayPal-Request-Id': 'checkout-user-42-1' });
    const second = await createSubscription(planId, { 'PayPal-Request-Id': 'checkout-user-42-1' });
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    const other = await createSubscription(planId, { 'PayPal-Request-Id': 'checkout-user-42-2' });
    expect(other.body.id).not.toBe(first.body.id);
    await local.settle();
    expect(eventTypes().filter((type) => type === 'BILLING.SUBSCRIPTION.CREATED')).toHaveLength(2);
  });
});
