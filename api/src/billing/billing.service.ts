import type { SubscriptionRow, UserRow } from '@app/db';
import * as billingRepository from '@app/db/billing/billing';
import * as stripeBillingRepository from '@app/db/billing/stripe-billing';
import type { AppDeps } from '../context.ts';
import { ConflictError, notFound, UnavailableError, ValidationError } from '../common/errors.ts';
import { subscriptionStanding } from './subscriptions.service.ts';
import { ALREADY_SUBSCRIBED, buyablePlan, completedCheckout, countingSubscription, NOT_COMPLETE } from './checkout-rules.ts';
import { cancelPayPalSubscription, changePayPalPlan, listPayPalInvoices, paypalPaymentMethodPage, previewPayPalPlanChange, renewPayPalSubscription } from './paypal-billing.ts';
import { stripePriceFor } from './stripe-plan-sync.ts';
import { idOf, isoFromUnix, isStripeError, requireStripe, withStripe, type Stripe } from './stripe-gateway.ts';
import type { BillingEvent, SyncResult } from './provider-state.ts';
import { readFromStripe, retrieveStripeSubscription, syncStripeSubscription } from './stripe-subscription-sync.ts';
import { subscriptionView, type SubscriptionView } from './subscription-view.ts';

/** The plans on the pricing page, with their prices: hidden plans are left out. */
export async function plansOnOffer(deps: AppDeps) {
  return billingRepository.visibleProducts(deps.db);
}

export async function currentSubscription(deps: AppDeps, userId: number): Promise<SubscriptionView | null> {
  const row = await countingSubscription(deps, userId);
  return row ? subscriptionView(deps.db, row) : null;
}

async function customerFor(deps: AppDeps, stripe: Stripe, user: UserRow): Promise<string> {
  const known = await stripeBillingRepository.findStripeCustomer(deps.db, user.id);
  if (known) return known;
  const customer = await stripe.customers.create({ email: user.email, ...(user.name ? { name: user.name } : {}), metadata: { user_id: String(user.id) } });
  return stripeBillingRepository.saveStripeCustomer(deps.db, user.id, customer.id);
}

/** Starts a Stripe Checkout Session for a plan's price and returns the page to send the user to. */
export async function startStripeCheckout(deps: AppDeps, user: UserRow, productId: number, priceId: number): Promise<{ url: string }> {
  await buyablePlan(deps, productId, priceId);
  if (await countingSubscription(deps, user.id)) throw new ConflictError(ALREADY_SUBSCRIBED);
  const { stripe } = await requireStripe(deps);
  const stripePrice = await stripePriceFor(deps, stripe, productId, priceId);
  const customer = await withStripe(() => customerFor(deps, stripe, user));
  const metadata = { user_id: String(user.id), product_id: String(productId), price_id: String(priceId) };
  const open = (price: string) =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      line_items: [{ price, quantity: 1 }],
      client_reference_id: String(user.id),
      metadata,
      subscription_data: { metadata },
      success_url: `${deps.config.appUrl}/checkout/${productId}/${priceId}/stripe/done?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.config.appUrl}/pricing`,
    });
  const session = await withStripe(() =>
    open(stripePrice).catch(async (error: unknown) => {
      // Stripe no longer has the price as we made it: archived or changed in its dashboard, or unknown
      // to the account (its data lost, or the keys now another account's, as when leaving stripe-local).
      // Making the plan there again, once, mends that; a price Stripe still refuses is logged by the sync.
      if (!isStripeError(error) || error.type !== 'StripeInvalidRequestError' || !error.param?.startsWith('line_items')) throw error;
      return open(await stripePriceFor(deps, stripe, productId, priceId, true));
    }),
  );
  if (!session.url) throw new UnavailableError('Payments are not available right now. Try again in a few minutes.');
  return { url: session.url };
}

/**
 * A Checkout Session of this user, made by this site: anything else (another user's session,
 * a session of another site on the same account) is not found, so session ids reveal nothing.
 */
async function ownSession(deps: AppDeps, stripe: Stripe, user: UserRow, sessionId: string, mode: Stripe.Checkout.Session.Mode, expand: string[]) {
  const customer = await stripeBillingRepository.findStripeCustomer(deps.db, user.id);
  const session = await stripe.checkout.sessions.retrieve(sessionId, { expand });
  if (!customer || idOf(session.customer) !== customer || session.metadata?.user_id !== String(user.id) || session.mode !== mode) throw notFound();
  if (session.status !== 'complete') throw new ValidationError(NOT_COMPLETE);
  return session;
}

/**
 * Stores the subscription a completed checkout made, so the done page need not wait for the
 * webhook (which stores the same state again, harmlessly). A second subscription, paid in another
 * tab while the first was being paid, is cancelled and refunded: the page says so (409).
 */
