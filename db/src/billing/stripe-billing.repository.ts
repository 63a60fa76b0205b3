import type { Db } from '../connection.ts';
import type { PriceRow, ProductRow, SubscriptionGateway, SubscriptionRow, SubscriptionStatus } from '../tables/billing.table.ts';
import { withUserLock } from '../transactions.ts';

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

export async function findProduct(db: Db, id: number): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPrice(db: Db, id: number): Promise<PriceRow | undefined> {
  return db.selectFrom('prices').selectAll().where('id', '=', id).executeTakeFirst();
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

export async function findSubscriptionById(db: Db, id: number): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findGatewaySubscription(db: Db, gateway: SubscriptionGateway, gatewayId: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('gateway', '=', gateway).where('gateway_id', '=', gatewayId).executeTakeFirst();
}

export interface GatewaySubscriptionState {
  user_id: number;
  product_id: number | null;
  price_id: number | null;
  status: SubscriptionStatus;
  gateway: SubscriptionGateway;
  gateway_id: string;
  ends_at: string | null;
  renews_at: string | null;
  cancelled_at: string | null;
  payment_method: string | null;
}

/**
 * Writes a provider subscription's current state, creating its row the first time. One statement,
 * so a webhook and the checkout's completion writing at once leave one row with the last state.
 */
export async function saveGatewaySubscription(db: Db, state: GatewaySubscriptionState): Promise<SubscriptionRow> {
  return (await upsertGatewaySubscription(db, state)).row;
}

/** When a subscription's state was asked of the provider, and when the answer came. */
export interface ProviderRead {
  startedAt: string;
  endedAt: string;
}

/**
 * saveGatewaySubscription for a state read from the provider: written only when the read began
 * after the stored state's read had ended, so that state is surely newer. Otherwise (an older or
 * overlapping read) nothing is written and `written` is false: the caller reads again.
 */
export async function saveReadGatewaySubscription(db: Db, state: GatewaySubscriptionState, read: ProviderRead): Promise<{ row: SubscriptionRow; written: boolean }> {
  return upsertGatewaySubscription(db, state, read);
}

async function upsertGatewaySubscription(db: Db, state: GatewaySubscriptionState, read?: ProviderRead): Promise<{ row: SubscriptionRow; written: boolean }> {
  const stamp = new Date().toISOString();
  const { user_id: _user, gateway: _gateway, gateway_id: _id, ...changes } = state;
  const readAt = read ? { gateway_read_at: read.endedAt } : {};
  const result = await db
    .insertInto('subscriptions')
    .values({ ...state, ...readAt, created_at: stamp, updated_at: stamp })
    .onConflict((oc) => {
      const update = oc.columns(['gateway', 'gateway_id']).doUpdateSet({ ...changes, ...readAt, updated_at: stamp });
      // ISO times of one format compare as text.
      return read ? update.where((eb) => eb.or([eb('subscriptions.gateway_read_at', 'is', null), eb('subscriptions.gateway_read_at', '<=', read.startedAt)])) : update;
    })
    .executeTakeFirst();
  return { row: (await findGatewaySubscription(db, state.gateway, state.gateway_id))!, written: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 };
}

/** Whether a webhook event was acted on already: a replay is answered before asking the provider anything. */
export async function billingEventRecorded(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('billing_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/**
 * Records a webhook event as acted on: true the first time, false when it was already. Called in
 * the transaction that writes the event's effect (inBillingTransaction), so the record and the
 * effect are kept or lost together; the event id's primary key makes two deliveries of one event,
 * in two processes at once, apply it once (PostgreSQL makes the second insert wait for the first
 * transaction, then finds the row).
 */
export async function claimBillingEvent(db: Db, id: string, type: string): Promise<boolean> {
  const result = await db
    .insertInto('billing_events')
    .values({ id, type, received_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Runs `work` in one transaction, all or nothing, holding the user's billing lock (withUserLock): a
 * subscription state is checked against the user's other subscriptions and written, with the
 * webhook event that brought it, while no other process does the same for that user. `work` must
 * use only the `trx` it is given.
 */
export async function inBillingTransaction<T>(db: Db, userId: number | undefined, work: (trx: Db) => Promise<T>): Promise<T> {
  return userId === undefined ? db.transaction().execute(work) : withUserLock(db, 'billing', userId, work);
}
