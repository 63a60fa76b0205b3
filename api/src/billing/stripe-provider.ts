import type { SubscriptionRow } from '@app/db';
import * as stripeBillingRepository from '@app/db/billing/stripe-billing';
import type { AppDeps } from '../context.ts';
import { notFound, UnavailableError, ValidationError } from '../common/errors.ts';
import { NOT_COMPLETE } from './checkout-rules.ts';
import type { InvoiceView, PaymentProvider, PlanChangePreview } from './payment-provider.ts';
import type { SyncResult } from './provider-state.ts';
import { idOf, isMissing, isoFromUnix, isStripeError, requireStripe, stripeFailure, stripeGateway, withStripe, type Stripe } from './stripe-gateway.ts';
import { stripePriceFor, syncPlanToStripe } from './stripe-plan-sync.ts';
import { applySetupSession, readFromStripe, retrieveStripeSubscription, syncStripeSubscription } from './stripe-subscription-sync.ts';
import { verifyStripeWebhook } from './stripe-webhooks.ts';
import { subscriptionView, type SubscriptionView } from './subscription-view.ts';
import type { UserAccount } from '../accounts/signed-in-user.ts';

/*
 * Stripe as a PaymentProvider: payments on Stripe's hosted Checkout pages, subscriptions changed
 * through Stripe's API with prorations, invoices from Stripe.
 */

async function customerFor(deps: AppDeps, stripe: Stripe, user: UserAccount): Promise<string> {
  const known = await stripeBillingRepository.findStripeCustomer(deps.db, user.id);
  if (known) return known;
  const customer = await stripe.customers.create({ email: user.email, ...(user.name ? { name: user.name } : {}), metadata: { user_id: String(user.id) } });
  return stripeBillingRepository.saveStripeCustomer(deps.db, user.id, customer.id);
}

/** Starts a Stripe Checkout Session for a plan's price and returns the page to send the user to. */
async function startStripeCheckout(deps: AppDeps, user: UserAccount, productId: number, priceId: number): Promise<{ url: string }> {
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
async function ownSession(deps: AppDeps, stripe: Stripe, user: UserAccount, sessionId: string, mode: Stripe.Checkout.Session.Mode, expand: string[]) {
  const customer = await stripeBillingRepository.findStripeCustomer(deps.db, user.id);
  const session = await stripe.checkout.sessions.retrieve(sessionId, { expand });
  if (!customer || idOf(session.customer) !== customer || session.metadata?.user_id !== String(user.id) || session.mode !== mode) throw notFound();
  if (session.status !== 'complete') throw new ValidationError(NOT_COMPLETE);
  return session;
}

/**
 * Stores the subscription a completed checkout made, so the done page need not wait for the
 * webhook (which stores the same state again, harmlessly).
 */
async function completeStripeCheckout(deps: AppDeps, user: UserAccount, sessionId: string): Promise<SyncResult | undefined> {
  const { stripe } = await requireStripe(deps);
  return withStripe(async () => {
    const session = await ownSession(deps, stripe, user, sessionId, 'subscription', []);
    const subscriptionId = idOf(session.subscription);
    return subscriptionId ? syncStripeSubscription(deps, stripe, subscriptionId) : undefined;
  });
}

/** The user's Stripe subscription to change, with Stripe's copy of it. */
async function stripeManaged(deps: AppDeps, row: SubscriptionRow): Promise<{ row: SubscriptionRow; stripe: Stripe; subscription: Stripe.Subscription }> {
  const { stripe } = await requireStripe(deps);
  const subscription = await withStripe(() => retrieveStripeSubscription(stripe, row.gateway_id!));
  return { row, stripe, subscription };
}

async function planChange(deps: AppDeps, user: UserAccount, row: SubscriptionRow, productId: number, priceId: number) {
  const managed = await stripeManaged(deps, row);
  const item = managed.subscription.items.data[0];
  if (!item) throw new ValidationError('This subscription cannot be changed here.');
  const stripePrice = await stripePriceFor(deps, managed.stripe, productId, priceId);
  return { ...managed, item, stripePrice, metadata: { user_id: String(user.id), product_id: String(productId), price_id: String(priceId) } };
}

/** What changing plan would cost, with Stripe's prorations: credit for unused time, charge for the rest. */
async function previewStripePlanChange(deps: AppDeps, user: UserAccount, row: SubscriptionRow, productId: number, priceId: number): Promise<PlanChangePreview> {
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

/** Changes plan now, prorated at once. */
async function changeStripePlan(deps: AppDeps, user: UserAccount, row: SubscriptionRow, productId: number, priceId: number): Promise<{ subscription: SubscriptionView; url: string | null }> {
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
async function cancelStripeSubscription(deps: AppDeps, counting: SubscriptionRow): Promise<SubscriptionView> {
  const { stripe, subscription, row } = await stripeManaged(deps, counting);
  if (row.cancelled_at !== null || subscription.cancel_at_period_end) throw new ValidationError('Your subscription is already cancelled.');
  return storeAndView(deps, stripe, () => stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true, expand: ['default_payment_method'] }));
}

/** Undoes a cancellation that has not taken effect yet. */
async function renewStripeSubscription(deps: AppDeps, row: SubscriptionRow): Promise<SubscriptionView> {
  const { stripe, subscription } = await stripeManaged(deps, row);
  if (!subscription.cancel_at_period_end) throw new ValidationError('Your subscription is not cancelled.');
  return storeAndView(deps, stripe, () => stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false, expand: ['default_payment_method'] }));
}