export async function completeStripeCheckout(deps: AppDeps, user: UserRow, sessionId: string): Promise<SubscriptionView> {
  const { stripe } = await requireStripe(deps);
  return withStripe(async () => {
    const session = await ownSession(deps, stripe, user, sessionId, 'subscription', []);
    const subscriptionId = idOf(session.subscription);
    return completedCheckout(deps, user.id, subscriptionId ? await syncStripeSubscription(deps, stripe, subscriptionId) : undefined);
  });
}

/** The user's subscription to change: the one that counts, or a 404/422 that says why not. */
async function countingRow(deps: AppDeps, user: UserRow): Promise<SubscriptionRow> {
  const rows = await billingRepository.subscriptionsOfUser(deps.db, user.id);
  if (!rows.length) throw notFound('You are not subscribed.');
  const row = rows.find((r) => subscriptionStanding(r).valid);
  if (!row) throw new ValidationError('Your subscription has ended. Choose a plan to subscribe again.');
  if ((row.gateway !== 'stripe' && row.gateway !== 'paypal') || !row.gateway_id) throw new ValidationError('This subscription was not paid for here, so it cannot be changed here.');
  return row;
}

/** The user's Stripe subscription to change, with Stripe's copy of it. */
async function stripeManaged(deps: AppDeps, row: SubscriptionRow): Promise<{ row: SubscriptionRow; stripe: Stripe; subscription: Stripe.Subscription }> {
  if (row.gateway !== 'stripe') throw new ValidationError('This subscription is not paid through Stripe, so it cannot be changed here.');
  const { stripe } = await requireStripe(deps);
  const subscription = await withStripe(() => retrieveStripeSubscription(stripe, row.gateway_id!));
  return { row, stripe, subscription };
}

async function managedSubscription(deps: AppDeps, user: UserRow) {
  return stripeManaged(deps, await countingRow(deps, user));
}

/** The plan and price to change to, checked the same way for every provider. */
async function planChoice(deps: AppDeps, row: SubscriptionRow, productId: number, priceId: number) {
  const product = await stripeBillingRepository.findProduct(deps.db, productId);
  const price = await stripeBillingRepository.findPrice(deps.db, priceId);
  if (!product || product.hidden || !price || price.product_id !== product.id) throw notFound('This plan or price does not exist.');
  if (product.free || price.amount === 0) throw new ValidationError('To move to a free plan, cancel your subscription.');
  if (row.price_id === price.id) throw new ValidationError('You are already on this plan.');
  return { product, price };
}

async function planChange(deps: AppDeps, user: UserRow, row: SubscriptionRow, productId: number, priceId: number) {
  const managed = await stripeManaged(deps, row);
  const item = managed.subscription.items.data[0];
  if (!item) throw new ValidationError('This subscription cannot be changed here.');
  const stripePrice = await stripePriceFor(deps, managed.stripe, productId, priceId);
  return { ...managed, item, stripePrice, metadata: { user_id: String(user.id), product_id: String(productId), price_id: String(priceId) } };
}

export interface PlanChangePreview {
  amount_due: number;
  currency: string;
  lines: { description: string; amount: number }[];
  next_payment_at: string | null;
}

/** What changing plan would cost, with Stripe's prorations: credit for unused time, charge for the rest. */
export async function previewPlanChange(deps: AppDeps, user: UserRow, productId: number, priceId: number): Promise<PlanChangePreview> {
  const row = await countingRow(deps, user);
  const { price } = await planChoice(deps, row, productId, priceId);
  if (row.gateway === 'paypal') return previewPayPalPlanChange(row, price);
  const { stripe, subscription, item, stripePrice } = await planChange(deps, user, row, productId, priceId);
  return withStripe(async () => {
    const preview = await stripe.invoices.createPreview({
      customer: idOf(subscription.customer) ?? undefined,
      subscription: subscription.id,
      subscription_details: { items: [{ id: item.id, price: stripePrice }], proration_behavior: 'create_prorations' },
    });
    return {
      amount_due: preview.amount_due,
      currency: preview.currency.toUpperCase(),
      lines: preview.lines.data.map((line) => ({ description: line.description ?? '', amount: line.amount })),
      next_payment_at: isoFromUnix(preview.next_payment_attempt ?? preview.period_end),
    };
  });
}

/**
 * Changes plan now. Stripe prorates at once; PayPal may first need the payer's consent on its page:
 * then `url` is that page and the subscription is unchanged until they come back.
 */
export async function changePlan(deps: AppDeps, user: UserRow, productId: number, priceId: number): Promise<{ subscription: SubscriptionView; url: string | null }> {
  const row = await countingRow(deps, user);
  await planChoice(deps, row, productId, priceId);
  if (row.gateway === 'paypal') return changePayPalPlan(deps, row, productId, priceId);
  const { stripe, subscription, item, stripePrice, metadata } = await planChange(deps, user, row, productId, priceId);
  const changed = await storeAndView(deps, stripe, () =>
    stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price: stripePrice }], proration_behavior: 'create_prorations', metadata, expand: ['default_payment_method'] }),
  );
  return { subscription: changed, url: null };
}

