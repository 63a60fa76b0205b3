import type { PriceRow, SubscriptionRow, SubscriptionStatus } from '@app/db';
import * as usersRepository from '@app/db/accounts/users';
import * as billingRepository from '@app/db/billing/billing';
import * as paypalBillingRepository from '@app/db/billing/paypal-billing';
import * as stripeBillingRepository from '@app/db/billing/stripe-billing';
import type { AppDeps } from '../context.ts';
import { ConflictError, notFound, UnavailableError, ValidationError } from '../common/errors.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { ALREADY_SUBSCRIBED, buyablePlan, completedCheckout, countingSubscription } from './checkout-rules.ts';
import { autopayUrl, fromPayPalValue, isPayPalMissing, linkOf, paypalGateway, requirePayPal, withPayPal, type PayPalClient, type PayPalSubscription } from './paypal-gateway.ts';
import { paypalPlanFor } from './paypal-plan-sync.ts';
import { type BillingEvent, type ProviderFinding, type StoreOutcome, storeProviderState, type SyncResult, syncProviderSubscription, timedRead } from './provider-state.ts';
import { subscriptionView, type SubscriptionView } from './subscription-sync.ts';
import type { UserAccount } from '../accounts/signed-in-user.ts';

/** How long a subscription PayPal suspended (it gave up retrying a payment) keeps its plan. */
export const SUSPENDED_GRACE_DAYS = 14;
const DAY_MS = 86_400_000;

/** PayPal's subscription ids: I- and letters and digits. Anything else is never sent to PayPal. */
export const PAYPAL_SUBSCRIPTION_ID = /^I-[A-Z0-9]{4,60}$/;

