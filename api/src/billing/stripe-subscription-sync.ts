import type { Db, SubscriptionRow, SubscriptionStatus } from '@app/db';
import * as billingRepository from '@app/db/billing/billing';
import * as stripeBillingRepository from '@app/db/billing/stripe-billing';
import type { AppDeps } from '../context.ts';
import { logger } from '../logging/logger.ts';
import { type BillingEvent, type ProviderFinding, type StoreOutcome, storeProviderState, type SyncResult, syncProviderSubscription, timedRead } from './provider-state.ts';
import { idOf, isoFromUnix, type Stripe } from './stripe-gateway.ts';
import type { PaymentMethodView } from './subscription-view.ts';

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
 * The row a Stripe subscription's current state makes, the one way every path (checkout
 * completion, webhooks, the billing pages' actions) keeps it: from what Stripe says now, never from
 * an event's copy, so events arriving late or out of order cannot roll it back. No state for a
 * subscription that is not ours (a customer this site did not make) or not started.
 */
async function stripeFinding(db: Db, subscription: Stripe.Subscription, read: billingRepository.ProviderRead): Promise<ProviderFinding> {
  const customerId = idOf(subscription.customer);
  const userId = customerId ? await stripeBillingRepository.userOfStripeCustomer(db, customerId) : undefined;
  // Only customers this site made count: a subscription naming someone else's customer is ignored.
  if (userId === undefined) return { state: undefined, existing: undefined, read };
  const existing = await billingRepository.findGatewaySubscription(db, 'stripe', subscription.id);
  const status = statusFromStripe(subscription.status);
  if (status === null) return { state: undefined, existing, read };

  const item = subscription.items.data[0];
  const stripePrice = item?.price;
  const { productId, priceId } = await planOf(db, stripePrice, existing);
  const periodEnd = isoFromUnix(item?.current_period_end);
  const ended = status === 'expired';
  const cancelling = !ended && (subscription.cancel_at_period_end || subscription.cancel_at !== null);
  const cancelledAt = ended || cancelling ? (isoFromUnix(subscription.canceled_at) ?? existing?.cancelled_at ?? new Date().toISOString()) : null;
  const endsAt = ended ? (isoFromUnix(subscription.ended_at) ?? new Date().toISOString()) : cancelling ? (isoFromUnix(subscription.cancel_at) ?? periodEnd) : null;

  const state: billingRepository.GatewaySubscriptionState = {
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
  };
  return { state, existing, read };
}

/**
 * Stores a Stripe subscription's state read at `read` (storeProviderState), with the webhook event
 * that brought it: a state that may be older than the stored one is not written (`overtaken`: read
 * again), and a second subscription of someone already subscribed is not stored as counting.
 */
export async function storeStripeSubscription(deps: AppDeps, subscription: Stripe.Subscription, read: billingRepository.ProviderRead, event?: BillingEvent): Promise<StoreOutcome> {
  return storeProviderState(deps.db, event, await stripeFinding(deps.db, subscription, read));
}

/** Calls Stripe for a subscription's state, noting when the call began and ended. */
export async function readFromStripe(call: () => Promise<Stripe.Subscription>): Promise<{ subscription: Stripe.Subscription; read: billingRepository.ProviderRead }> {
  const { value, read } = await timedRead(call);
  return { subscription: value, read };
}

const ENDED: Stripe.Subscription.Status[] = ['canceled', 'incomplete_expired'];

/**
 * Undoes a subscription someone paid for while already subscribed (two checkouts open at once):
 * Stripe cancels it now and refunds what its invoices took, through a credit note, so the invoice
 * itself shows the refund. A step already done is skipped, and the refund's idempotency key makes
 * a repeat (a redelivered event, another process) refund nothing more.
 */
async function refundSecondSubscription(stripe: Stripe, subscription: Stripe.Subscription): Promise<void> {
  if (!ENDED.includes(subscription.status)) {
    await stripe.subscriptions.cancel(subscription.id, { cancellation_details: { comment: 'A second subscription of a customer who was already subscribed: cancelled and refunded.' } });
  }
  for await (const invoice of stripe.invoices.list({ subscription: subscription.id, status: 'paid', limit: 100 })) {
    const left = invoice.amount_paid - invoice.post_payment_credit_notes_amount;
    if (left <= 0) continue;
    await stripe.creditNotes.create({ invoice: invoice.id!, amount: left, refund_amount: left, reason: 'duplicate' }, { idempotencyKey: `second-subscription-refund-${invoice.id}` });
  }
}

/**
 * The customer's Checkout pages still open, given up once they are subscribed: a second tab's page
 * then refuses to take a payment, rather than taking one that would be refunded. A page that cannot
 * be closed now is left; a payment made on it is refunded (refundSecondSubscription).
 */
