import type Stripe from 'stripe';
import type { Ctx, RequestInfo, Route, StripeLocal } from '../core/app.ts';
import { cardError, chargeOutcome } from '../billing/cards.ts';
import { attemptPayment, createInvoice, type LineDraft, subscriptionPaymentMethod } from '../billing/invoicing.ts';
import { periodEnd } from '../billing/periods.ts';
import { checkSameBilling, currentItems, type ItemTarget, periodLine, planChange, type ProrationBehavior, trialLine } from '../billing/proration.ts';
import { errors } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { createdFilter, fullList, paginate } from '../core/list.ts';
import type { Params } from '../core/params.ts';
import { requireCustomer } from './customers.ts';
import { requireOwnPaymentMethod } from './payment-methods.ts';
import { planOf } from './prices.ts';

const PRORATION_BEHAVIORS = ['create_prorations', 'none', 'always_invoice'] as const;
const ENDED = ['canceled', 'incomplete_expired'];

function subscriptionItem(subscriptionId: string, target: ItemTarget, period: { start: number; end: number }, created: number): Stripe.SubscriptionItem {
  return {
    id: target.id,
    object: 'subscription_item',
    billing_thresholds: null,
    created,
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata: target.metadata,
    plan: planOf(target.price),
    price: target.price,
    quantity: target.quantity,
    subscription: subscriptionId,
    tax_rates: [],
  };
}

/** An active, recurring price, as a subscription item needs. */
export function requireRecurringPrice(app: StripeLocal, id: string, param: string): Stripe.Price {
  const price = app.store.require('price', id, param);
  if (!price.active) throw errors.invalidParam(param, 'The price specified is inactive. This field only accepts active prices.');
  if (price.type !== 'recurring') {
    throw errors.invalidParam(param, `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`);
  }
  return price;
}

export interface NewSubscription {
  customer: Stripe.Customer;
  items: Omit<ItemTarget, 'id'>[];
  metadata: Stripe.Metadata;
  defaultPaymentMethod: string | null;
  trialDays: number | null;
  description: string | null;
}

/**
 * Creates the subscription and its first invoice, and collects it. Starts `incomplete` (or
 * `trialing`) and becomes `active` once the first invoice is paid, with the events Stripe sends
 * for that: customer.subscription.created, invoice.created/finalized/paid/payment_succeeded,
 * customer.subscription.updated.
 */
export function startSubscription(app: StripeLocal, init: NewSubscription, options: { request?: RequestInfo; firstCharge?: boolean } = {}) {
  const now = app.now();
  const id = newId.long('sub');
  const trialEnd = init.trialDays ? now + init.trialDays * 86_400 : null;
  const recurring = init.items[0].price.recurring!;
  const period = { start: now, end: trialEnd ?? periodEnd(now, now, recurring) };
  const targets: ItemTarget[] = init.items.map((item) => ({ ...item, id: newId.short('si') }));
  const subscription: Stripe.Subscription = {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: period.end === trialEnd ? trialEnd : now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible', updated_at: now },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: init.items[0].price.currency,
    customer: init.customer.id,
    customer_account: null,
    days_until_due: null,
    default_payment_method: init.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: init.description,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: fullList(
      targets.map((target) => subscriptionItem(id, target, period, now)),
      `/v1/subscription_items?subscription=${id}`,
    ),
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: init.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: trialEnd ? 'trialing' : 'incomplete',
    test_clock: null,
    transfer_data: null,
    trial_end: trialEnd,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: trialEnd ? now : null,
  };
  app.store.insert('subscription', subscription);
  app.emit('customer.subscription.created', subscription, { request: options.request });
  const lines = targets.map((target) => (trialEnd ? trialLine : periodLine)(app, id, target, period));
  const invoice = createInvoice(
    app,
    { customer: init.customer, subscription, lines, billingReason: 'subscription_create', periodStart: now, periodEnd: now, currency: subscription.currency },
    { request: options.request },
  );
  const failure = attemptPayment(app, invoice, { firstCharge: options.firstCharge, request: options.request });
  if (!failure && subscription.status === 'incomplete') setStatus(app, subscription, 'active', options.request);
  return { subscription, invoice, failure };
}

/** Changes the status and sends customer.subscription.updated with the old one. */
export function setStatus(app: StripeLocal, subscription: Stripe.Subscription, status: Stripe.Subscription.Status, request?: RequestInfo): void {
  if (subscription.status === status) return;
  const before = app.present(subscription);
  subscription.status = status;
  app.store.changed();
  app.emit('customer.subscription.updated', subscription, { before, request });
}

