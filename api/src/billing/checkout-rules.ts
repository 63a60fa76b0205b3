import type { SubscriptionRow } from '@app/db';
import * as billingRepository from '@app/db/billing/billing';
import type { AppDeps } from '../context.ts';
import { msg } from '../i18n/msg.ts';
import { ConflictError, notFound, ValidationError } from '../common/errors.ts';
import { subscriptionStanding } from './subscriptions.service.ts';
import type { SyncResult } from './provider-state.ts';
import { subscriptionView, type SubscriptionView } from './subscription-view.ts';

/* The rules every provider's checkout follows, so Stripe and PayPal refuse the same things in the same order. */

export const ALREADY_SUBSCRIBED = msg('You are already subscribed.');
export const NOT_COMPLETE = msg('The payment is not complete yet.');
/** Said on the checkout's done page when another tab's payment made them a subscriber first. */
export const SECOND_REFUNDED = msg('You are already subscribed. This payment was cancelled and refunded.');

/** A plan and one of its prices that may be bought: both exist, the plan is not hidden and the price is its own. */
export async function buyablePlan(deps: AppDeps, productId: number, priceId: number) {
  const product = await billingRepository.findProduct(deps.db, productId);
  const price = await billingRepository.findPrice(deps.db, priceId);
  if (!product || product.hidden || !price || price.product_id !== product.id) throw notFound('This plan or price does not exist.');
  if (product.free || price.amount === 0) throw new ValidationError('This plan is free: there is nothing to pay.');
  return { product, price };
}

/** The subscription that counts for the user now, newest first; null when they have none. */
export async function countingSubscription(deps: AppDeps, userId: number): Promise<SubscriptionRow | null> {
  const now = Date.now();
  return (await billingRepository.subscriptionsOfUser(deps.db, userId)).find((row) => subscriptionStanding(row, now).valid) ?? null;
}

/**
 * What the checkout's done page gets once the provider's subscription is stored: that subscription,
 * or a 409 when it was a second one (paid in another tab while the first was being paid), which the
 * provider has cancelled and refunded, whether by this call or by its webhook before.
 */
export async function completedCheckout(deps: AppDeps, userId: number, synced: SyncResult | undefined): Promise<SubscriptionView> {
  const row = synced?.row;
  const second = synced?.refunded || (row !== undefined && !subscriptionStanding(row).valid && (await countingSubscription(deps, userId)) !== null);
  if (second) throw new ConflictError(SECOND_REFUNDED);
  if (!row) throw new ValidationError(NOT_COMPLETE);
  return subscriptionView(deps.db, row);
}