async function closeOpenCheckouts(stripe: Stripe, subscription: Stripe.Subscription): Promise<void> {
  const customer = idOf(subscription.customer);
  if (!customer) return;
  try {
    for await (const session of stripe.checkout.sessions.list({ customer, status: 'open', limit: 100 })) {
      if (session.mode === 'subscription' && session.metadata?.user_id) await stripe.checkout.sessions.expire(session.id);
    }
  } catch (error) {
    logger.warn({ err: error, customer }, 'Could not close the open Checkout pages of a new subscriber');
  }
}

/**
 * Our plan and price for a Stripe price. The product id at Stripe never changes, while a price
 * changed in the back office gets a new Stripe price: a subscriber still on the old one keeps the
 * plan and the price row they had.
 */
async function planOf(db: Db, stripePrice: Stripe.Price | undefined, existing: SubscriptionRow | undefined): Promise<{ productId: number | null; priceId: number | null }> {
  if (!stripePrice) return { productId: existing?.product_id ?? null, priceId: existing?.price_id ?? null };
  const price = await stripeBillingRepository.findPriceByStripeId(db, stripePrice.id);
  if (price) return { productId: price.product_id, priceId: price.id };
  const stripeProductId = idOf(stripePrice.product as string | Stripe.Product | null);
  const product = stripeProductId ? await stripeBillingRepository.findProductByStripeId(db, stripeProductId) : undefined;
  const productId = product?.id ?? existing?.product_id ?? null;
  if (existing?.price_id != null && existing.product_id === productId) return { productId, priceId: existing.price_id };
  // First seen after its price was replaced (a late webhook): the plan's price for the same period.
  const samePeriod =
    productId === null || !stripePrice.recurring
      ? undefined
      : (await billingRepository.pricesOfProducts(db, [productId])).get(productId)?.find(
          (price) => price.interval === stripePrice.recurring!.interval && price.interval_count === stripePrice.recurring!.interval_count && price.currency.toLowerCase() === stripePrice.currency.toLowerCase(),
        );
  return { productId, priceId: samePeriod?.id ?? null };
}

/**
 * Reads a Stripe subscription and stores it (syncProviderSubscription): `first` is a state already
 * read (the answer to an update), `event` the webhook event to record with it.
 */
export async function syncStripeSubscription(
  deps: AppDeps,
  stripe: Stripe,
  subscriptionId: string,
  options: { event?: BillingEvent; first?: { subscription: Stripe.Subscription; read: billingRepository.ProviderRead } } = {},
): Promise<SyncResult> {
  let latest: Stripe.Subscription | undefined = options.first?.subscription;
  const first = options.first ? await stripeFinding(deps.db, options.first.subscription, options.first.read) : undefined;
  return syncProviderSubscription(
    deps.db,
    {
      read: async () => {
        const { subscription, read } = await readFromStripe(() => retrieveStripeSubscription(stripe, subscriptionId));
        latest = subscription;
        return stripeFinding(deps.db, subscription, read);
      },
      refundSecond: () => refundSecondSubscription(stripe, latest!),
      started: () => closeOpenCheckouts(stripe, latest!),
    },
    { event: options.event, first },
  );
}

/**
 * Makes the card saved in a setup session the one the customer and the subscription pay with, and
 * retries an unpaid invoice with it, so a user who was past due is back in good standing at once.
 * Stripe's side is done first (each step harmless to repeat), then the subscription is stored with
 * `event`; undefined when the session changes nothing of ours.
 */
export async function applySetupSession(deps: AppDeps, stripe: Stripe, session: Stripe.Checkout.Session, event?: BillingEvent): Promise<SyncResult | undefined> {
  const intent = typeof session.setup_intent === 'string' ? await stripe.setupIntents.retrieve(session.setup_intent) : session.setup_intent;
  const paymentMethod = idOf(intent?.payment_method ?? null);
  const customer = idOf(session.customer);
  const subscriptionId = session.metadata?.subscription_id;
  if (!paymentMethod || !customer || typeof subscriptionId !== 'string' || !subscriptionId.startsWith('sub_')) return undefined;
  await stripe.customers.update(customer, { invoice_settings: { default_payment_method: paymentMethod } });
  const subscription = await stripe.subscriptions.update(subscriptionId, { default_payment_method: paymentMethod });
  if (subscription.status === 'past_due' || subscription.status === 'unpaid') {
    for await (const invoice of stripe.invoices.list({ subscription: subscriptionId, status: 'open', limit: 10 })) {
      // A card that fails again leaves the subscription past due; the user sees its status.
      await stripe.invoices.pay(invoice.id, { payment_method: paymentMethod }).catch(() => undefined);
    }
  }
  return syncStripeSubscription(deps, stripe, subscriptionId, { event });
}