/** Ends the subscription now (or at `at`): status canceled, no more invoices or payment retries. */
export function cancelSubscriptionNow(
  app: StripeLocal,
  subscription: Stripe.Subscription,
  request?: RequestInfo,
  reason: Stripe.Subscription.CancellationDetails.Reason = 'cancellation_requested',
): void {
  const now = app.now();
  subscription.status = 'canceled';
  subscription.canceled_at ??= now;
  subscription.ended_at = now;
  subscription.cancellation_details = { ...subscription.cancellation_details!, reason: subscription.cancellation_details?.reason ?? reason };
  delete app.store.data.pendingItems[subscription.id];
  for (const invoice of Object.values(app.store.data.objects.invoice)) {
    if (invoice.parent?.subscription_details?.subscription === subscription.id && invoice.status === 'open') invoice.next_payment_attempt = null;
  }
  app.store.changed();
  app.emit('customer.subscription.deleted', subscription, { request });
}

/** Invoice lines of the prorations waiting for the subscription's next invoice. */
export function pendingLines(app: StripeLocal, subscription: Stripe.Subscription): LineDraft[] {
  return (app.store.data.pendingItems[subscription.id] ?? []).map((item) => ({
    amount: item.amount,
    currency: item.currency,
    description: item.description,
    period: item.period,
    price: app.store.get('price', item.price)!,
    quantity: item.quantity,
    proration: true,
    subscription: item.subscription,
    subscription_item: item.subscription_item,
    invoice_item: item.id,
  }));
}

/**
 * Reads `items[]` of an update or a preview into the items the subscription should have: an
 * entry with `id` changes that item (price, quantity, or `deleted`), one without adds an item.
 */
export function readItemTargets(app: StripeLocal, subscription: Stripe.Subscription, p: Params, key = 'items'): ItemTarget[] | undefined {
  if (!p.has(key)) return undefined;
  const targets = currentItems(subscription);
  p.hashes(key).forEach((entry) => {
    const param = entry.name('price');
    const itemId = entry.string('id');
    const priceId = entry.string('price');
    const quantity = entry.int('quantity', { min: 0 });
    const metadata = entry.metadata('metadata');
    const deleted = entry.bool('deleted');
    entry.ignore('clear_usage', 'tax_rates', 'discounts');
    if (itemId) {
      const index = targets.findIndex((target) => target.id === itemId);
      if (index < 0) throw errors.noSuch('subscription item', itemId, entry.name('id'), 400);
      if (deleted) {
        targets.splice(index, 1);
        return;
      }
      const target = targets[index];
      targets[index] = {
        id: target.id,
        price: priceId ? requireRecurringPrice(app, priceId, param) : target.price,
        quantity: quantity ?? target.quantity,
        metadata: metadata ?? target.metadata,
      };
    } else {
      if (!priceId) throw errors.missingParam(param);
      targets.push({ id: newId.short('si'), price: requireRecurringPrice(app, priceId, param), quantity: quantity ?? 1, metadata: metadata ?? {} });
    }
  });
  return targets;
}

