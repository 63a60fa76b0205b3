import type { PriceRow, ProductRow } from '@app/db';
import * as billingRepository from '@app/db/billing/billing';
import * as stripeBillingRepository from '@app/db/billing/stripe-billing';
import type { AppDeps } from '../context.ts';
import { UnavailableError } from '../common/errors.ts';
import type { RefusedPrice } from './payment-provider.ts';
import { isMissing, isStripeError, stripeFailure, type Stripe } from './stripe-gateway.ts';
import { logger } from '../logging/logger.ts';

function sameTerms(stripePrice: Stripe.Price, price: PriceRow, stripeProductId: string): boolean {
  const product = typeof stripePrice.product === 'string' ? stripePrice.product : stripePrice.product.id;
  return (
    product === stripeProductId &&
    stripePrice.unit_amount === price.amount &&
    stripePrice.currency === price.currency.toLowerCase() &&
    stripePrice.recurring?.interval === price.interval &&
    stripePrice.recurring?.interval_count === price.interval_count
  );
}

function refusal(price: PriceRow, error: unknown): RefusedPrice {
  if (!isStripeError(error) || error.type !== 'StripeInvalidRequestError') throw stripeFailure(error);
  const param = error.param ?? '';
  const field = param.includes('currency') ? 'currency' : param.includes('recurring') || param.includes('interval') ? 'interval' : param.includes('amount') ? 'amount' : null;
  return { priceId: price.id, field, message: `Stripe refused this price: ${error.message}` };
}

async function syncProduct(stripe: Stripe, product: ProductRow): Promise<string> {
  const details = { name: product.name, metadata: { product_id: String(product.id) } };
  if (product.stripe_product_id) {
    try {
      await stripe.products.update(product.stripe_product_id, { ...details, description: product.description || '' });
      return product.stripe_product_id;
    } catch (error) {
      // Deleted at Stripe (or another account's id): made again below.
      if (!isMissing(error)) throw error;
    }
  }
  const created = await stripe.products.create({ ...details, ...(product.description ? { description: product.description } : {}) });
  return created.id;
}

/**
 * Makes Stripe's copy of a plan match ours: the product's name and description, one active Stripe
 * price per paid price of the plan, and every other price of the product archived. Stripe prices
 * cannot change, so a price whose amount, currency or interval changed gets a new Stripe price and
 * the old one is archived (subscribers on it keep paying it until they change plan). Free plans
 * have nothing to buy and get no prices. Returns the prices Stripe refused; the rest are synced.
 */
export async function syncPlanToStripe(deps: AppDeps, stripe: Stripe, productId: number): Promise<RefusedPrice[]> {
  const product = await billingRepository.findProduct(deps.db, productId);
  if (!product) return [];
  const refused: RefusedPrice[] = [];
  try {
    const stripeProductId = await syncProduct(stripe, product);
    if (stripeProductId !== product.stripe_product_id) await stripeBillingRepository.setProductStripeId(deps.db, product.id, stripeProductId);
    const prices = product.free ? [] : ((await billingRepository.pricesOfProducts(deps.db, [product.id])).get(product.id) ?? []).filter((price) => price.amount > 0);
    const keep = new Set<string>();
    for (const price of prices) {
      if (price.stripe_price_id) {
        const current = await stripe.prices.retrieve(price.stripe_price_id).catch((error: unknown) => {
          if (isMissing(error)) return undefined;
          throw error;
        });
        if (current && sameTerms(current, price, stripeProductId)) {
          if (!current.active) await stripe.prices.update(current.id, { active: true });
          keep.add(current.id);
          continue;
        }
      }
      try {
        const created = await stripe.prices.create({
          product: stripeProductId,
          unit_amount: price.amount,
          currency: price.currency.toLowerCase(),
          recurring: { interval: price.interval, interval_count: price.interval_count },
          metadata: { price_id: String(price.id) },
        });
        await stripeBillingRepository.setPriceStripeId(deps.db, price.id, created.id);
        keep.add(created.id);
      } catch (error) {
        refused.push(refusal(price, error));
      }
    }
    for await (const stale of stripe.prices.list({ product: stripeProductId, active: true, limit: 100 })) {
      if (!keep.has(stale.id)) await stripe.prices.update(stale.id, { active: false });
    }
  } catch (error) {
    throw stripeFailure(error);
  }
  return refused;
}

/**
 * The Stripe price to sell one of our prices with, syncing the plan first when it never was (a
 * plan made before Stripe was set up), its price is not at Stripe yet, or `resync` says Stripe
 * refused the one we have.
 */
export async function stripePriceFor(deps: AppDeps, stripe: Stripe, productId: number, priceId: number, resync = false): Promise<string> {
  const price = await billingRepository.findPrice(deps.db, priceId);
  const product = await billingRepository.findProduct(deps.db, productId);
  if (!resync && price?.stripe_price_id && product?.stripe_product_id) return price.stripe_price_id;
  const refused = await syncPlanToStripe(deps, stripe, productId);
  const synced = await billingRepository.findPrice(deps.db, priceId);
  if (!synced?.stripe_price_id) {
    const reason = refused.find((r) => r.priceId === priceId);
    if (reason) logger.error({ product_id: productId, price_id: priceId, reason: reason.message }, 'A price could not be synced to the payment provider');
    throw new UnavailableError('This price cannot be bought right now. Try again later.');
  }
  return synced.stripe_price_id;
}
