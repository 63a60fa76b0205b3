import type Stripe from 'stripe';
import type { Ctx, RequestInfo, Route, StripeLocal } from '../core/app.ts';
import { resolvePaymentMethod } from '../billing/cards.ts';
import { errors } from '../core/errors.ts';
import { paginate } from '../core/list.ts';
import { requireCustomer } from './customers.ts';

export function attachPaymentMethod(app: StripeLocal, paymentMethod: Stripe.PaymentMethod, customer: Stripe.Customer, request: RequestInfo): void {
  if (paymentMethod.customer === customer.id) return;
  if (paymentMethod.customer) {
    throw errors.state('The payment method you provided has already been attached to a customer.', 'payment_method', 'payment_method_unexpected_state');
  }
  paymentMethod.customer = customer.id;
  app.store.changed();
  app.emit('payment_method.attached', paymentMethod, { request });
}

/**
 * A payment method named as a customer's default: it must belong to that customer (a test id
 * such as pm_card_visa becomes a new card attached to them). Returns its id.
 */
export function requireOwnPaymentMethod(app: StripeLocal, customer: Stripe.Customer, id: string, param: string, request: RequestInfo): string {
  const paymentMethod = resolvePaymentMethod(app, id, param);
  if (!paymentMethod.customer && id.startsWith('pm_card_')) attachPaymentMethod(app, paymentMethod, customer, request);
  if (paymentMethod.customer !== customer.id) {
    throw errors.invalidParam(
      param,
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      'resource_missing',
    );
  }
  return paymentMethod.id;
}

function attach(ctx: Ctx): Stripe.PaymentMethod {
  const { app, params: p } = ctx;
  const customer = requireCustomer(app, p.requiredString('customer'), 'customer');
  const paymentMethod = resolvePaymentMethod(app, ctx.path.id, 'id');
  attachPaymentMethod(app, paymentMethod, customer, ctx.request);
  return paymentMethod;
}

function detach(ctx: Ctx): Stripe.PaymentMethod {
  const { app } = ctx;
  const paymentMethod = app.store.require('payment_method', ctx.path.id, 'id', 'PaymentMethod');
  if (!paymentMethod.customer) {
    throw errors.state('The payment method you provided is not attached to a customer so detachment is impossible.', undefined, 'payment_method_unexpected_state');
  }
  const before = app.present(paymentMethod);
  const customerId = paymentMethod.customer as string;
  paymentMethod.customer = null;
  const customer = app.store.get('customer', customerId);
  if (customer?.invoice_settings.default_payment_method === paymentMethod.id) customer.invoice_settings.default_payment_method = null;
  for (const subscription of Object.values(app.store.data.objects.subscription)) {
    if (subscription.default_payment_method === paymentMethod.id) subscription.default_payment_method = null;
  }
  app.store.changed();
  app.emit('payment_method.detached', paymentMethod, { before, request: ctx.request });
  return paymentMethod;
}

function update(ctx: Ctx): Stripe.PaymentMethod {
  const { app, params: p } = ctx;
  const paymentMethod = app.store.require('payment_method', ctx.path.id, 'id', 'PaymentMethod');
  const before = app.present(paymentMethod);
  paymentMethod.metadata = p.metadata('metadata', paymentMethod.metadata ?? {}) ?? paymentMethod.metadata;
  app.store.changed();
  app.emit('payment_method.updated', paymentMethod, { before, request: ctx.request });
  return paymentMethod;
}

function list(ctx: Ctx, customerId?: string) {
  const { app, params: p } = ctx;
  const customer = customerId ?? p.string('customer');
  if (customer) requireCustomer(app, customer, customerId ? 'id' : 'customer');
  const type = p.string('type');
  if (type && type !== 'card') throw errors.unsupported(`payment methods of type ${type}`, 'type');
  p.ignore('allow_redisplay');
  const paymentMethods = app.store.all('payment_method').filter((paymentMethod) => !customer || paymentMethod.customer === customer);
  return paginate(paymentMethods, p, customerId ? `/v1/customers/${customerId}/payment_methods` : '/v1/payment_methods');
}

export const paymentMethodRoutes: Route[] = [
  { method: 'GET', path: '/v1/payment_methods', handler: (ctx) => list(ctx) },
  { method: 'GET', path: '/v1/payment_methods/:id', handler: (ctx) => ctx.app.store.require('payment_method', ctx.path.id, 'id', 'PaymentMethod') },
  { method: 'POST', path: '/v1/payment_methods/:id', handler: update },
  { method: 'POST', path: '/v1/payment_methods/:id/attach', handler: attach },
  { method: 'POST', path: '/v1/payment_methods/:id/detach', handler: detach },
  { method: 'GET', path: '/v1/customers/:id/payment_methods', handler: (ctx) => list(ctx, ctx.path.id) },
];
