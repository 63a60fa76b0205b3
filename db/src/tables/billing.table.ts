import type { Generated, Selectable } from 'kysely';

export type PriceInterval = 'day' | 'month' | 'year';
export type SubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'cancelled' | 'expired';
export type SubscriptionGateway = 'none' | 'stripe' | 'paypal';

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  /** JSON array of strings. */
  feature_list: Generated<string>;
  recommended: Generated<number>;
  free: Generated<number>;
  hidden: Generated<number>;
  position: Generated<number>;
  stripe_product_id: string | null;
  paypal_product_id: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface PricesTable {
  id: Generated<number>;
  product_id: number;
  /** Minor units (cents). */
  amount: number;
  currency: string;
  interval: PriceInterval;
  interval_count: Generated<number>;
  stripe_price_id: string | null;
  paypal_plan_id: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number | null;
  price_id: number | null;
  status: Generated<SubscriptionStatus>;
  gateway: Generated<SubscriptionGateway>;
  gateway_id: string | null;
  ends_at: string | null;
  renews_at: string | null;
  cancelled_at: string | null;
  /** JSON { brand, last4, exp_month, exp_year } of the card paying it, when the provider said. */
  payment_method: string | null;
  /** When the provider state stored here was read from the provider; older reads do not overwrite it. */
  gateway_read_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type ProductRow = Selectable<ProductsTable>;
export type PriceRow = Selectable<PricesTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;

export interface BillingCustomersTable {
  user_id: number;
  stripe_customer_id: string;
  created_at: string;
}

/** Webhook events already processed, by the provider's event id. */
export interface BillingEventsTable {
  id: string;
  type: string;
  received_at: string;
}
