import {
  findGatewaySubscription,
  findPrice,
  findPriceByStripeId,
  findProduct,
  findProductByStripeId,
  pricesOfProducts,
  saveReadGatewaySubscription,
  userOfStripeCustomer,
  type Db,
  type ProviderRead,
  type SubscriptionRow,
  type SubscriptionStatus,
} from '@app/db';
import type { AppDeps } from '../../context.ts';
import { subscriptionStanding } from '../subscriptions.service.ts';
import { idOf, isoFromUnix, type Stripe } from './stripe-gateway.ts';

export interface PaymentMethodView {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** A subscription as the billing pages show it (`GET billing/subscription`). */
export interface SubscriptionView {
  id: number;
  status: SubscriptionStatus;
  gateway: SubscriptionRow['gateway'];
  product: { id: number; name: string } | null;
  price: { id: number; amount: number; currency: string; interval: 'day' | 'month' | 'year'; interval_count: number } | null;
  renews_at: string | null;
  ends_at: string | null;
  cancelled_at: string | null;
  on_grace_period: boolean;
  payment_method: PaymentMethodView | null;
}

/**
 * Our status for Stripe's. Stripe's `canceled`, `unpaid`, `incomplete_expired` and `paused` all
 * mean the plan is no longer paid for, so they end it (`expired`); a cancellation at the end of
 * the period stays `active` with `cancelled_at` and `ends_at` set until Stripe ends it.
 */
export function statusFromStripe(status: Stripe.Subscription.Status): SubscriptionStatus | null {
  switch (status) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'past_due':
      return 'past_due';
    case 'incomplete':
      // The first payment is still being made: nothing to grant or show yet.
      return null;
    default:
      return 'expired';
  }
}

function cardOf(method: string | Stripe.PaymentMethod | null | undefined): string | null {
  if (!method || typeof method === 'string' || !method.card) return null;
  const { brand, last4, exp_month, exp_year } = method.card;
  return JSON.stringify({ brand, last4, exp_month, exp_year } satisfies PaymentMethodView);
}

/** Retrieves the subscription with what the sync needs expanded. */
export function retrieveStripeSubscription(stripe: Stripe, id: string): Promise<Stripe.Subscription> {
  return stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] });
}

/**
 * Writes a Stripe subscription's current state to our table, the one way every path (checkout
 * completion, webhooks, the billing pages' actions) keeps it: from what Stripe says now, never from
 * an event's copy, so events arriving late or out of order cannot roll it back. `read` says when
 * that state was asked of Stripe: a state that may be older than the stored one is not written
 * (`written` false; the caller reads again). `row` is undefined for a subscription that is not
 * ours or not started.
 */
export async function storeStripeSubscription(deps: AppDeps, subscription: Stripe.Subscription, read: ProviderRead): Promise<{ row: SubscriptionRow | undefined; written: boolean }> {
  const db = deps.db;
  const customerId = idOf(subscription.customer);
  const userId = customerId ? await userOfStripeCustomer(db, customerId) : undefined;
  // Only customers this site made count: a subscription naming someone else's customer is ignored.
  if (userId === undefined) return { row: undefined, written: true };
  const existing = await findGatewaySubscription(db, 'stripe', subscription.id);
  const status = statusFromStripe(subscription.status);
  if (status === null) return { row: existing, written: true };

  const item = subscription.items.data[0];
  const stripePrice = item?.price;
  const { productId, priceId } = await planOf(db, stripePrice, existing);
  const periodEnd = isoFromUnix(item?.current_period_end);
  const ended = status === 'expired';
  const cancelling = !ended && (subscription.cancel_at_period_end || subscription.cancel_at !== null);
  const cancelledAt = ended || cancelling ? (isoFromUnix(subscription.canceled_at) ?? existing?.cancelled_at ?? new Date().toISOString()) : null;
  const endsAt = ended ? (isoFromUnix(subscription.ended_at) ?? new Date().toISOString()) : cancelling ? (isoFromUnix(subscription.cancel_at) ?? periodEnd) : null;

  return saveReadGatewaySubscription(db, {
    user_id: userId,
    product_id: productId,
    price_id: priceId,
    status,
    gateway: 'stripe',
    gateway_id: subscription.id,
    ends_at: endsAt,
    renews_at: ended || cancelling ? null : periodEnd,
    cancelled_at: cancelledAt,
    // Without the method expanded (an event's copy) the card last seen is kept.
    payment_method: cardOf(subscription.default_payment_method) ?? (typeof subscription.default_payment_method === 'string' ? (existing?.payment_method ?? null) : null),
  }, read);
}