function update(ctx: Ctx): Stripe.Subscription {
  const { app, params: p, request } = ctx;
  const subscription = app.store.require('subscription', ctx.path.id);
  const now = app.now();
  const metadata = p.metadata('metadata', subscription.metadata);
  const details = p.hash('cancellation_details');
  const comment = details?.nullableString('comment');
  const feedback = details?.nullableString('feedback') as Stripe.Subscription.CancellationDetails.Feedback | null | undefined;
  if (ENDED.includes(subscription.status)) {
    if (p.keys().some((key) => !['metadata', 'cancellation_details', 'expand'].includes(key))) {
      throw errors.state('A canceled subscription can only update its cancellation_details and metadata.');
    }
  }
  const before = app.present(subscription);
  const behavior = p.oneOf('proration_behavior', PRORATION_BEHAVIORS) ?? 'create_prorations';
  const prorationDate = p.int('proration_date') ?? now;
  const anchor = p.oneOf('billing_cycle_anchor', ['now', 'unchanged']);
  const paymentBehavior = p.oneOf('payment_behavior', ['allow_incomplete', 'error_if_incomplete', 'pending_if_incomplete', 'default_incomplete']);
  if (paymentBehavior === 'pending_if_incomplete' || paymentBehavior === 'default_incomplete') {
    throw errors.unsupported(`payment_behavior=${paymentBehavior}`, 'payment_behavior');
  }
  const cancelAtPeriodEnd = p.bool('cancel_at_period_end');
  const defaultPaymentMethod = p.nullableString('default_payment_method');
  const description = p.nullableString('description');
  p.ignore('off_session');
  const targets = readItemTargets(app, subscription, p) ?? (anchor === 'now' ? currentItems(subscription) : undefined);

  if (defaultPaymentMethod) {
    const customer = requireCustomer(app, subscription.customer as string);
    subscription.default_payment_method = requireOwnPaymentMethod(app, customer, defaultPaymentMethod, 'default_payment_method', request);
  }
  else if (defaultPaymentMethod === null) subscription.default_payment_method = null;

  const change = targets ? planChange(app, subscription, targets, behavior as ProrationBehavior, prorationDate, anchor === 'now') : undefined;
  if (change?.invoiceNow && paymentBehavior === 'error_if_incomplete') {
    const due = change.lines.reduce((sum, line) => sum + line.amount, 0);
    const failure = due > 0 ? chargeOutcome(app, subscriptionPaymentMethod(app, subscription)) : null;
    if (failure) throw cardError(failure);
  }

  if (change?.changed || change?.resetsCycle) {
    const created = new Map(subscription.items.data.map((item) => [item.id, item.created]));
    subscription.items = fullList(
      change.items.map((target) => subscriptionItem(subscription.id, target, change.period, created.get(target.id) ?? now)),
      subscription.items.url,
    );
    if (change.resetsCycle) subscription.billing_cycle_anchor = prorationDate;
    if (!change.invoiceNow && change.lines.length > 0) {
      const pending = (app.store.data.pendingItems[subscription.id] ??= []);
      for (const line of change.lines) {
        pending.push({
          id: line.invoice_item!,
          subscription: subscription.id,
          subscription_item: line.subscription_item!,
          price: line.price.id,
          quantity: line.quantity,
          amount: line.amount,
          currency: line.currency,
          description: line.description,
          period: line.period,
          created: now,
        });
      }
    }
  }
  if (cancelAtPeriodEnd === true) {
    if (!subscription.cancel_at_period_end) subscription.canceled_at = now;
    subscription.cancel_at_period_end = true;
    subscription.cancellation_details = { ...subscription.cancellation_details!, reason: 'cancellation_requested' };
  } else if (cancelAtPeriodEnd === false) {
    subscription.cancel_at_period_end = false;
    subscription.canceled_at = null;
    subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: null };
  }
  subscription.cancel_at = subscription.cancel_at_period_end ? subscription.items.data[0].current_period_end : null;
  if (comment !== undefined) subscription.cancellation_details!.comment = comment;
  if (feedback !== undefined) subscription.cancellation_details!.feedback = feedback;
  if (metadata) subscription.metadata = metadata;
  if (description !== undefined) subscription.description = description;
  app.store.changed();

  if (JSON.stringify(before) !== JSON.stringify(app.present(subscription))) {
    app.emit('customer.subscription.updated', subscription, { before, request });
  }
  if (change?.invoiceNow) {
    const customer = requireCustomer(app, subscription.customer as string);
    const lines = [...pendingLines(app, subscription), ...change.lines];
    delete app.store.data.pendingItems[subscription.id];
    const invoice = createInvoice(
      app,
      { customer, subscription, lines, billingReason: 'subscription_update', periodStart: prorationDate, periodEnd: prorationDate, currency: subscription.currency },
      { request },
    );
    const failure = attemptPayment(app, invoice, { request });
    if (failure) onRenewalFailure(app, subscription, invoice, request);
    else if (subscription.status === 'past_due' && !hasOpenInvoice(app, subscription)) setStatus(app, subscription, 'active', request);
  }
  return subscription;
}

export function hasOpenInvoice(app: StripeLocal, subscription: Stripe.Subscription): boolean {
  return Object.values(app.store.data.objects.invoice).some(
    (invoice) => invoice.parent?.subscription_details?.subscription === subscription.id && invoice.status === 'open' && invoice.amount_remaining > 0,
  );
}

/**
 * A failed collection: the invoice is retried on the retry schedule (days after each attempt)
 * and the subscription is past_due meanwhile; when the last retry fails, the account's final
 * action applies (cancel the subscription, mark it unpaid, or leave it past_due).
 */
export function onRenewalFailure(app: StripeLocal, subscription: Stripe.Subscription, invoice: Stripe.Invoice, request?: RequestInfo): void {
  const delay = app.options.paymentRetryDays[invoice.attempt_count - 1];
  invoice.next_payment_attempt = delay === undefined ? null : app.now() + delay * 86_400;
  app.store.changed();
  if (ENDED.includes(subscription.status)) return;
  if (delay !== undefined) {
    if (subscription.status === 'active' || subscription.status === 'trialing') setStatus(app, subscription, 'past_due', request);
    return;
  }
  switch (app.options.afterFinalFailure) {
    case 'cancel':
      cancelSubscriptionNow(app, subscription, request, 'payment_failed');
      break;
    case 'unpaid':
      setStatus(app, subscription, 'unpaid', request);
      break;
    case 'past_due':
      setStatus(app, subscription, 'past_due', request);
      break;
  }
}

function retrieve(ctx: Ctx): Stripe.Subscription {
  return ctx.app.store.require('subscription', ctx.path.id);
}