/** A Checkout Session in setup mode, where the user enters a new card. */
async function startCardChange(deps: AppDeps, user: UserAccount, row: SubscriptionRow): Promise<{ url: string }> {
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

/** Makes the card entered in the user's own setup session the one the subscription pays with. */
async function completeCardChange(deps: AppDeps, user: UserAccount, row: SubscriptionRow, sessionId: string): Promise<SubscriptionView> {
  const { stripe, subscription } = await stripeManaged(deps, row);
  return withStripe(async () => {
    const session = await ownSession(deps, stripe, user, sessionId, 'setup', ['setup_intent']);
    if (session.metadata?.subscription_id !== subscription.id) throw notFound();
    await applySetupSession(deps, stripe, session);
    const { row } = await syncStripeSubscription(deps, stripe, subscription.id);
    if (!row) throw new ValidationError('This subscription cannot be changed here.');
    return subscriptionView(deps.db, row);
  });
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

/** The invoices of the user's Stripe customer; none before their first Stripe checkout. */
async function listStripeInvoices(deps: AppDeps, user: UserAccount): Promise<InvoiceView[]> {
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

export const stripeProvider: PaymentProvider = {
  name: 'stripe',
  isSetUp: async (deps) => (await stripeGateway(deps)) !== null,
  startCheckout: (deps, user, { product, price }) => startStripeCheckout(deps, user, product.id, price.id),
  completeCheckout: completeStripeCheckout,
  previewPlanChange: (deps, user, row, { product, price }) => previewStripePlanChange(deps, user, row, product.id, price.id),
  changePlan: (deps, user, row, { product, price }) => changeStripePlan(deps, user, row, product.id, price.id),
  cancel: cancelStripeSubscription,
  renew: renewStripeSubscription,
  startPaymentMethodChange: startCardChange,
  completePaymentMethodChange: completeCardChange,
  listInvoices: listStripeInvoices,
  syncPlan: async (deps, productId) => syncPlanToStripe(deps, (await requireStripe(deps)).stripe, productId),
  planSyncAnswers: {
    unreachable: () => new UnavailableError('The plan was saved, but Stripe could not be reached to update it. Save it again later.'),
    refused: (errors) => new ValidationError('The plan was saved, but Stripe refused some of its prices. Correct them and save again.', errors),
  },
  verifyWebhook: verifyStripeWebhook,
  isMissing,
  failure: stripeFailure,
};
