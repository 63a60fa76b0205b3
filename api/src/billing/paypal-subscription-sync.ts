import type { PriceRow, SubscriptionRow, SubscriptionStatus } from '@app/db';
import * as usersRepository from '@app/db/accounts/users';
import * as paypalBillingRepository from '@app/db/billing/paypal-billing';
import * as billingRepository from '@app/db/billing/billing';
import type { AppDeps } from '../context.ts';
import { isoFromPayPal, type PayPalClient, type PayPalSubscription } from './paypal-gateway.ts';
import { type BillingEvent, type ProviderFinding, type StoreOutcome, storeProviderState, type SyncResult, syncProviderSubscription, timedRead } from './provider-state.ts';

/** How long a subscription PayPal suspended (it gave up retrying a payment) keeps its plan. */
export const SUSPENDED_GRACE_DAYS = 14;
const DAY_MS = 86_400_000;

/** PayPal's subscription ids: I- and letters and digits. Anything else is never sent to PayPal. */
export const PAYPAL_SUBSCRIPTION_ID = /^I-[A-Z0-9]{4,60}$/;

/** The end of the period a payment made at `paidAt` covers, for this price. */
function periodAfter(paidAt: string | null, price: PriceRow | undefined): string | null {
  if (!paidAt || !price) return null;
  const date = new Date(paidAt);
  if (price.interval === 'day') date.setUTCDate(date.getUTCDate() + price.interval_count);
  else if (price.interval === 'month') date.setUTCMonth(date.getUTCMonth() + price.interval_count);
  else date.setUTCFullYear(date.getUTCFullYear() + price.interval_count);
  return date.toISOString();
}

/** Our plan and price for a PayPal plan; a plan replaced since (its price changed) is found by its product at PayPal. */
async function planOf(deps: AppDeps, paypal: PayPalClient, planId: string | undefined, existing: SubscriptionRow | undefined) {
  const price = planId ? await paypalBillingRepository.findPriceByPayPalPlanId(deps.db, planId) : undefined;
  if (price) return { productId: price.product_id, priceId: price.id };
  if (existing && existing.product_id !== null) return { productId: existing.product_id, priceId: existing.price_id };
  const plan = planId ? await paypal.getPlan(planId).catch(() => undefined) : undefined;
  const product = plan?.product_id ? await paypalBillingRepository.findProductByPayPalId(deps.db, plan.product_id) : undefined;
  return { productId: product?.id ?? null, priceId: null };
}

/**
 * The row a PayPal subscription's current state makes, from what PayPal says now (never an event's
 * copy), so late or reordered events cannot roll it back. PayPal's states become ours: ACTIVE is
 * active, or past_due while a failed payment is being retried (failed_payments_count); SUSPENDED
 * (PayPal stopped retrying) is past_due for SUSPENDED_GRACE_DAYS, then it stops counting; CANCELLED
 * is cancelled, counting until the end of the period paid for (PayPal ends it at once but the money
 * covers the period), unless what it took was refunded (`refunded`): then nothing is paid for and it
 * ends; EXPIRED is expired. Not yet approved, or not made by this site: no state.
 */
async function paypalFinding(deps: AppDeps, paypal: PayPalClient, subscription: PayPalSubscription, read: billingRepository.ProviderRead, refunded = false): Promise<ProviderFinding> {
  const db = deps.db;
  const none = (existing?: SubscriptionRow): ProviderFinding => ({ state: undefined, existing, read });
  // custom_id is the user id this site set when it made the subscription with its own credentials.
  const userId = typeof subscription.custom_id === 'string' && /^[1-9]\d{0,14}$/.test(subscription.custom_id) ? Number(subscription.custom_id) : undefined;
  if (userId === undefined || !(await usersRepository.findUserById(db, userId))) return none();
  if (typeof subscription.id !== 'string' || !PAYPAL_SUBSCRIPTION_ID.test(subscription.id)) return none();
  const existing = await billingRepository.findGatewaySubscription(db, 'paypal', subscription.id);
  if (existing && existing.user_id !== userId) return none();
  if (subscription.status === 'APPROVAL_PENDING' || subscription.status === 'APPROVED') return none(existing);

  const { productId, priceId } = await planOf(deps, paypal, subscription.plan_id, existing);
  const billing = subscription.billing_info ?? {};
  const now = new Date().toISOString();
  const changedAt = isoFromPayPal(subscription.status_update_time) ?? now;
  const nextBilling = isoFromPayPal(billing.next_billing_time);
  const price = priceId === null ? undefined : await billingRepository.findPrice(db, priceId);
  let state: { status: SubscriptionStatus; renews_at: string | null; ends_at: string | null; cancelled_at: string | null };
  switch (subscription.status) {
    case 'ACTIVE':
      state = { status: (billing.failed_payments_count ?? 0) > 0 ? 'past_due' : 'active', renews_at: nextBilling ?? existing?.renews_at ?? null, ends_at: null, cancelled_at: null };
      break;
    case 'SUSPENDED': {
      const graceEnd = existing?.status === 'past_due' && existing.ends_at ? existing.ends_at : new Date(Date.parse(changedAt) + SUSPENDED_GRACE_DAYS * DAY_MS).toISOString();
      state = { status: 'past_due', renews_at: null, ends_at: graceEnd, cancelled_at: null };
      break;
    }
    case 'CANCELLED': {
      if (refunded) {
        state = { status: 'expired', renews_at: null, ends_at: changedAt, cancelled_at: existing?.cancelled_at ?? changedAt };
        break;
      }
      const paidUntil =
        (existing?.status === 'cancelled' ? existing.ends_at : null) ??
        nextBilling ??
        (existing?.status === 'past_due' ? existing.ends_at : existing?.renews_at) ??
        periodAfter(isoFromPayPal(billing.last_payment?.time), price) ??
        changedAt;
      state = { status: 'cancelled', renews_at: null, ends_at: paidUntil, cancelled_at: existing?.cancelled_at ?? changedAt };
      break;
    }
    case 'EXPIRED':
      state = { status: 'expired', renews_at: null, ends_at: existing?.ends_at && Date.parse(existing.ends_at) <= Date.now() ? existing.ends_at : changedAt, cancelled_at: existing?.cancelled_at ?? null };
      break;
    default:
      return none(existing);
  }
  return {
    state: {
      user_id: userId,
      product_id: productId,
      price_id: priceId,
      gateway: 'paypal',
      gateway_id: subscription.id,
      // PayPal pays from the payer's PayPal account; the funding source behind it is PayPal's to show.
      payment_method: null,
      ...state,
    },
    existing,
    read,
  };
}

