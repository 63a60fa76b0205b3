import type Stripe from 'stripe';
import type { Ctx, Route, StripeLocal } from '../core/app.ts';
import { cardError, resolvePaymentMethod } from '../billing/cards.ts';
import { attemptPayment, createInvoice, type LineDraft } from '../billing/invoicing.ts';
import { periodEnd } from '../billing/periods.ts';
import { currentItems, type ItemTarget, periodLine, planChange, type ProrationBehavior } from '../billing/proration.ts';
import { StripeError, errors } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { createdFilter, paginate } from '../core/list.ts';
import type { Params } from '../core/params.ts';
import { requireCustomer } from './customers.ts';
import { hasOpenInvoice, pendingLines, readItemTargets, requireRecurringPrice, setStatus } from './subscriptions.ts';

const ENDED = ['canceled', 'incomplete_expired'];

function noUpcoming(customer: string) {
  return new StripeError(404, { type: 'invalid_request_error', code: 'invoice_upcoming_none', message: `No upcoming invoices for customer: ${customer}` });
}

/** The first invoice of a subscription that does not exist yet (pricing pages). */
function previewNewSubscription(app: StripeLocal, customer: Stripe.Customer, details: Params): Stripe.Invoice {
  const now = app.now();
  const items: ItemTarget[] = details.hashes('items').map((entry) => ({
    id: newId.short('si'),
    price: requireRecurringPrice(app, entry.requiredString('price'), entry.name('price')),
    quantity: entry.int('quantity', { min: 1 }) ?? 1,
    metadata: {},
  }));
  if (items.length === 0) throw noUpcoming(customer.id);
  const period = { start: now, end: periodEnd(now, now, items[0].price.recurring!) };
  const lines = items.map((item) => ({ ...periodLine(app, '', item, period), subscription: null }));
  return createInvoice(
    app,
    { customer, subscription: null, lines, billingReason: 'subscription_create', periodStart: now, periodEnd: now, currency: items[0].price.currency },
    { preview: true },
  );
}

/**
 * `POST /v1/invoices/create_preview`: the invoice a subscription change would produce. When the
 * change is invoiced at once (a new interval, `billing_cycle_anchor=now`, `always_invoice`) that
 * invoice, with the prorations; otherwise the next renewal invoice, with the prorations that
 * would wait for it and the next period's charge at the new price.
 */
function preview(ctx: Ctx): Stripe.Invoice {
  const { app, params: p } = ctx;
  const subscriptionId = p.string('subscription');
  const customerId = p.string('customer');
  const details = p.hash('subscription_details');
  p.ignore('automatic_tax', 'currency');
  if (!subscriptionId && !customerId) {
    throw errors.invalidParam('customer', 'Must provide customer, customer_details, subscription, or schedule.', 'parameter_missing');
  }
  let subscription = subscriptionId ? app.store.require('subscription', subscriptionId, 'subscription') : undefined;
  const customer = requireCustomer(app, customerId ?? (subscription!.customer as string), customerId ? 'customer' : 'subscription');
  if (subscription && subscription.customer !== customer.id) {
    throw errors.invalidParam('subscription', `The subscription ${subscription.id} does not belong to the customer ${customer.id}.`);
  }
  if (!subscription) {
    if (details?.has('items')) return previewNewSubscription(app, customer, details);
    const live = Object.values(app.store.data.objects.subscription).filter((candidate) => candidate.customer === customer.id && !ENDED.includes(candidate.status));
    if (live.length !== 1) throw noUpcoming(customer.id);
    subscription = live[0];
  }
  if (ENDED.includes(subscription.status)) throw noUpcoming(customer.id);

  const now = app.now();
  const targets = details ? readItemTargets(app, subscription, details) : undefined;
  const behavior = (details?.oneOf('proration_behavior', ['create_prorations', 'none', 'always_invoice']) ?? 'create_prorations') as ProrationBehavior;
  const at = details?.int('proration_date') ?? now;
  const anchor = details?.oneOf('billing_cycle_anchor', ['now', 'unchanged']);
  const cancelAtPeriodEnd = details?.bool('cancel_at_period_end') ?? subscription.cancel_at_period_end;
  const change = targets || anchor === 'now' ? planChange(app, subscription, targets ?? currentItems(subscription), behavior, at, anchor === 'now') : undefined;
  const pending = pendingLines(app, subscription);
  const sub = subscription;

  let invoice: Stripe.Invoice;
  if (change?.invoiceNow) {
    invoice = app.store.at(at, () =>
      createInvoice(
        app,
        { customer, subscription: sub, lines: [...pending, ...change.lines], billingReason: 'subscription_update', periodStart: at, periodEnd: at, currency: sub.currency },
        { preview: true },
      ),
    );
  } else {
    if (cancelAtPeriodEnd) throw noUpcoming(customer.id);
    const current = sub.items.data[0];
    const items = change?.items ?? currentItems(sub);
    const next = { start: current.current_period_end, end: periodEnd(sub.billing_cycle_anchor, current.current_period_end, items[0].price.recurring!) };
    const lines: LineDraft[] = [...pending, ...(change?.lines ?? []), ...items.map((item) => periodLine(app, sub.id, item, next))];
    invoice = app.store.at(next.start, () =>
      createInvoice(
        app,
        {
          customer,
          subscription: sub,
          lines,
          billingReason: 'subscription_cycle',
          periodStart: current.current_period_start,
          periodEnd: current.current_period_end,
          currency: sub.currency,
        },
        { preview: true },
      ),
    );
  }
  if (change && invoice.parent?.subscription_details) invoice.parent.subscription_details.subscription_proration_date = at;
  return invoice;
}