/** Makes a change at Stripe and stores its answer (read again if a webhook stored a later state meanwhile). */
async function storeAndView(deps: AppDeps, stripe: Stripe, update: () => Promise<Stripe.Subscription>): Promise<SubscriptionView> {
  const row = await withStripe(async () => {
    const first = await readFromStripe(update);
    return (await syncStripeSubscription(deps, stripe, first.subscription.id, { first })).row;
  });
  if (!row) throw new ValidationError('This subscription cannot be changed here.');
  return subscriptionView(deps.db, row);
}

/** Cancels at the end of the period paid for: the plan keeps counting until then. */
export async function cancelSubscription(deps: AppDeps, user: UserRow): Promise<SubscriptionView> {
  const counting = await countingRow(deps, user);
  if (counting.gateway === 'paypal') return cancelPayPalSubscription(deps, counting);
  const { stripe, subscription, row } = await stripeManaged(deps, counting);
  if (row.cancelled_at !== null || subscription.cancel_at_period_end) throw new ValidationError('Your subscription is already cancelled.');
  return storeAndView(deps, stripe, () => stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true, expand: ['default_payment_method'] }));
}

/** Undoes a cancellation that has not taken effect yet. */
export async function renewSubscription(deps: AppDeps, user: UserRow): Promise<SubscriptionView> {
  const row = await countingRow(deps, user);
  if (row.gateway === 'paypal') renewPayPalSubscription(row);
  const { stripe, subscription } = await stripeManaged(deps, row);
  if (!subscription.cancel_at_period_end) throw new ValidationError('Your subscription is not cancelled.');
  return storeAndView(deps, stripe, () => stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false, expand: ['default_payment_method'] }));
}

/** A Checkout Session in setup mode, where the user enters a new card; for PayPal, PayPal's automatic payments page. */
export async function startPaymentMethodChange(deps: AppDeps, user: UserRow): Promise<{ url: string }> {
  const row = await countingRow(deps, user);
  if (row.gateway === 'paypal') return paypalPaymentMethodPage(deps);
  const { stripe, subscription } = await stripeManaged(deps, row);
  return withStripe(async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      customer: idOf(subscription.customer)!,
      currency: subscription.currency,
      metadata: { user_id: String(user.id), subscription_id: subscription.id },
      setup_intent_data: { metadata: { user_id: String(user.id), subscription_id: subscription.id } },
      success_url: `${deps.config.appUrl}/billing/change-payment-method/done?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.config.appUrl}/billing`,
    });
    if (!session.url) throw new UnavailableError('Payments are not available right now. Try again in a few minutes.');
    return { url: session.url };
  });
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

export async function completePaymentMethodChange(deps: AppDeps, user: UserRow, sessionId: string): Promise<SubscriptionView> {
  const { stripe, subscription } = await managedSubscription(deps, user);
  return withStripe(async () => {
    const session = await ownSession(deps, stripe, user, sessionId, 'setup', ['setup_intent']);
    if (session.metadata?.subscription_id !== subscription.id) throw notFound();
    await applySetupSession(deps, stripe, session);
    const { row } = await syncStripeSubscription(deps, stripe, subscription.id);
    if (!row) throw new ValidationError('This subscription cannot be changed here.');
    return subscriptionView(deps.db, row);
  });
}

export interface InvoiceView {
  id: string;
  number: string | null;
  created_at: string;
  amount: number;
  currency: string;
  status: string | null;
  url: string | null;
}

/** The user's invoices at Stripe and payments at PayPal, newest first; none before their first checkout. */
export async function listInvoices(deps: AppDeps, user: UserRow): Promise<InvoiceView[]> {
  const invoices = [...(await listStripeInvoices(deps, user)), ...(await listPayPalInvoices(deps, user))];
  return invoices.sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/**
 * Stripe's status of an invoice, or whether a paid one was refunded: this site refunds through
 * credit notes (a second subscription's payment), which Stripe counts on the invoice.
 */
function invoiceStatus(invoice: Stripe.Invoice): string | null {
  const credited = invoice.post_payment_credit_notes_amount;
  if (invoice.status !== 'paid' || credited <= 0) return invoice.status;
  return credited >= invoice.amount_paid ? 'refunded' : 'partially_refunded';
}

async function listStripeInvoices(deps: AppDeps, user: UserRow): Promise<InvoiceView[]> {
  const customer = await stripeBillingRepository.findStripeCustomer(deps.db, user.id);
  if (!customer) return [];
  const { stripe } = await requireStripe(deps);
  return withStripe(async () => {
    const invoices = await stripe.invoices.list({ customer, limit: 100 });
    return invoices.data
      .filter((invoice) => invoice.status !== 'draft')
      .map((invoice) => ({
        id: invoice.id!,
        number: invoice.number,
        created_at: isoFromUnix(invoice.created)!,
        amount: invoice.total,
        currency: invoice.currency.toUpperCase(),
        status: invoiceStatus(invoice),
        url: invoice.hosted_invoice_url ?? null,
      }));
  });
}
