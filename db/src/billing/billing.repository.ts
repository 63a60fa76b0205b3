import type { Db } from '../connection.ts';
import type { PriceInterval, PriceRow, ProductRow, SubscriptionRow } from '../tables/billing.table.ts';

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
