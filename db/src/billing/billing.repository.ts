import type { Db } from '../connection.ts';
import type { PriceInterval, PriceRow, ProductRow, SubscriptionGateway, SubscriptionRow, SubscriptionStatus } from '../tables/billing.table.ts';
import { withUserLock } from '../transactions.ts';

export type { PriceInterval, PriceRow, ProductRow, SubscriptionGateway, SubscriptionRow, SubscriptionStatus } from '../tables/billing.table.ts';

export interface PriceInput {
  /** An existing price of the same plan to change; a new price is made without one. */
  id?: number;
  amount: number;
  currency: string;
  interval: PriceInterval;
  interval_count: number;
}

/** Prices of each plan, oldest first (the order the editor added them). */
export async function pricesOfProducts(db: Db, productIds: number[]): Promise<Map<number, PriceRow[]>> {
  const byProduct = new Map<number, PriceRow[]>();
  if (!productIds.length) return byProduct;
  const rows = await db.selectFrom('prices').selectAll().where('product_id', 'in', productIds).orderBy('id').execute();
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push(row);
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

/**
 * Makes a plan's prices exactly `prices`. Prices that keep their id are updated in place rather
 * than replaced, so subscriptions pointing at them keep their price; removed ones are deleted
 * (their subscriptions keep the plan and lose only the price).
 */
export async function replaceProductPrices(db: Db, productId: number, prices: PriceInput[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = new Set((await trx.selectFrom('prices').select('id').where('product_id', '=', productId).execute()).map((r) => r.id));
    const kept = prices.filter((p) => p.id !== undefined && existing.has(p.id)).map((p) => p.id!);
    let removal = trx.deleteFrom('prices').where('product_id', '=', productId);
    if (kept.length) removal = removal.where('id', 'not in', kept);
    await removal.execute();
    const stamp = new Date().toISOString();
    for (const price of prices) {
      const values = { amount: price.amount, currency: price.currency, interval: price.interval, interval_count: price.interval_count };
      if (price.id !== undefined && existing.has(price.id)) {
        await trx.updateTable('prices').set({ ...values, updated_at: stamp }).where('id', '=', price.id).where('product_id', '=', productId).execute();
      } else {
        await trx.insertInto('prices').values({ ...values, product_id: productId }).execute();
      }
    }
  });
}

/** Plans shown on the pricing page: not hidden, in the editor's order, each with its prices. */
export async function visibleProducts(db: Db): Promise<(ProductRow & { prices: PriceRow[] })[]> {
  const products = await db.selectFrom('products').selectAll().where('hidden', '=', 0).orderBy('position').orderBy('id').execute();
  const prices = await pricesOfProducts(db, products.map((p) => p.id));
  return products.map((product) => ({ ...product, prices: prices.get(product.id) ?? [] }));
}

export async function findPlan(db: Db, id: number): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('products').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** Every subscription the user ever held, newest first; few per user, so whether each counts is decided in code. */
export async function subscriptionsOfUser(db: Db, userId: number): Promise<SubscriptionRow[]> {
  return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/** Emails of users and names of plans, for showing subscriptions by who and what. */
export async function subscriptionLabels(db: Db, userIds: number[], productIds: number[]) {
  const users = userIds.length ? await db.selectFrom('users').select(['id', 'email']).where('id', 'in', [...new Set(userIds)]).execute() : [];
  const products = productIds.length ? await db.selectFrom('products').select(['id', 'name']).where('id', 'in', [...new Set(productIds)]).execute() : [];
  return { emails: new Map(users.map((u) => [u.id, u.email])), planNames: new Map(products.map((p) => [p.id, p.name])) };
}

/** Stamps when a subscription was cancelled, once: saving it again keeps the first date. */
export async function stampSubscriptionCancelled(db: Db, id: number): Promise<void> {
  await db.updateTable('subscriptions').set({ cancelled_at: new Date().toISOString() }).where('id', '=', id).where('status', '=', 'cancelled').where('cancelled_at', 'is', null).execute();
}

export async function findProduct(db: Db, id: number): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPrice(db: Db, id: number): Promise<PriceRow | undefined> {
  return db.selectFrom('prices').selectAll().where('id', '=', id).executeTakeFirst();
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