function iso(value: string | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

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
async function paypalFinding(deps: AppDeps, paypal: PayPalClient, subscription: PayPalSubscription, read: stripeBillingRepository.ProviderRead, refunded = false): Promise<ProviderFinding> {
  const db = deps.db;
  const none = (existing?: SubscriptionRow): ProviderFinding => ({ state: undefined, existing, read });
  // custom_id is the user id this site set when it made the subscription with its own credentials.
  const userId = typeof subscription.custom_id === 'string' && /^[1-9]\d{0,14}$/.test(subscription.custom_id) ? Number(subscription.custom_id) : undefined;
  if (userId === undefined || !(await usersRepository.findUserById(db, userId))) return none();
  if (typeof subscription.id !== 'string' || !PAYPAL_SUBSCRIPTION_ID.test(subscription.id)) return none();
  const existing = await stripeBillingRepository.findGatewaySubscription(db, 'paypal', subscription.id);
  if (existing && existing.user_id !== userId) return none();
  if (subscription.status === 'APPROVAL_PENDING' || subscription.status === 'APPROVED') return none(existing);

  const { productId, priceId } = await planOf(deps, paypal, subscription.plan_id, existing);
  const billing = subscription.billing_info ?? {};
  const now = new Date().toISOString();
  const changedAt = iso(subscription.status_update_time) ?? now;
  const nextBilling = iso(billing.next_billing_time);
  const price = priceId === null ? undefined : await stripeBillingRepository.findPrice(db, priceId);
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
        periodAfter(iso(billing.last_payment?.time), price) ??
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
  read: stripeBillingRepository.ProviderRead,
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
  options: { event?: BillingEvent; first?: { subscription: PayPalSubscription; read: stripeBillingRepository.ProviderRead } } = {},
): Promise<SyncResult> {
  let latest = options.first?.subscription;
  const finding = async (subscription: PayPalSubscription, read: stripeBillingRepository.ProviderRead) => paypalFinding(deps, paypal, subscription, read, await refundedInFull(paypal, subscription));
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

async function brandName(deps: AppDeps): Promise<string> {
  return ((await loadSettings(deps.db))['branding.site_name'] || 'Cadence').slice(0, 127);
}

/** Makes a PayPal subscription for a plan's price and returns PayPal's page where the payer approves it. */
export async function startPayPalCheckout(deps: AppDeps, user: UserAccount, productId: number, priceId: number): Promise<{ url: string }> {
  await buyablePlan(deps, productId, priceId);
  if (await countingSubscription(deps, user.id)) throw new ConflictError(ALREADY_SUBSCRIBED);
  const { paypal } = await requirePayPal(deps);
  const planId = await paypalPlanFor(deps, paypal, productId, priceId);
  const brand = await brandName(deps);
  return withPayPal(async () => {
    const created = await paypal.createSubscription({
      plan_id: planId,
      custom_id: String(user.id),
      subscriber: { email_address: user.email },
      application_context: {
        brand_name: brand,
        user_action: 'SUBSCRIBE_NOW',
        shipping_preference: 'NO_SHIPPING',
        return_url: `${deps.config.appUrl}/checkout/${productId}/${priceId}/paypal/done`,
        cancel_url: `${deps.config.appUrl}/checkout/${productId}/${priceId}`,
      },
    });
    const url = linkOf(created?.links, 'approve');
    if (!url) throw new UnavailableError('Payments are not available right now. Try again in a few minutes.');
    return { url };
  });
}

/**
 * Stores the subscription the payer just approved, so the done page need not wait for the webhook.
 * Only the user's own: a subscription this site made for someone else is not found.
 */
export async function completePayPalCheckout(deps: AppDeps, user: UserAccount, subscriptionId: string): Promise<SubscriptionView> {
  const { paypal } = await requirePayPal(deps);
  return withPayPal(async () => {
    const { value: subscription, read } = await timedRead(() => paypal.getSubscription(subscriptionId));
    if (subscription?.custom_id !== String(user.id) || subscription.id !== subscriptionId) throw notFound();
    return completedCheckout(deps, user.id, await syncPayPalSubscription(deps, paypal, subscriptionId, { first: { subscription, read } }));
  });
}

/** The PayPal side of the billing page's actions, on the subscription that counts (checked by the caller). */
export async function cancelPayPalSubscription(deps: AppDeps, row: SubscriptionRow): Promise<SubscriptionView> {
  if (row.cancelled_at !== null || row.status === 'cancelled') throw new ValidationError('Your subscription is already cancelled.');
  const { paypal } = await requirePayPal(deps);
  return withPayPal(async () => {
    await paypal.cancelSubscription(row.gateway_id!, 'Cancelled by the subscriber.');
    const { row: stored } = await syncPayPalSubscription(deps, paypal, row.gateway_id!);
    return subscriptionView(deps.db, stored ?? row);
  });
}

/** PayPal cannot resume a cancelled subscription: the user keeps the plan until it ends, then subscribes again. */
export function renewPayPalSubscription(row: SubscriptionRow): never {
  if (row.status !== 'cancelled' && row.cancelled_at === null) throw new ValidationError('Your subscription is not cancelled.');
  throw new ValidationError('PayPal cannot resume a cancelled subscription. You keep your plan until it ends; then choose a plan to subscribe again.');
}

/** PayPal charges the new plan's price from the next payment on, without prorations. */
export function previewPayPalPlanChange(row: SubscriptionRow, price: PriceRow) {
  return { amount_due: price.amount, currency: price.currency, lines: [], next_payment_at: row.renews_at };
}

/**
 * Moves the subscription to another plan (PayPal's revise). A change of price needs the payer's
 * consent on PayPal's page, whose address is returned; PayPal comes back to the checkout's done
 * page, which stores the change.
 */
export async function changePayPalPlan(deps: AppDeps, row: SubscriptionRow, productId: number, priceId: number): Promise<{ subscription: SubscriptionView; url: string | null }> {
  const { paypal } = await requirePayPal(deps);
  const planId = await paypalPlanFor(deps, paypal, productId, priceId);
  const brand = await brandName(deps);
  return withPayPal(async () => {
    const done = `${deps.config.appUrl}/checkout/${productId}/${priceId}/paypal/done?subscription_id=${encodeURIComponent(row.gateway_id!)}`;
    const revision = await paypal.reviseSubscription(row.gateway_id!, {
      plan_id: planId,
      application_context: { brand_name: brand, user_action: 'CONTINUE', shipping_preference: 'NO_SHIPPING', return_url: done, cancel_url: `${deps.config.appUrl}/billing` },
    });
    const url = linkOf(revision?.links, 'approve');
    const stored = url ? row : ((await syncPayPalSubscription(deps, paypal, row.gateway_id!)).row ?? row);
    return { subscription: await subscriptionView(deps.db, stored), url };
  });
}

/** PayPal pays from the payer's account: its automatic payments page is where they change card or bank. */
export async function paypalPaymentMethodPage(deps: AppDeps): Promise<{ url: string }> {
  const { paypal } = await requirePayPal(deps);
  return { url: autopayUrl(paypal.apiUrl) };
}

const TRANSACTION_STATUS: Record<string, string> = { COMPLETED: 'paid', PENDING: 'open', DECLINED: 'failed', FAILED: 'failed', REFUNDED: 'refunded', PARTIALLY_REFUNDED: 'partially_refunded' };

/** The payments of the user's PayPal subscriptions, as invoices; none when PayPal is not set up now. */
export async function listPayPalInvoices(deps: AppDeps, user: UserAccount) {
  const rows = (await billingRepository.subscriptionsOfUser(deps.db, user.id)).filter((row) => row.gateway === 'paypal' && row.gateway_id);
  if (!rows.length) return [];
  const gateway = await paypalGateway(deps);
  if (!gateway) return [];
  return withPayPal(async () => {
    const invoices = [];
    const end = new Date().toISOString();
    for (const row of rows) {
      // From a day before the row was made: the first payment can be taken before the site hears of it.
      const start = new Date(Date.parse(row.created_at) - DAY_MS).toISOString();
      const transactions = await gateway.paypal.listTransactions(row.gateway_id!, start, end).catch((error: unknown) => {
        if (isPayPalMissing(error)) return [];
        throw error;
      });
      for (const transaction of transactions) {
        const money = transaction.amount_with_breakdown?.gross_amount;
        const amount = money ? fromPayPalValue(money.value, money.currency_code) : null;
        const created = iso(transaction.time);
        if (amount === null || !created || typeof transaction.id !== 'string') continue;
        invoices.push({ id: transaction.id, number: transaction.id, created_at: created, amount, currency: money!.currency_code, status: TRANSACTION_STATUS[transaction.status ?? ''] ?? null, url: null });
      }
    }
    return invoices;
  });
}
