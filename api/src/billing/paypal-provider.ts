import type { PriceRow, SubscriptionRow } from '@app/db';
import * as billingRepository from '@app/db/billing/billing';
import type { AppDeps } from '../context.ts';
import { notFound, UnavailableError, ValidationError } from '../common/errors.ts';
import { loadSettings } from '../settings/settings.service.ts';
import type { InvoiceView, PaymentProvider, PlanChangePreview } from './payment-provider.ts';
import { autopayUrl, fromPayPalValue, isoFromPayPal, isPayPalMissing, linkOf, paypalFailure, paypalGateway, requirePayPal, withPayPal } from './paypal-gateway.ts';
import { paypalPlanFor, syncPlanToPayPal } from './paypal-plan-sync.ts';
import { syncPayPalSubscription } from './paypal-subscription-sync.ts';
import { verifyPayPalWebhook } from './paypal-webhooks.ts';
import { type SyncResult, timedRead } from './provider-state.ts';
import { subscriptionView, type SubscriptionView } from './subscription-view.ts';
import type { UserAccount } from '../accounts/signed-in-user.ts';

/*
 * PayPal as a PaymentProvider: the payer approves a subscription on PayPal's page, PayPal cancels at
 * once and cannot resume, plan changes take effect from the next payment, and invoices are the
 * subscription's PayPal transactions.
 */

const DAY_MS = 86_400_000;

async function brandName(deps: AppDeps): Promise<string> {
  return ((await loadSettings(deps.db))['branding.site_name'] || 'Cadence').slice(0, 127);
}

/** Makes a PayPal subscription for a plan's price and returns PayPal's page where the payer approves it. */
async function startPayPalCheckout(deps: AppDeps, user: UserAccount, productId: number, priceId: number): Promise<{ url: string }> {
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
async function completePayPalCheckout(deps: AppDeps, user: UserAccount, subscriptionId: string): Promise<SyncResult> {
  const { paypal } = await requirePayPal(deps);
  return withPayPal(async () => {
    const { value: subscription, read } = await timedRead(() => paypal.getSubscription(subscriptionId));
    if (subscription?.custom_id !== String(user.id) || subscription.id !== subscriptionId) throw notFound();
    return syncPayPalSubscription(deps, paypal, subscriptionId, { first: { subscription, read } });
  });
}

/** The PayPal side of the billing page's actions, on the subscription that counts (checked by the caller). */
async function cancelPayPalSubscription(deps: AppDeps, row: SubscriptionRow): Promise<SubscriptionView> {
  if (row.cancelled_at !== null || row.status === 'cancelled') throw new ValidationError('Your subscription is already cancelled.');
  const { paypal } = await requirePayPal(deps);
  return withPayPal(async () => {
    await paypal.cancelSubscription(row.gateway_id!, 'Cancelled by the subscriber.');
    const { row: stored } = await syncPayPalSubscription(deps, paypal, row.gateway_id!);
    return subscriptionView(deps.db, stored ?? row);
  });
}

/** PayPal cannot resume a cancelled subscription: the user keeps the plan until it ends, then subscribes again. */
function renewPayPalSubscription(row: SubscriptionRow): never {
  if (row.status !== 'cancelled' && row.cancelled_at === null) throw new ValidationError('Your subscription is not cancelled.');
  throw new ValidationError('PayPal cannot resume a cancelled subscription. You keep your plan until it ends; then choose a plan to subscribe again.');
}

/** PayPal charges the new plan's price from the next payment on, without prorations. */
function previewPayPalPlanChange(row: SubscriptionRow, price: PriceRow): PlanChangePreview {
  return { amount_due: price.amount, currency: price.currency, lines: [], next_payment_at: row.renews_at };
}

/**
 * Moves the subscription to another plan (PayPal's revise). A change of price needs the payer's
 * consent on PayPal's page, whose address is returned; PayPal comes back to the checkout's done
 * page, which stores the change.
 */
async function changePayPalPlan(deps: AppDeps, row: SubscriptionRow, productId: number, priceId: number): Promise<{ subscription: SubscriptionView; url: string | null }> {
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
async function paypalPaymentMethodPage(deps: AppDeps): Promise<{ url: string }> {
  const { paypal } = await requirePayPal(deps);
  return { url: autopayUrl(paypal.apiUrl) };
}

const TRANSACTION_STATUS: Record<string, string> = { COMPLETED: 'paid', PENDING: 'open', DECLINED: 'failed', FAILED: 'failed', REFUNDED: 'refunded', PARTIALLY_REFUNDED: 'partially_refunded' };

/** The payments of the user's PayPal subscriptions, as invoices; none when PayPal is not set up now. */
async function listPayPalInvoices(deps: AppDeps, user: UserAccount): Promise<InvoiceView[]> {
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
        const created = isoFromPayPal(transaction.time);
        if (amount === null || !created || typeof transaction.id !== 'string') continue;
        invoices.push({ id: transaction.id, number: transaction.id, created_at: created, amount, currency: money!.currency_code, status: TRANSACTION_STATUS[transaction.status ?? ''] ?? null, url: null });
      }
    }
    return invoices;
  });
}

export const paypalProvider: PaymentProvider = {
  name: 'paypal',
  isSetUp: async (deps) => (await paypalGateway(deps)) !== null,
  startCheckout: (deps, user, { product, price }) => startPayPalCheckout(deps, user, product.id, price.id),
  completeCheckout: completePayPalCheckout,
  previewPlanChange: async (_deps, _user, row, { price }) => previewPayPalPlanChange(row, price),
  changePlan: (deps, _user, row, { product, price }) => changePayPalPlan(deps, row, product.id, price.id),
  cancel: cancelPayPalSubscription,
  renew: async (_deps, row) => renewPayPalSubscription(row),
  startPaymentMethodChange: (deps) => paypalPaymentMethodPage(deps),
  // PayPal's automatic payments page sends nothing back: the card pages coming back here are Stripe's.
  completePaymentMethodChange: async () => {
    throw new ValidationError('This subscription is not paid through Stripe, so it cannot be changed here.');
  },
  listInvoices: listPayPalInvoices,
  syncPlan: async (deps, productId) => syncPlanToPayPal(deps, (await requirePayPal(deps)).paypal, productId),
  planSyncAnswers: {
    unreachable: () => new UnavailableError('The plan was saved, but PayPal could not be reached to update it. Save it again later.'),
    refused: (errors) => new ValidationError('The plan was saved, but PayPal refused some of its prices. Correct them and save again.', errors),
  },
  verifyWebhook: verifyPayPalWebhook,
  isMissing: isPayPalMissing,
  failure: paypalFailure,
};
