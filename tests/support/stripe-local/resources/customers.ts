import type Stripe from 'stripe';
import type { Ctx, RequestInfo, Route, StripeLocal } from '../core/app.ts';
import { resolvePaymentMethod } from '../billing/cards.ts';
import { errors } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { createdFilter, paginate } from '../core/list.ts';
import type { Params } from '../core/params.ts';
import { attachPaymentMethod, requireOwnPaymentMethod } from './payment-methods.ts';
import { cancelSubscriptionNow } from './subscriptions.ts';

function readAddress(p: Params): Stripe.Address | null | undefined {
  if (!p.has('address')) return undefined;
  const address = p.hash('address');
  if (!address) return null;
  return {
    city: address.nullableString('city') ?? null,
    country: address.nullableString('country') ?? null,
    line1: address.nullableString('line1') ?? null,
    line2: address.nullableString('line2') ?? null,
    postal_code: address.nullableString('postal_code') ?? null,
    state: address.nullableString('state') ?? null,
  };
}

export function createCustomer(app: StripeLocal, p: Params, request: RequestInfo): Stripe.Customer {
  const customer: Stripe.Customer = {
    id: newId.short('cus'),
    object: 'customer',
    address: readAddress(p) ?? null,
    balance: p.int('balance') ?? 0,
    created: app.now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: p.nullableString('description') ?? null,
    discount: null,
    email: p.nullableString('email') ?? null,
    invoice_prefix: p.string('invoice_prefix') || newId.invoicePrefix(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: p.metadata('metadata') ?? {},
    name: p.nullableString('name') ?? null,
    next_invoice_sequence: 1,
    phone: p.nullableString('phone') ?? null,
    preferred_locales: p.strings('preferred_locales') ?? [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
  app.store.insert('customer', customer);
  const paymentMethod = p.string('payment_method');
  // A test id such as pm_card_visa becomes a new payment method; the default may name it either way.
  const attached = paymentMethod ? resolvePaymentMethod(app, paymentMethod, 'payment_method') : undefined;
  if (attached) attachPaymentMethod(app, attached, customer, request);
  const settings = p.hash('invoice_settings');
  const defaultPaymentMethod = settings?.string('default_payment_method');
  settings?.ignore('custom_fields', 'footer', 'rendering_options');
  if (defaultPaymentMethod) {
    const named = attached && defaultPaymentMethod === paymentMethod ? attached.id : defaultPaymentMethod;
    customer.invoice_settings.default_payment_method = requireOwnPaymentMethod(app, customer, named, 'invoice_settings[default_payment_method]', request);
  }
  app.emit('customer.created', customer, { request });
  return customer;
}

function update(ctx: Ctx): Stripe.Customer {
  const { app, params: p } = ctx;
  const customer = requireCustomer(app, ctx.path.id);
  const before = app.present(customer);
  for (const key of ['email', 'name', 'description', 'phone'] as const) {
    const value = p.nullableString(key);
    if (value !== undefined) customer[key] = value;
  }
  const address = readAddress(p);
  if (address !== undefined) customer.address = address;
  customer.metadata = p.metadata('metadata', customer.metadata) ?? customer.metadata;
  customer.preferred_locales = p.strings('preferred_locales') ?? customer.preferred_locales;
  customer.balance = p.int('balance') ?? customer.balance;
  const settings = p.hash('invoice_settings');
  if (settings) {
    settings.ignore('custom_fields', 'footer', 'rendering_options');
    const defaultPaymentMethod = settings.nullableString('default_payment_method');
    if (defaultPaymentMethod) {
      customer.invoice_settings.default_payment_method = requireOwnPaymentMethod(app, customer, defaultPaymentMethod, 'invoice_settings[default_payment_method]', ctx.request);
    } else if (defaultPaymentMethod === null) {
      customer.invoice_settings.default_payment_method = null;
    }
  }
  app.store.changed();
  app.emit('customer.updated', customer, { before, request: ctx.request });
  return customer;
}

/** A live customer, or Stripe's error for an unknown or deleted one. */
export function requireCustomer(app: StripeLocal, id: string, param = 'id'): Stripe.Customer {
  const customer = app.store.get('customer', id);
  if (!customer) throw errors.noSuch('customer', id, param);
  return customer;
}

function retrieve(ctx: Ctx): Stripe.Customer | Stripe.DeletedCustomer {
  const { app } = ctx;
  if (app.store.data.deleted[ctx.path.id] === 'customer') return { id: ctx.path.id, object: 'customer', deleted: true };
  return requireCustomer(app, ctx.path.id);
}

function list(ctx: Ctx) {
  const { app, params: p } = ctx;
  const email = p.string('email');
  const created = createdFilter(p);
  const customers = app.store.all('customer').filter((customer) => (!email || customer.email === email) && created(customer.created));
  return paginate(customers, p, '/v1/customers');
}

/** Deleting a customer ends their subscriptions at once and detaches their cards, as on Stripe. */
function remove(ctx: Ctx): Stripe.DeletedCustomer {
  const { app } = ctx;
  const customer = requireCustomer(app, ctx.path.id);
  for (const subscription of Object.values(app.store.data.objects.subscription)) {
    if (subscription.customer === customer.id && subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') {
      cancelSubscriptionNow(app, subscription, ctx.request);
    }
  }
  for (const paymentMethod of Object.values(app.store.data.objects.payment_method)) {
    if (paymentMethod.customer === customer.id) paymentMethod.customer = null;
  }
  app.emit('customer.deleted', customer, { request: ctx.request });
  app.store.remove('customer', customer.id);
  return { id: customer.id, object: 'customer', deleted: true };
}

export const customerRoutes: Route[] = [
  { method: 'POST', path: '/v1/customers', handler: (ctx) => createCustomer(ctx.app, ctx.params, ctx.request) },
  { method: 'GET', path: '/v1/customers', handler: list },
  { method: 'GET', path: '/v1/customers/:id', handler: retrieve },
  { method: 'POST', path: '/v1/customers/:id', handler: update },
  { method: 'DELETE', path: '/v1/customers/:id', handler: remove },
];