function list(ctx: Ctx) {
  const { app, params: p } = ctx;
  const customer = p.string('customer');
  const price = p.string('price');
  const status = p.oneOf('status', ['active', 'all', 'canceled', 'ended', 'incomplete', 'incomplete_expired', 'past_due', 'paused', 'trialing', 'unpaid']);
  const created = createdFilter(p);
  const matchesStatus = (value: string) => {
    if (status === 'all') return true;
    if (status === 'ended') return ENDED.includes(value);
    if (status) return value === status;
    return !ENDED.includes(value);
  };
  const subscriptions = app.store
    .all('subscription')
    .filter(
      (subscription) =>
        (!customer || subscription.customer === customer) &&
        (!price || subscription.items.data.some((item) => item.price.id === price)) &&
        matchesStatus(subscription.status) &&
        created(subscription.created),
    );
  return paginate(subscriptions, p, '/v1/subscriptions');
}

function cancel(ctx: Ctx): Stripe.Subscription {
  const { app, params: p } = ctx;
  const subscription = app.store.require('subscription', ctx.path.id);
  if (ENDED.includes(subscription.status)) {
    throw errors.state('A canceled subscription can only update its cancellation_details and metadata.');
  }
  if (p.bool('invoice_now')) throw errors.unsupported('a final invoice when canceling (invoice_now=true)', 'invoice_now');
  if (p.bool('prorate')) throw errors.unsupported('prorated credit when canceling (prorate=true)', 'prorate');
  const details = p.hash('cancellation_details');
  const comment = details?.nullableString('comment');
  const feedback = details?.nullableString('feedback') as Stripe.Subscription.CancellationDetails.Feedback | null | undefined;
  subscription.canceled_at = app.now();
  if (comment !== undefined) subscription.cancellation_details!.comment = comment;
  if (feedback !== undefined) subscription.cancellation_details!.feedback = feedback;
  cancelSubscriptionNow(app, subscription, ctx.request);
  return subscription;
}

function create(ctx: Ctx): Stripe.Subscription {
  const { app, params: p, request } = ctx;
  const customer = requireCustomer(app, p.requiredString('customer'), 'customer');
  const entries = p.hashes('items');
  if (entries.length === 0) throw errors.missingParam('items');
  const items = entries.map((entry) => {
    const price = requireRecurringPrice(app, entry.requiredString('price'), entry.name('price'));
    entry.ignore('tax_rates', 'discounts');
    return { price, quantity: entry.int('quantity', { min: 1 }) ?? 1, metadata: entry.metadata('metadata') ?? {} };
  });
  checkSameBilling(items.map((item) => item.price), 'items');
  const paymentBehavior = p.oneOf('payment_behavior', ['allow_incomplete', 'error_if_incomplete', 'pending_if_incomplete', 'default_incomplete']) ?? 'allow_incomplete';
  if (paymentBehavior === 'pending_if_incomplete' || paymentBehavior === 'default_incomplete') {
    throw errors.unsupported(`payment_behavior=${paymentBehavior} (there are no PaymentIntents to confirm here)`, 'payment_behavior');
  }
  const defaultPaymentMethodParam = p.string('default_payment_method');
  const defaultPaymentMethod = defaultPaymentMethodParam ? requireOwnPaymentMethod(app, customer, defaultPaymentMethodParam, 'default_payment_method', request) : null;
  const trialDays = p.int('trial_period_days', { min: 0, max: 730 }) ?? null;
  const metadata = p.metadata('metadata') ?? {};
  const description = p.nullableString('description') ?? null;
  p.ignore('off_session', 'proration_behavior', 'collection_method');
  if (paymentBehavior === 'error_if_incomplete' && !trialDays) {
    const failure = chargeOutcome(app, defaultPaymentMethod ?? (customer.invoice_settings.default_payment_method as string | null));
    if (failure) throw cardError(failure);
  }
  const { subscription } = startSubscription(app, { customer, items, metadata, defaultPaymentMethod, trialDays, description }, { request });
  return subscription;
}

/** The API form: items show their price as it is now (an archived price shows `active: false`). */
export function presentSubscription(app: StripeLocal, subscription: Stripe.Subscription): Stripe.Subscription {
  const copy = structuredClone(subscription);
  for (const item of copy.items.data) {
    const price = app.store.get('price', item.price.id);
    if (price) {
      item.price = structuredClone(price);
      item.plan = planOf(price);
    }
  }
  return copy;
}

export const subscriptionRoutes: Route[] = [
  { method: 'POST', path: '/v1/subscriptions', handler: create },
  { method: 'GET', path: '/v1/subscriptions', handler: list },
  { method: 'GET', path: '/v1/subscriptions/:id', handler: retrieve },
  { method: 'POST', path: '/v1/subscriptions/:id', handler: update },
  { method: 'DELETE', path: '/v1/subscriptions/:id', handler: cancel },
];