/** Calls Stripe for a subscription's state, noting when the call began and ended. */
export async function readFromStripe(call: () => Promise<Stripe.Subscription>): Promise<{ subscription: Stripe.Subscription; read: ProviderRead }> {
  const startedAt = new Date().toISOString();
  const subscription = await call();
  return { subscription, read: { startedAt, endedAt: new Date().toISOString() } };
}

/**
 * Our plan and price for a Stripe price. The product id at Stripe never changes, while a price
 * changed in the back office gets a new Stripe price: a subscriber still on the old one keeps the
 * plan and the price row they had.
 */
async function planOf(db: Db, stripePrice: Stripe.Price | undefined, existing: SubscriptionRow | undefined): Promise<{ productId: number | null; priceId: number | null }> {
  if (!stripePrice) return { productId: existing?.product_id ?? null, priceId: existing?.price_id ?? null };
  const price = await findPriceByStripeId(db, stripePrice.id);
  if (price) return { productId: price.product_id, priceId: price.id };
  const stripeProductId = idOf(stripePrice.product as string | Stripe.Product | null);
  const product = stripeProductId ? await findProductByStripeId(db, stripeProductId) : undefined;
  const productId = product?.id ?? existing?.product_id ?? null;
  if (existing?.price_id != null && existing.product_id === productId) return { productId, priceId: existing.price_id };
  // First seen after its price was replaced (a late webhook): the plan's price for the same period.
  const samePeriod =
    productId === null || !stripePrice.recurring
      ? undefined
      : (await pricesOfProducts(db, [productId])).get(productId)?.find(
          (price) => price.interval === stripePrice.recurring!.interval && price.interval_count === stripePrice.recurring!.interval_count && price.currency.toLowerCase() === stripePrice.currency.toLowerCase(),
        );
  return { productId, priceId: samePeriod?.id ?? null };
}

/**
 * Re-reads a Stripe subscription and stores it (see storeStripeSubscription). A read that another
 * path may have overtaken (a cancellation stored while this one waited for Stripe) reads once
 * more, so the row ends with Stripe's latest state whatever the order of the writes.
 */
export async function syncStripeSubscription(deps: AppDeps, stripe: Stripe, subscriptionId: string): Promise<SubscriptionRow | undefined> {
  const readAndStore = async () => {
    const { subscription, read } = await readFromStripe(() => retrieveStripeSubscription(stripe, subscriptionId));
    return storeStripeSubscription(deps, subscription, read);
  };
  const first = await readAndStore();
  return first.written ? first.row : (await readAndStore()).row;
}

function parsePaymentMethod(text: string | null): PaymentMethodView | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<PaymentMethodView>;
    return typeof value.brand === 'string' && typeof value.last4 === 'string'
      ? { brand: value.brand, last4: value.last4, exp_month: Number(value.exp_month), exp_year: Number(value.exp_year) }
      : null;
  } catch {
    return null;
  }
}

export async function subscriptionView(db: Db, row: SubscriptionRow, now: number = Date.now()): Promise<SubscriptionView> {
  const product = row.product_id === null ? undefined : await findProduct(db, row.product_id);
  const price = row.price_id === null ? undefined : await findPrice(db, row.price_id);
  return {
    id: row.id,
    status: row.status,
    gateway: row.gateway,
    product: product ? { id: product.id, name: product.name } : null,
    price: price ? { id: price.id, amount: price.amount, currency: price.currency, interval: price.interval, interval_count: price.interval_count } : null,
    renews_at: row.renews_at,
    ends_at: row.ends_at,
    cancelled_at: row.cancelled_at,
    on_grace_period: subscriptionStanding(row, now).on_grace_period,
    payment_method: parsePaymentMethod(row.payment_method),
  };
}
