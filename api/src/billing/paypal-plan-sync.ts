import type { PriceRow, ProductRow } from '@app/db';
import * as billingRepository from '@app/db/billing/billing';
import * as paypalBillingRepository from '@app/db/billing/paypal-billing';
import type { AppDeps } from '../context.ts';
import { UnavailableError } from '../common/errors.ts';
import { fromPayPalValue, isPayPalError, isPayPalMissing, paypalFailure, toPayPalValue, type PayPalClient, type PayPalPlan } from './paypal-gateway.ts';
import type { RefusedPrice } from './payment-provider.ts';
import { logger } from '../logging/logger.ts';

/** PayPal's limits on names and descriptions. */
const NAME_MAX = 127;
const DESCRIPTION_MAX = 127;

function regularCycle(plan: PayPalPlan) {
  return plan.billing_cycles?.find((cycle) => cycle.tenure_type === 'REGULAR');
}

function sameTerms(plan: PayPalPlan, price: PriceRow, paypalProductId: string): boolean {
  const cycle = regularCycle(plan);
  const fixed = cycle?.pricing_scheme?.fixed_price;
  return (
    plan.product_id === paypalProductId &&
    cycle?.frequency.interval_unit === price.interval.toUpperCase() &&
    cycle.frequency.interval_count === price.interval_count &&
    fixed?.currency_code === price.currency &&
    fromPayPalValue(fixed.value, price.currency) === price.amount
  );
}

/** A price PayPal would not take (400/422), named on the field of the plan form it is about. */
function refusal(price: PriceRow, error: unknown): RefusedPrice {
  if (!isPayPalError(error) || (error.status !== 400 && error.status !== 422)) throw paypalFailure(error);
  const detail = error.details[0];
  const where = `${detail?.field ?? ''} ${detail?.issue ?? ''}`.toLowerCase();
  const field = where.includes('currency') ? 'currency' : where.includes('frequency') || where.includes('interval') ? 'interval' : where.includes('value') || where.includes('price') ? 'amount' : null;
  return { priceId: price.id, field, message: `PayPal refused this price: ${detail?.description ?? error.message}` };
}

async function syncProduct(paypal: PayPalClient, product: ProductRow): Promise<string> {
  const description = (product.description || product.name).slice(0, DESCRIPTION_MAX);
  if (product.paypal_product_id) {
    try {
      await paypal.updateProductDescription(product.paypal_product_id, description);
      return product.paypal_product_id;
    } catch (error) {
      // Another account's id (the site moved to another PayPal account): made again below.
      if (!isPayPalMissing(error)) throw error;
    }
  }
  return (await paypal.createProduct({ name: product.name.slice(0, NAME_MAX), description })).id;
}

/**
 * Makes PayPal's copy of a plan match ours: a catalog product for the plan and one active billing
 * plan per paid price, every other plan of the product deactivated. A PayPal plan's price cannot be
 * changed, so a price whose amount, currency or interval changed gets a new PayPal plan and the old
 * one is deactivated (its subscribers keep paying it until they change plan). Returns the prices
 * PayPal refused; the rest are synced.
 */
export async function syncPlanToPayPal(deps: AppDeps, paypal: PayPalClient, productId: number): Promise<RefusedPrice[]> {
  const product = await billingRepository.findProduct(deps.db, productId);
  if (!product) return [];
  const refused: RefusedPrice[] = [];
  try {
    const paypalProductId = await syncProduct(paypal, product);
    if (paypalProductId !== product.paypal_product_id) await paypalBillingRepository.setProductPayPalId(deps.db, product.id, paypalProductId);
    const prices = product.free ? [] : ((await billingRepository.pricesOfProducts(deps.db, [product.id])).get(product.id) ?? []).filter((price) => price.amount > 0);
    const keep = new Set<string>();
    for (const price of prices) {
      if (price.paypal_plan_id) {
        const current = await paypal.getPlan(price.paypal_plan_id).catch((error: unknown) => {
          if (isPayPalMissing(error)) return undefined;
          throw error;
        });
        if (current && sameTerms(current, price, paypalProductId)) {
          if (current.status !== 'ACTIVE') await paypal.activatePlan(current.id);
          keep.add(current.id);
          continue;
        }
      }
      try {
        const created = await paypal.createPlan({
          product_id: paypalProductId,
          name: product.name.slice(0, NAME_MAX),
          billing_cycles: [
            {
              frequency: { interval_unit: price.interval.toUpperCase() as 'DAY' | 'MONTH' | 'YEAR', interval_count: price.interval_count },
              tenure_type: 'REGULAR',
              sequence: 1,
              total_cycles: 0,
              pricing_scheme: { fixed_price: { value: toPayPalValue(price.amount, price.currency), currency_code: price.currency } },
            },
          ],
          // A missed payment is added to the next one; after three in a row PayPal suspends the subscription.
          payment_preferences: { auto_bill_outstanding: true, setup_fee_failure_action: 'CANCEL', payment_failure_threshold: 3 },
        });
        await paypalBillingRepository.setPricePayPalPlanId(deps.db, price.id, created.id);
        keep.add(created.id);
      } catch (error) {
        refused.push(refusal(price, error));
      }
    }
    for (const stale of await paypal.listPlans(paypalProductId)) {
      if (stale.status === 'ACTIVE' && !keep.has(stale.id)) await paypal.deactivatePlan(stale.id);
    }
  } catch (error) {
    throw paypalFailure(error);
  }
  return refused;
}

/** The PayPal plan to sell one of our prices with, syncing the plan first when it is not at PayPal yet. */
export async function paypalPlanFor(deps: AppDeps, paypal: PayPalClient, productId: number, priceId: number): Promise<string> {
  const price = await billingRepository.findPrice(deps.db, priceId);
  const product = await billingRepository.findProduct(deps.db, productId);
  if (price?.paypal_plan_id && product?.paypal_product_id) return price.paypal_plan_id;
  const refused = await syncPlanToPayPal(deps, paypal, productId);
  const synced = await billingRepository.findPrice(deps.db, priceId);
  if (!synced?.paypal_plan_id) {
    const reason = refused.find((r) => r.priceId === priceId);
    if (reason) logger.error({ product_id: productId, price_id: priceId, reason: reason.message }, 'A price could not be synced to the payment provider');
    throw new UnavailableError('This price cannot be bought right now. Try again later.');
  }
  return synced.paypal_plan_id;
}
