import type Stripe from 'stripe';
import type { Ctx, RequestInfo, Route, StripeLocal } from '../core/app.ts';
import { NO_REQUEST } from '../core/app.ts';
import { createCardPaymentMethod, outcomeFor, readCard } from '../billing/cards.ts';
import { errors } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { paginate } from '../core/list.ts';
import { Params } from '../core/params.ts';
import type { CheckoutPlan } from '../core/store.ts';
import { createCustomer, requireCustomer } from './customers.ts';
import { attachPaymentMethod } from './payment-methods.ts';
import { createSetupIntent } from './setup-intents.ts';
import { checkSameBilling } from '../billing/proration.ts';
import { requireRecurringPrice, startSubscription } from './subscriptions.ts';

function productName(app: StripeLocal, price: Stripe.Price): string {
  return app.store.get('product', price.product as string)?.name ?? (price.product as string);
}

function readLineItems(app: StripeLocal, p: Params): Stripe.LineItem[] {
  return p.hashes('line_items').map((entry) => {
    if (entry.has('price_data')) throw errors.unsupported('line_items[][price_data] (create the price first)', entry.name('price_data'));
    const price = requireRecurringPrice(app, entry.requiredString('price'), entry.name('price'));
    const quantity = entry.int('quantity', { min: 1 });
    if (quantity === undefined) throw errors.missingParam(entry.name('quantity'));
    entry.ignore('adjustable_quantity', 'tax_rates', 'dynamic_tax_rates');
    const amount = (price.unit_amount ?? 0) * quantity;
    return {
      id: `li_1${newId.random(23)}`,
      object: 'item',
      adjustable_quantity: null,
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price.currency,
      description: productName(app, price),
      metadata: entry.metadata('metadata') ?? {},
      price,
      quantity,
    };
  });
}

