import { findPrice, findProduct, subscriptionsOfUser, type SubscriptionRow } from '@app/db';
import type { AppDeps } from '../../context.ts';
import { notFound, ValidationError } from '../errors.ts';
import { subscriptionStanding } from '../subscriptions.service.ts';

/* The rules every provider's checkout follows, so Stripe and PayPal refuse the same things in the same order. */

export const ALREADY_SUBSCRIBED = 'You are already subscribed.';
export const NOT_COMPLETE = 'The payment is not complete yet.';

/** A plan and one of its prices that may be bought: both exist, the plan is not hidden and the price is its own. */
export async function buyablePlan(deps: AppDeps, productId: number, priceId: number) {
  const product = await findProduct(deps.db, productId);
  const price = await findPrice(deps.db, priceId);
  if (!product || product.hidden || !price || price.product_id !== product.id) throw notFound('This plan or price does not exist.');
  if (product.free || price.amount === 0) throw new ValidationError('This plan is free: there is nothing to pay.');
  return { product, price };
}

/** The subscription that counts for the user now, newest first; null when they have none. */
export async function countingSubscription(deps: AppDeps, userId: number): Promise<SubscriptionRow | null> {
  const now = Date.now();
  return (await subscriptionsOfUser(deps.db, userId)).find((row) => subscriptionStanding(row, now).valid) ?? null;
}