/** `POST /v1/invoices/{id}/pay`: collect an open invoice now (after the customer changed cards). */
function pay(ctx: Ctx): Stripe.Invoice {
  const { app, params: p } = ctx;
  const invoice = app.store.require('invoice', ctx.path.id);
  if (invoice.status !== 'open') throw errors.state('Invoice is already paid', undefined, 'invoice_not_editable');
  const paidOutOfBand = p.bool('paid_out_of_band');
  const paymentMethodId = p.string('payment_method');
  p.ignore('off_session', 'forgive');
  const paymentMethod = paymentMethodId ? resolvePaymentMethod(app, paymentMethodId, 'payment_method').id : undefined;
  const subscriptionId = invoice.parent?.subscription_details?.subscription as string | undefined;
  const subscription = subscriptionId ? app.store.get('subscription', subscriptionId) : undefined;
  if (paidOutOfBand) {
    invoice.amount_paid = 0;
    invoice.amount_remaining = 0;
    invoice.status = 'paid';
    invoice.status_transitions.paid_at = app.now();
    invoice.next_payment_attempt = null;
    app.emit('invoice.paid', invoice, { request: ctx.request });
  } else {
    const failure = attemptPayment(app, invoice, { paymentMethod, request: ctx.request });
    if (failure) throw cardError(failure);
  }
  if (subscription && (subscription.status === 'past_due' || subscription.status === 'unpaid') && !hasOpenInvoice(app, subscription)) {
    setStatus(app, subscription, 'active', ctx.request);
  }
  return invoice;
}

function list(ctx: Ctx) {
  const { app, params: p } = ctx;
  const customer = p.string('customer');
  const subscription = p.string('subscription');
  const status = p.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void']);
  const created = createdFilter(p);
  p.ignore('collection_method');
  const invoices = app.store
    .all('invoice')
    .filter(
      (invoice) =>
        (!customer || invoice.customer === customer) &&
        (!subscription || invoice.parent?.subscription_details?.subscription === subscription) &&
        (!status || invoice.status === status) &&
        created(invoice.created),
    );
  return paginate(invoices, p, '/v1/invoices');
}

function lines(ctx: Ctx) {
  const invoice = ctx.app.store.require('invoice', ctx.path.id);
  return paginate(invoice.lines.data, ctx.params, `/v1/invoices/${invoice.id}/lines`);
}

export const invoiceRoutes: Route[] = [
  { method: 'POST', path: '/v1/invoices/create_preview', handler: preview },
  { method: 'GET', path: '/v1/invoices', handler: list },
  { method: 'GET', path: '/v1/invoices/:id', handler: (ctx) => ctx.app.store.require('invoice', ctx.path.id) },
  { method: 'GET', path: '/v1/invoices/:id/lines', handler: lines },
  { method: 'POST', path: '/v1/invoices/:id/pay', handler: pay },
];
