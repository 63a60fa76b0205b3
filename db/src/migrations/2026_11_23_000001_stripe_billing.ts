import type { Kysely } from 'kysely';

/**
 * Stripe billing: the Stripe ids of plans and prices, each user's Stripe customer, the card a
 * subscription is paid with, and the webhook events already processed (each exactly once).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('stripe_product_id', 'text').execute();
  // Prices are immutable at Stripe: a changed amount, currency or interval points this at a new one.
  await db.schema.alterTable('prices').addColumn('stripe_price_id', 'text').execute();
  await db.schema.createIndex('products_stripe_product_id').on('products').column('stripe_product_id').unique().execute();
  await db.schema.createIndex('prices_stripe_price_id').on('prices').column('stripe_price_id').execute();

  // { brand, last4, exp_month, exp_year } as JSON, so the billing page does not ask Stripe each time.
  await db.schema.alterTable('subscriptions').addColumn('payment_method', 'text').execute();
  // One row per provider subscription: webhooks and the checkout's completion race to write it.
  await db.schema.createIndex('subscriptions_gateway_id').on('subscriptions').columns(['gateway', 'gateway_id']).unique().execute();

  // A table of its own rather than a users column, so the Stripe id never travels with user rows.
  await db.schema
    .createTable('billing_customers')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('stripe_customer_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
}
