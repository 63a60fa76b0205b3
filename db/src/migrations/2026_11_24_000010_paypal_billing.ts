import type { Kysely } from 'kysely';

/**
 * PayPal billing: the PayPal catalog product of each plan and the PayPal billing plan of each price.
 * Subscriptions paid through PayPal are rows with gateway 'paypal' and PayPal's I-... id, and their
 * webhook events share billing_events with Stripe's (the ids cannot collide: WH-... against evt_...).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('paypal_product_id', 'text').execute();
  // PayPal plans cannot change their price: a changed amount, currency or interval points this at a new one.
  await db.schema.alterTable('prices').addColumn('paypal_plan_id', 'text').execute();
  await db.schema.createIndex('products_paypal_product_id').on('products').column('paypal_product_id').unique().execute();
  await db.schema.createIndex('prices_paypal_plan_id').on('prices').column('paypal_plan_id').execute();
}