/**
 * Stores a PayPal subscription's state read at `read` (storeProviderState), with the webhook event
 * that brought it: an older read than the stored one is not written (`overtaken`), and a second
 * subscription of someone already subscribed is not stored as counting (`second`).
 */
export async function storePayPalSubscription(
  deps: AppDeps,
  paypal: PayPalClient,
  subscription: PayPalSubscription,
  read: billingRepository.ProviderRead,
  options: { event?: BillingEvent; refunded?: boolean } = {},
): Promise<StoreOutcome> {
  return storeProviderState(deps.db, options.event, await paypalFinding(deps, paypal, subscription, read, options.refunded));
}

/** The subscription's payments: from a day before PayPal made it (the first is taken when the payer approves). */
function paymentsOf(paypal: PayPalClient, subscription: PayPalSubscription) {
  const made = Date.parse(subscription.create_time ?? subscription.start_time ?? '');
  const start = new Date((Number.isNaN(made) ? Date.now() - 400 * DAY_MS : made) - DAY_MS).toISOString();
  return paypal.listTransactions(subscription.id, start, new Date().toISOString());
}

/** A cancelled subscription whose payments were all given back: nothing of it is paid for. */
async function refundedInFull(paypal: PayPalClient, subscription: PayPalSubscription): Promise<boolean> {
  if (subscription.status !== 'CANCELLED') return false;
  const payments = await paymentsOf(paypal, subscription);
  return payments.some((payment) => payment.status === 'REFUNDED') && !payments.some((payment) => payment.status === 'COMPLETED' || payment.status === 'PARTIALLY_REFUNDED');
}

/**
 * Undoes a subscription someone approved while already subscribed (two checkouts open at once):
 * PayPal cancels it and refunds its payments. A step already done is skipped, and each refund's
 * PayPal-Request-Id makes a repeat (a redelivered event, another process) refund nothing more.
 */
async function refundSecondSubscription(paypal: PayPalClient, subscription: PayPalSubscription): Promise<void> {
  if (subscription.status === 'ACTIVE' || subscription.status === 'SUSPENDED') {
    await paypal.cancelSubscription(subscription.id, 'A second subscription of a subscriber: cancelled and refunded.');
  }
  for (const payment of await paymentsOf(paypal, subscription)) {
    if (payment.status === 'COMPLETED') await paypal.refundCapture(payment.id, `second-subscription-refund-${payment.id}`);
  }
}

/**
 * Reads a PayPal subscription and stores it (syncProviderSubscription): `first` is a state already
 * read (the one the done page was sent back with), `event` the webhook event to record with it.
 */
export async function syncPayPalSubscription(
  deps: AppDeps,
  paypal: PayPalClient,
  subscriptionId: string,
  options: { event?: BillingEvent; first?: { subscription: PayPalSubscription; read: billingRepository.ProviderRead } } = {},
): Promise<SyncResult> {
  let latest = options.first?.subscription;
  const finding = async (subscription: PayPalSubscription, read: billingRepository.ProviderRead) => paypalFinding(deps, paypal, subscription, read, await refundedInFull(paypal, subscription));
  const first = options.first ? await finding(options.first.subscription, options.first.read) : undefined;
  return syncProviderSubscription(
    deps.db,
    {
      read: async () => {
        const { value, read } = await timedRead(() => paypal.getSubscription(subscriptionId));
        latest = value;
        return finding(value, read);
      },
      refundSecond: () => refundSecondSubscription(paypal, latest!),
    },
    { event: options.event, first },
  );
}
