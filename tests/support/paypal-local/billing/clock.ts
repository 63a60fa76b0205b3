import type { Due } from '../../local-double/store.ts';
import type { PayPalLocal } from '../core/app.ts';
import { money, seconds, toMinor } from '../core/money.ts';
import type { Subscription } from '../core/types.ts';
import { requirePlan } from '../resources/plans.ts';
import { completeCycle, setStatus } from '../resources/subscriptions.ts';
import { billing, charge, priceOf, reportFailure } from './payments.ts';

const DAY = 86_400;

/**
 * After a declined payment: the failure counts toward the plan's `payment_failure_threshold`
 * (0: no limit); reaching it suspends the subscription (or cancels it, `--after-failures cancel`).
 * Otherwise, with `auto_bill_outstanding`, the amount is tried again on the retry schedule.
 */
function afterDecline(app: PayPalLocal, subscription: Subscription, retriesLeft: number): void {
  const plan = requirePlan(app, subscription.plan_id);
  const threshold = plan.payment_preferences.payment_failure_threshold;
  const info = billing(subscription);
  const delays = app.options.paymentRetryDays;
  const retryIndex = delays.length - retriesLeft;
  if (threshold > 0 && info.failed_payments_count >= threshold) {
    reportFailure(app, subscription);
    const note = 'Payment failure threshold reached';
    if (app.options.afterFailures === 'cancel') setStatus(app, subscription, 'CANCELLED', note);
    else setStatus(app, subscription, 'SUSPENDED', note);
    return;
  }
  if (plan.payment_preferences.auto_bill_outstanding && retriesLeft > 0) {
    const at = app.now() + delays[retryIndex] * DAY;
    app.store.data.retries[subscription.id] = { at, left: retriesLeft - 1 };
    info.last_failed_payment!.next_payment_retry_time = new Date(at * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  } else {
    delete app.store.data.retries[subscription.id];
  }
  app.store.changed();
  reportFailure(app, subscription);
}

/** A billing date: the cycle's price (and, with `auto_bill_outstanding`, what is still owed) is charged. */
function renew(app: PayPalLocal, subscription: Subscription): void {
  const info = billing(subscription);
  const execution = info.cycle_executions[0];
  if (execution.total_cycles > 0 && execution.cycles_completed >= execution.total_cycles) {
    setStatus(app, subscription, 'EXPIRED');
    return;
  }
  const plan = requirePlan(app, subscription.plan_id);
  const price = priceOf(app, subscription);
  const owed = toMinor(info.outstanding_balance);
  const amount = money(toMinor(price) + (plan.payment_preferences.auto_bill_outstanding ? owed : 0), price.currency_code);
  completeCycle(app, subscription);
  // A renewal takes over whatever retry was pending: it bills the outstanding amount itself.
  delete app.store.data.retries[subscription.id];
  if (charge(app, subscription, amount)) {
    info.outstanding_balance = money(plan.payment_preferences.auto_bill_outstanding ? 0 : owed, price.currency_code);
    return;
  }
  info.outstanding_balance = money(plan.payment_preferences.auto_bill_outstanding ? toMinor(amount) : owed + toMinor(price), price.currency_code);
  afterDecline(app, subscription, app.options.paymentRetryDays.length);
}

/** A retry of the outstanding balance after a declined payment. */
function retry(app: PayPalLocal, subscription: Subscription): void {
  const pending = app.store.data.retries[subscription.id];
  delete app.store.data.retries[subscription.id];
  const info = billing(subscription);
  if (charge(app, subscription, info.outstanding_balance)) {
    info.outstanding_balance = money(0, info.outstanding_balance.currency_code);
    app.store.changed();
    return;
  }
  afterDecline(app, subscription, pending.left);
}

/** The earliest thing the billing machinery has to do by `until`, if any. */
function nextDue(app: PayPalLocal, until: number): Due | undefined {
  let next: Due | undefined;
  const consider = (at: number, run: () => void) => {
    if (at <= until && (!next || at < next.at)) next = { at, run };
  };
  for (const subscription of Object.values(app.store.data.subscriptions)) {
    if (subscription.status !== 'ACTIVE') continue;
    const info = billing(subscription);
    if (info.next_billing_time) consider(seconds(info.next_billing_time), () => renew(app, subscription));
    const pending = app.store.data.retries[subscription.id];
    if (pending) consider(pending.at, () => retry(app, subscription));
  }
  return next;
}

/**
 * Runs, in time order, everything due by `until` (billing dates, payment retries, expiries), each
 * with the clock stopped at its own moment so transactions and events carry the time PayPal would give.
 */
export function catchUp(app: PayPalLocal, until = app.now()): number {
  return app.store.runDue(until, (by) => nextDue(app, by));
}

/** Moves the simulated clock forward and runs what falls due. */
export function advanceClock(app: PayPalLocal, seconds: number): { now: number; processed: number } {
  return app.store.advance(seconds, (until) => catchUp(app, until));
}
