import type Stripe from 'stripe';
import type { Due } from '../../local-double/store.ts';
import type { StripeLocal } from '../core/app.ts';
import { expireSession } from '../resources/checkout-sessions.ts';
import { requireCustomer } from '../resources/customers.ts';
import { cancelSubscriptionNow, hasOpenInvoice, onRenewalFailure, pendingLines } from '../resources/subscriptions.ts';
import { attemptPayment, createInvoice } from './invoicing.ts';
import { periodEnd } from './periods.ts';
import { currentItems, periodLine } from './proration.ts';

const ENDED = ['canceled', 'incomplete_expired'];
/** Stripe gives an incomplete subscription 23 hours to be paid. */
const INCOMPLETE_WINDOW = 23 * 3600;

/**
 * A new billing period: the renewal invoice (prorations waiting for it, then the new period's
 * charge) is created and collected. Paid: the subscription stays or becomes active (a trial
 * ends). Declined: past_due, with retries on the retry schedule.
 */
function renew(app: StripeLocal, subscription: Stripe.Subscription): void {
  const before = app.present(subscription);
  const current = subscription.items.data[0];
  const items = currentItems(subscription);
  const period = { start: current.current_period_end, end: periodEnd(subscription.billing_cycle_anchor, current.current_period_end, items[0].price.recurring!) };
  const lines = [...pendingLines(app, subscription), ...items.map((item) => periodLine(app, subscription.id, item, period))];
  delete app.store.data.pendingItems[subscription.id];
  const previousPeriod = { start: current.current_period_start, end: current.current_period_end };
  for (const item of subscription.items.data) {
    item.current_period_start = period.start;
    item.current_period_end = period.end;
  }
  const customer = requireCustomer(app, subscription.customer as string);
  const invoice = createInvoice(app, {
    customer,
    subscription,
    lines,
    billingReason: 'subscription_cycle',
    periodStart: previousPeriod.start,
    periodEnd: previousPeriod.end,
    currency: subscription.currency,
  });
  const failure = attemptPayment(app, invoice);
  if (!failure && (subscription.status === 'trialing' || !hasOpenInvoice(app, subscription))) subscription.status = 'active';
  app.store.changed();
  app.emit('customer.subscription.updated', subscription, { before });
  if (failure) onRenewalFailure(app, subscription, invoice);
}

/** The next scheduled retry of a failed invoice. */
function retry(app: StripeLocal, invoice: Stripe.Invoice): void {
  const subscriptionId = invoice.parent?.subscription_details?.subscription as string | undefined;
  const subscription = subscriptionId ? app.store.get('subscription', subscriptionId) : undefined;
  const failure = attemptPayment(app, invoice);
  if (!subscription) {
    invoice.next_payment_attempt = null;
    return;
  }
  if (failure) {
    onRenewalFailure(app, subscription, invoice);
  } else if ((subscription.status === 'past_due' || subscription.status === 'unpaid') && !hasOpenInvoice(app, subscription)) {
    const before = app.present(subscription);
    subscription.status = 'active';
    app.emit('customer.subscription.updated', subscription, { before });
  }
}

function expireIncomplete(app: StripeLocal, subscription: Stripe.Subscription): void {
  subscription.status = 'incomplete_expired';
  subscription.ended_at = app.now();
  for (const invoice of Object.values(app.store.data.objects.invoice)) {
    if (invoice.parent?.subscription_details?.subscription === subscription.id && invoice.status === 'open') {
      invoice.status = 'void';
      invoice.next_payment_attempt = null;
      invoice.status_transitions.voided_at = app.now();
    }
  }
  app.store.changed();
  app.emit('customer.subscription.deleted', subscription);
}

/** The earliest thing the billing machinery has to do by `until`, if any. */
function nextDue(app: StripeLocal, until: number): Due | undefined {
  let next: Due | undefined;
  const consider = (at: number | null, run: () => void) => {
    if (at !== null && at <= until && (!next || at < next.at)) next = { at, run };
  };
  for (const subscription of Object.values(app.store.data.objects.subscription)) {
    if (ENDED.includes(subscription.status)) continue;
    if (subscription.status === 'incomplete') {
      consider(subscription.created + INCOMPLETE_WINDOW, () => expireIncomplete(app, subscription));
      continue;
    }
    const end = subscription.items.data[0].current_period_end;
    if (subscription.cancel_at_period_end) consider(end, () => cancelSubscriptionNow(app, subscription));
    else consider(end, () => renew(app, subscription));
  }
  for (const invoice of Object.values(app.store.data.objects.invoice)) {
    if (invoice.status === 'open' && invoice.next_payment_attempt) consider(invoice.next_payment_attempt, () => retry(app, invoice));
  }
  for (const session of Object.values(app.store.data.objects['checkout.session'])) {
    if (session.status === 'open') consider(session.expires_at, () => expireSession(app, session));
  }
  return next;
}

/**
 * Runs, in time order, everything due by `until` (renewals, payment retries, cancellations at
 * period end, expiries), each with the clock stopped at its own moment so the objects and events
 * it creates carry the time real Stripe would give them.
 */
export function catchUp(app: StripeLocal, until = app.now()): number {
  return app.store.runDue(until, (by) => nextDue(app, by));
}

/** Moves the simulated clock forward (like a Stripe test clock) and runs what falls due. */
export function advanceClock(app: StripeLocal, seconds: number): { now: number; processed: number } {
  return app.store.advance(seconds, (until) => catchUp(app, until));
}
