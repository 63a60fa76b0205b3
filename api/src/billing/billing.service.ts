import type { SubscriptionRow } from '@app/db';
import * as billingRepository from '@app/db/billing/billing';
import type { AppDeps } from '../context.ts';
import { ConflictError, notFound, ValidationError } from '../common/errors.ts';
import { subscriptionStanding } from './subscriptions.service.ts';
import { ALREADY_SUBSCRIBED, buyablePlan, completedCheckout, countingSubscription } from './checkout-rules.ts';
import { type InvoiceView, type PaymentProvider, type PaymentProviderName, type PlanChangePreview, type PlanChoice, paymentProviders, providerOf } from './payment-provider.ts';
import { subscriptionView, type SubscriptionView } from './subscription-view.ts';
import type { UserAccount } from '../accounts/signed-in-user.ts';

/*
 * Billing's rules, the same for every payment provider; what only a provider can do is asked of
 * the subscription's (providerOf) or the checkout's provider (payment-provider.ts).
 */

/** The plans on the pricing page, with their prices: hidden plans are left out. */
export async function plansOnOffer(deps: AppDeps) {
  return billingRepository.visibleProducts(deps.db);
}

/** The payment providers set up now, in their order: checkout offers them, and a saved plan is copied to each. */
export async function providersSetUp(deps: AppDeps): Promise<PaymentProvider[]> {
  const ready: PaymentProvider[] = [];
  for (const provider of Object.values(paymentProviders)) if (await provider.isSetUp(deps)) ready.push(provider);
  return ready;
}

export async function providersOnOffer(deps: AppDeps): Promise<PaymentProviderName[]> {
  return (await providersSetUp(deps)).map((provider) => provider.name);
}

export async function currentSubscription(deps: AppDeps, userId: number): Promise<SubscriptionView | null> {
  const row = await countingSubscription(deps, userId);
  return row ? subscriptionView(deps.db, row) : null;
}

/** Starts paying for a plan's price with a provider: its page to send the user to. One subscription at a time. */
export async function startCheckout(deps: AppDeps, providerName: PaymentProviderName, user: UserAccount, productId: number, priceId: number): Promise<{ url: string }> {
  const choice = await buyablePlan(deps, productId, priceId);
  if (await countingSubscription(deps, user.id)) throw new ConflictError(ALREADY_SUBSCRIBED);
  return paymentProviders[providerName].startCheckout(deps, user, choice);
}

/**
 * Stores the subscription a completed checkout made, so the done page need not wait for the
 * webhook (which stores the same state again, harmlessly). A second subscription, paid in another
 * tab while the first was being paid, is cancelled and refunded: the page says so (409).
 */
export async function completeCheckout(deps: AppDeps, providerName: PaymentProviderName, user: UserAccount, reference: string): Promise<SubscriptionView> {
  return completedCheckout(deps, user.id, await paymentProviders[providerName].completeCheckout(deps, user, reference));
}

/** The user's subscription to change, with its provider: the one that counts, or a 404/422 that says why not. */
async function countingRow(deps: AppDeps, user: UserAccount): Promise<{ row: SubscriptionRow; provider: PaymentProvider }> {
  const rows = await billingRepository.subscriptionsOfUser(deps.db, user.id);
  if (!rows.length) throw notFound('You are not subscribed.');
  const row = rows.find((r) => subscriptionStanding(r).valid);
  if (!row) throw new ValidationError('Your subscription has ended. Choose a plan to subscribe again.');
  const provider = providerOf(row);
  if (!provider || !row.gateway_id) throw new ValidationError('This subscription was not paid for here, so it cannot be changed here.');
  return { row, provider };
}

/** The plan and price to change to, checked the same way for every provider. */
async function planChoice(deps: AppDeps, row: SubscriptionRow, productId: number, priceId: number): Promise<PlanChoice> {
  const product = await billingRepository.findProduct(deps.db, productId);
  const price = await billingRepository.findPrice(deps.db, priceId);
  if (!product || product.hidden || !price || price.product_id !== product.id) throw notFound('This plan or price does not exist.');
  if (product.free || price.amount === 0) throw new ValidationError('To move to a free plan, cancel your subscription.');
  if (row.price_id === price.id) throw new ValidationError('You are already on this plan.');
  return { product, price };
}

/** What changing plan would cost (Stripe: its prorations; PayPal: the new price from the next payment). */
export async function previewPlanChange(deps: AppDeps, user: UserAccount, productId: number, priceId: number): Promise<PlanChangePreview> {
  const { row, provider } = await countingRow(deps, user);
  return provider.previewPlanChange(deps, user, row, await planChoice(deps, row, productId, priceId));
}

/**
 * Changes plan now. Stripe prorates at once; PayPal may first need the payer's consent on its page:
 * then `url` is that page and the subscription is unchanged until they come back.
 */
export async function changePlan(deps: AppDeps, user: UserAccount, productId: number, priceId: number): Promise<{ subscription: SubscriptionView; url: string | null }> {
  const { row, provider } = await countingRow(deps, user);
  return provider.changePlan(deps, user, row, await planChoice(deps, row, productId, priceId));
}

/** Cancels at the end of the period paid for: the plan keeps counting until then. */
export async function cancelSubscription(deps: AppDeps, user: UserAccount): Promise<SubscriptionView> {
  const { row, provider } = await countingRow(deps, user);
  return provider.cancel(deps, row);
}

/** Undoes a cancellation that has not taken effect yet. */
export async function renewSubscription(deps: AppDeps, user: UserAccount): Promise<SubscriptionView> {
  const { row, provider } = await countingRow(deps, user);
  return provider.renew(deps, row);
}

/** The page where the user changes how they pay: Stripe's page for a new card, PayPal's automatic payments page. */
export async function startPaymentMethodChange(deps: AppDeps, user: UserAccount): Promise<{ url: string }> {
  const { row, provider } = await countingRow(deps, user);
  return provider.startPaymentMethodChange(deps, user, row);
}

export async function completePaymentMethodChange(deps: AppDeps, user: UserAccount, reference: string): Promise<SubscriptionView> {
  const { row, provider } = await countingRow(deps, user);
  return provider.completePaymentMethodChange(deps, user, row, reference);
}

/** The user's invoices at every provider, newest first; none before their first checkout. */
export async function listInvoices(deps: AppDeps, user: UserAccount): Promise<InvoiceView[]> {
  const invoices: InvoiceView[] = [];
  for (const provider of Object.values(paymentProviders)) invoices.push(...(await provider.listInvoices(deps, user)));
  return invoices.sort((a, b) => b.created_at.localeCompare(a.created_at));
}
