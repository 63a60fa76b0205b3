import type { Db } from '../connection.ts';
import type { PriceRow, ProductRow } from '../tables/billing.table.ts';

/** The user's Stripe customer id, once they have started a checkout. */
export async function findStripeCustomer(db: Db, userId: number): Promise<string | undefined> {
  return (await db.selectFrom('billing_customers').select('stripe_customer_id').where('user_id', '=', userId).executeTakeFirst())?.stripe_customer_id;
}

/** The user a Stripe customer belongs to; undefined for a customer this site did not make. */
export async function userOfStripeCustomer(db: Db, customerId: string): Promise<number | undefined> {
  return (await db.selectFrom('billing_customers').select('user_id').where('stripe_customer_id', '=', customerId).executeTakeFirst())?.user_id;
}

/**
 * Remembers the user's Stripe customer. When two checkouts raced and both made a customer, the
 * first stored wins and is returned, so the user keeps one customer.
 */
export async function saveStripeCustomer(db: Db, userId: number, customerId: string): Promise<string> {
  await db
    .insertInto('billing_customers')
    .values({ user_id: userId, stripe_customer_id: customerId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return (await findStripeCustomer(db, userId)) ?? customerId;
}

export async function findProductByStripeId(db: Db, stripeProductId: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('stripe_product_id', '=', stripeProductId).executeTakeFirst();
}

export async function findPriceByStripeId(db: Db, stripePriceId: string): Promise<PriceRow | undefined> {
  return db.selectFrom('prices').selectAll().where('stripe_price_id', '=', stripePriceId).executeTakeFirst();
}

export async function setProductStripeId(db: Db, productId: number, stripeProductId: string): Promise<void> {
  await db.updateTable('products').set({ stripe_product_id: stripeProductId }).where('id', '=', productId).execute();
}

export async function setPriceStripeId(db: Db, priceId: number, stripePriceId: string): Promise<void> {
  await db.updateTable('prices').set({ stripe_price_id: stripePriceId }).where('id', '=', priceId).execute();
}
