import type Stripe from 'stripe';
import type { StripeLocal } from '../core/app.ts';
import { errors } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { formatAmount, formatDate, formatInterval } from '../core/money.ts';
import type { LineDraft } from './invoicing.ts';
import { periodEnd, sameInterval } from './periods.ts';

/** What an item of the subscription should be after a change. */
export interface ItemTarget {
  id: string;
  price: Stripe.Price;
  quantity: number;
  metadata: Stripe.Metadata;
}

export type ProrationBehavior = 'create_prorations' | 'none' | 'always_invoice';

export interface PlanChange {
  items: ItemTarget[];
  /** The billing period restarts at the change (the interval changed, or `billing_cycle_anchor=now`). */
  resetsCycle: boolean;
  period: { start: number; end: number };
  /** Prorations, and the new period's charge when the cycle restarts. */
  lines: LineDraft[];
  /** Stripe invoices at once when the cycle restarts or with `always_invoice`; else prorations wait for the next invoice. */
  invoiceNow: boolean;
  changed: boolean;
}

function productName(app: StripeLocal, price: Stripe.Price): string {
  return app.store.get('product', price.product as string)?.name ?? (price.product as string);
}

function quantityPrefix(quantity: number): string {
  return quantity === 1 ? '' : `${quantity} × `;
}

/** `1 × Pro (at $10.00 / month)`: the line for a full period of one item. */
export function periodLine(app: StripeLocal, subscriptionId: string, item: ItemTarget, period: { start: number; end: number }): LineDraft {
  const { price } = item;
  return {
    amount: (price.unit_amount ?? 0) * item.quantity,
    currency: price.currency,
    description: `${item.quantity} × ${productName(app, price)} (at ${formatAmount(price.unit_amount ?? 0, price.currency)} / ${formatInterval(price.recurring!)})`,
    period,
    price,
    quantity: item.quantity,
    proration: false,
    subscription: subscriptionId,
    subscription_item: item.id,
    invoice_item: null,
  };
}

/** `Trial period for Pro`, the zero line of a subscription's first invoice during a trial. */
export function trialLine(app: StripeLocal, subscriptionId: string, item: ItemTarget, period: { start: number; end: number }): LineDraft {
  return { ...periodLine(app, subscriptionId, item, period), amount: 0, description: `Trial period for ${productName(app, item.price)}` };
}

/**
 * One proration line, computed as Stripe does, to the second: the share of the period left after
 * `at` of the item's full amount, negative ("Unused time on ...") for what is given back.
 */
function prorationLine(
  app: StripeLocal,
  subscriptionId: string,
  item: ItemTarget,
  period: { start: number; end: number },
  at: number,
  kind: 'credit' | 'debit',
): LineDraft {
  const { price, quantity } = item;
  const share = (period.end - at) / (period.end - period.start);
  const amount = Math.round((price.unit_amount ?? 0) * quantity * share);
  const words = kind === 'credit' ? 'Unused time on' : 'Remaining time on';
  return {
    amount: kind === 'credit' ? -amount : amount,
    currency: price.currency,
    description: `${words} ${quantityPrefix(quantity)}${productName(app, price)} after ${formatDate(at)}`,
    period: { start: at, end: period.end },
    price,
    quantity,
    proration: true,
    subscription: subscriptionId,
    subscription_item: item.id,
    invoice_item: newId.long('ii'),
  };
}

/** All items of a subscription bill together: one currency, one interval. */
export function checkSameBilling(prices: Stripe.Price[], param: string): void {
  for (const price of prices) {
    if (price.currency !== prices[0].currency) {
      throw errors.invalidParam(param, 'Currency and interval fields must match across all plans on this subscription. Found mismatch in currency field.');
    }
    if (!sameInterval(price.recurring, prices[0].recurring)) {
      throw errors.invalidParam(param, 'Currency and interval fields must match across all plans on this subscription. Found mismatch in interval field.');
    }
  }
}

export function currentItems(subscription: Stripe.Subscription): ItemTarget[] {
  return subscription.items.data.map((item) => ({ id: item.id, price: item.price, quantity: item.quantity ?? 1, metadata: item.metadata }));
}

/**
 * Works out a change of a subscription's items at `at`: which prorations Stripe would create,
 * whether the billing period restarts and whether an invoice is made at once.
 */
export function planChange(
  app: StripeLocal,
  subscription: Stripe.Subscription,
  targets: ItemTarget[],
  behavior: ProrationBehavior,
  at: number,
  resetAnchor: boolean,
): PlanChange {
  const before = currentItems(subscription);
  const first = subscription.items.data[0];
  const period = { start: first.current_period_start, end: first.current_period_end };
  if (targets.length === 0) throw errors.invalidParam('items', 'A subscription must have at least one active plan.');
  checkSameBilling(
    targets.map((target) => target.price),
    'items',
  );
  if (targets[0].price.currency !== subscription.currency) {
    throw errors.invalidParam('items', 'Currency and interval fields must match across all plans on this subscription. Found mismatch in currency field.');
  }
  if (at < period.start || at > period.end) {
    throw errors.invalidParam('proration_date', 'The proration date must be within the current billing period of the subscription.', 'parameter_invalid_integer');
  }
  const sameItem = (a: ItemTarget, b: ItemTarget) => a.price.id === b.price.id && a.quantity === b.quantity;
  const changed =
    before.length !== targets.length || targets.some((target) => !before.some((old) => old.id === target.id && sameItem(old, target)));
  const resetsCycle = resetAnchor || !sameInterval(first.price.recurring, targets[0].price.recurring);
  const prorate = behavior !== 'none' && subscription.status !== 'trialing';
  const lines: LineDraft[] = [];
  const newPeriod = resetsCycle ? { start: at, end: periodEnd(at, at, targets[0].price.recurring!) } : period;

  for (const old of before) {
    const target = targets.find((candidate) => candidate.id === old.id);
    const itemChanged = !target || !sameItem(old, target);
    if (prorate && (itemChanged || resetsCycle)) lines.push(prorationLine(app, subscription.id, old, period, at, 'credit'));
  }
  for (const target of targets) {
    const old = before.find((candidate) => candidate.id === target.id);
    if (resetsCycle) {
      lines.push(periodLine(app, subscription.id, target, newPeriod));
    } else if (prorate && (!old || !sameItem(old, target))) {
      lines.push(prorationLine(app, subscription.id, target, period, at, 'debit'));
    }
  }
  return { items: targets, resetsCycle, period: newPeriod, lines, invoiceNow: resetsCycle || (behavior === 'always_invoice' && lines.length > 0), changed };
}
