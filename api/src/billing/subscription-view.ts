import type { Db, SubscriptionRow, SubscriptionStatus } from '@app/db';
import * as billingRepository from '@app/db/billing/billing';
import { subscriptionStanding } from './subscriptions.service.ts';

export interface PaymentMethodView {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** A subscription as the billing pages show it (`GET billing/subscription`). */
export interface SubscriptionView {
  id: number;
  status: SubscriptionStatus;
  gateway: SubscriptionRow['gateway'];
  product: { id: number; name: string } | null;
  price: { id: number; amount: number; currency: string; interval: 'day' | 'month' | 'year'; interval_count: number } | null;
  renews_at: string | null;
  ends_at: string | null;
  cancelled_at: string | null;
  on_grace_period: boolean;
  payment_method: PaymentMethodView | null;
}

function parsePaymentMethod(text: string | null): PaymentMethodView | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<PaymentMethodView>;
    return typeof value.brand === 'string' && typeof value.last4 === 'string'
      ? { brand: value.brand, last4: value.last4, exp_month: Number(value.exp_month), exp_year: Number(value.exp_year) }
      : null;
  } catch {
    return null;
  }
}

export async function subscriptionView(db: Db, row: SubscriptionRow, now: number = Date.now()): Promise<SubscriptionView> {
  const product = row.product_id === null ? undefined : await billingRepository.findProduct(db, row.product_id);
  const price = row.price_id === null ? undefined : await billingRepository.findPrice(db, row.price_id);
  return {
    id: row.id,
    status: row.status,
    gateway: row.gateway,
    product: product ? { id: product.id, name: product.name } : null,
    price: price ? { id: price.id, amount: price.amount, currency: price.currency, interval: price.interval, interval_count: price.interval_count } : null,
    renews_at: row.renews_at,
    ends_at: row.ends_at,
    cancelled_at: row.cancelled_at,
    on_grace_period: subscriptionStanding(row, now).on_grace_period,
    payment_method: parsePaymentMethod(row.payment_method),
  };
}