function checkUrl(p: Params, key: string): string | null {
  const url = p.nullableString(key);
  if (!url) return null;
  if (!/^https?:\/\//.test(url)) throw errors.invalidParam(key, 'Not a valid URL', 'url_invalid');
  return url;
}

/**
 * `POST /v1/checkout/sessions` for hosted pages, in `subscription` mode (one or more recurring
 * prices) or `setup` mode (save a card for later, e.g. to change the payment method). The
 * session's `url` is this server's test checkout page.
 */
function create(ctx: Ctx): Stripe.Checkout.Session {
  const { app, params: p } = ctx;
  const mode = p.oneOf('mode', ['payment', 'setup', 'subscription']);
  if (!mode) throw errors.missingParam('mode');
  if (mode === 'payment') throw errors.unsupported('mode=payment', 'mode');
  const uiMode = p.oneOf('ui_mode', ['hosted_page', 'hosted', 'embedded_page', 'embedded', 'elements', 'form', 'custom']) ?? 'hosted_page';
  if (uiMode !== 'hosted_page' && uiMode !== 'hosted') throw errors.unsupported(`ui_mode=${uiMode} (only hosted pages)`, 'ui_mode');
  if (p.has('return_url')) throw errors.invalidParam('return_url', 'return_url can only be used with ui_mode=embedded_page or ui_mode=elements.');
  const customerId = p.string('customer');
  const customerEmail = p.string('customer_email');
  if (customerId && customerEmail) throw errors.invalidParam('customer_email', 'You may only specify one of these parameters: customer, customer_email.');
  const customer = customerId ? requireCustomer(app, customerId, 'customer') : null;
  const clientReferenceId = p.nullableString('client_reference_id') ?? null;
  if (clientReferenceId && clientReferenceId.length > 200) throw errors.invalidParam('client_reference_id', 'client_reference_id must be at most 200 characters.');
  const successUrl = checkUrl(p, 'success_url');
  const cancelUrl = checkUrl(p, 'cancel_url');
  const now = app.now();
  const expiresAt = p.int('expires_at') ?? now + 24 * 3600;
  if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
    throw errors.invalidParam('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.');
  }
  const allowed = p.strings('allowed_payment_method_types');
  if (allowed && !allowed.includes('card')) throw errors.unsupported('payment methods other than cards', 'allowed_payment_method_types');
  if (p.has('payment_method_types')) {
    // Removed from the API in 2026-09-30.endive; older versions may still send it.
    if (ctx.apiVersion.slice(0, 10) >= '2026-09-30') throw errors.unknownParam('payment_method_types');
    const types = p.strings('payment_method_types') ?? [];
    if (types.some((type) => type !== 'card')) throw errors.unsupported('payment methods other than cards', 'payment_method_types');
  }
  p.ignore(
    'allow_promotion_codes',
    'automatic_tax',
    'billing_address_collection',
    'consent_collection',
    'custom_text',
    'customer_update',
    'excluded_payment_method_types',
    'locale',
    'origin_context',
    'payment_method_collection',
    'phone_number_collection',
    'submit_type',
    'tax_id_collection',
    'customer_creation',
    'branding_settings',
  );
  const metadata = p.metadata('metadata') ?? {};
  const id = newId.checkoutSession();
  let lineItems: Stripe.LineItem[] = [];
  let currency: string | null = null;
  let setupIntent: string | null = null;
  const plan: CheckoutPlan = { lineItems: [], subscriptionMetadata: {}, trialDays: null, description: null };

  if (mode === 'subscription') {
    if (p.has('setup_intent_data')) throw errors.invalidParam('setup_intent_data', 'setup_intent_data can only be used in setup mode.');
    lineItems = readLineItems(app, p);
    if (lineItems.length === 0) throw errors.missingParam('line_items');
    checkSameBilling(lineItems.map((item) => item.price!), 'line_items');
    currency = lineItems[0].currency;
    const requested = p.string('currency')?.toLowerCase();
    if (requested && requested !== currency) throw errors.invalidParam('currency', `The currency ${requested} does not match the currency of the prices (${currency}).`);
    const subscriptionData = p.hash('subscription_data');
    plan.subscriptionMetadata = subscriptionData?.metadata('metadata') ?? {};
    plan.trialDays = subscriptionData?.int('trial_period_days', { min: 1, max: 730 }) ?? null;
    plan.description = subscriptionData?.nullableString('description') ?? null;
    subscriptionData?.ignore('billing_mode', 'proration_behavior', 'invoice_settings', 'default_tax_rates');
  } else {
    if (p.has('line_items')) throw errors.invalidParam('line_items', 'You cannot pass `line_items` in `setup` mode.');
    currency = p.string('currency')?.toLowerCase() ?? null;
    if (!currency && !allowed) throw errors.invalidParam('currency', 'currency is required in setup mode when allowed_payment_method_types is not set.', 'parameter_missing');
    const setupData = p.hash('setup_intent_data');
    setupIntent = createSetupIntent(app, customer?.id ?? null, setupData?.metadata('metadata') ?? {}, setupData?.nullableString('description') ?? null).id;
  }
  plan.lineItems = lineItems;
  const amount = plan.trialDays ? 0 : lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  const session: Stripe.Checkout.Session = {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: allowed ?? null,
    amount_subtotal: mode === 'subscription' ? amount : null,
    amount_total: mode === 'subscription' ? amount : null,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: cancelUrl,
    client_reference_id: clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: now,
    currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: customer?.id ?? null,
    customer_account: null,
    customer_creation: customer ? null : mode === 'subscription' ? 'always' : null,
    customer_details: customer ? null : customerEmail ? { address: null, business_name: null, email: customerEmail, individual_name: null, name: null, phone: null, tax_exempt: null, tax_ids: null } : null,
    customer_email: customerEmail ?? null,
    discounts: [],
    expires_at: expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata,
    mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: setupIntent,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${app.options.publicUrl}/c/pay/${id}`,
    wallet_options: null,
  };
  app.store.data.checkoutPlans[id] = plan;
  return app.store.insert('checkout.session', session);
}

export interface CheckoutForm {
  email?: string;
  name?: string;
  cardNumber: string;
  expiry?: string;
  cvc?: string;
}

export type CheckoutResult = { ok: true; redirect: string | null } | { ok: false; message: string; field?: 'email' | 'card' };

/**
 * What pressing Pay on the test checkout page does: check the card (declines leave nothing
 * behind, as a declined Checkout payment does), then create the customer, card, subscription and
 * first invoice (or, in setup mode, save the card on the SetupIntent), complete the session,
 * send checkout.session.completed, and return where to send the browser.
 */
export function completeCheckout(app: StripeLocal, session: Stripe.Checkout.Session, form: CheckoutForm, request: RequestInfo = NO_REQUEST): CheckoutResult {
  if (session.status !== 'open') return { ok: false, message: 'This Checkout Session is no longer active.' };
  const read = readCard({ number: form.cardNumber, expiry: form.expiry, cvc: form.cvc }, app.now());
  if ('error' in read) return { ok: false, message: read.error, field: 'card' };
  const plan = app.store.data.checkoutPlans[session.id];
  const decline = outcomeFor(read.card.behaviour, true);
  if (decline) return { ok: false, message: decline.message, field: 'card' };

  let customer = session.customer ? requireCustomer(app, session.customer as string) : null;
  const email = customer?.email ?? session.customer_email ?? form.email?.trim() ?? '';
  if (!customer && session.mode === 'subscription') {
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return { ok: false, message: 'Your email address is invalid.', field: 'email' };
    customer = createCustomer(app, new Params({ email, ...(form.name ? { name: form.name } : {}) }), request);
  }
  const paymentMethod = createCardPaymentMethod(app, read.card, { email: email || null, name: form.name || null });
  if (customer) attachPaymentMethod(app, paymentMethod, customer, request);
  const before = app.present(session);

  if (session.mode === 'subscription') {
    const { subscription, invoice } = startSubscription(
      app,
      {
        customer: customer!,
        items: plan.lineItems.map((item) => ({ price: item.price!, quantity: item.quantity ?? 1, metadata: {} })),
        metadata: plan.subscriptionMetadata,
        defaultPaymentMethod: paymentMethod.id,
        trialDays: plan.trialDays,
        description: plan.description,
      },
      { request, firstCharge: true },
    );
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    session.payment_status = invoice.amount_due === 0 ? 'no_payment_required' : 'paid';
  } else {
    const setupIntent = app.store.get('setup_intent', session.setup_intent as string)!;
    setupIntent.payment_method = paymentMethod.id;
    setupIntent.status = 'succeeded';
    app.emit('setup_intent.succeeded', setupIntent, { request });
  }
  session.customer = customer?.id ?? null;
  session.customer_details = {
    address: null,
    business_name: null,
    email: email || null,
    individual_name: null,
    name: form.name || null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  session.status = 'complete';
  session.url = null;
  app.store.changed();
  app.emit('checkout.session.completed', session, { before, request });
  return { ok: true, redirect: session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? null };
}

/** An open session that is given up (by `expire` or when `expires_at` passes). */
export function expireSession(app: StripeLocal, session: Stripe.Checkout.Session, request?: RequestInfo): void {
  const before = app.present(session);
  session.status = 'expired';
  session.url = null;
  app.store.changed();
  app.emit('checkout.session.expired', session, { before, request });
}

function expire(ctx: Ctx): Stripe.Checkout.Session {
  const session = ctx.app.store.require('checkout.session', ctx.path.id, 'id', 'checkout.session');
  if (session.status !== 'open') {
    throw errors.state(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
  }
  expireSession(ctx.app, session, ctx.request);
  return session;
}

function list(ctx: Ctx) {
  const { app, params: p } = ctx;
  const customer = p.string('customer');
  const subscription = p.string('subscription');
  const status = p.oneOf('status', ['open', 'complete', 'expired']);
  const sessions = app.store
    .all('checkout.session')
    .filter(
      (session) =>
        (!customer || session.customer === customer) && (!subscription || session.subscription === subscription) && (!status || session.status === status),
    );
  return paginate(sessions, p, '/v1/checkout/sessions');
}

function lineItems(ctx: Ctx) {
  const session = ctx.app.store.require('checkout.session', ctx.path.id, 'id', 'checkout.session');
  return paginate(ctx.app.store.data.checkoutPlans[session.id]?.lineItems ?? [], ctx.params, `/v1/checkout/sessions/${session.id}/line_items`);
}

export const checkoutSessionRoutes: Route[] = [
  { method: 'POST', path: '/v1/checkout/sessions', handler: create },
  { method: 'GET', path: '/v1/checkout/sessions', handler: list },
  { method: 'GET', path: '/v1/checkout/sessions/:id', handler: (ctx) => ctx.app.store.require('checkout.session', ctx.path.id, 'id', 'checkout.session') },
  { method: 'GET', path: '/v1/checkout/sessions/:id/line_items', handler: lineItems },
  { method: 'POST', path: '/v1/checkout/sessions/:id/expire', handler: expire },
];
