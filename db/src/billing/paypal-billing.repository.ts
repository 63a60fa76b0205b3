import type { Db } from '../connection.ts';
import type { PriceRow, ProductRow } from '../tables/billing.table.ts';

export async function findProductByPayPalId(db: Db, paypalProductId: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('paypal_product_id', '=', paypalProductId).executeTakeFirst();
}

export async function findPriceByPayPalPlanId(db: Db, paypalPlanId: string): Promise<PriceRow | undefined> {
  return db.selectFrom('prices').selectAll().where('paypal_plan_id', '=', paypalPlanId).executeTakeFirst();
}

export async function setProductPayPalId(db: Db, productId: number, paypalProductId: string): Promise<void> {
  await db.updateTable('products').set({ paypal_product_id: paypalProductId }).where('id', '=', productId).execute();
}

export async function setPricePayPalPlanId(db: Db, priceId: number, paypalPlanId: string): Promise<void> {
  await db.updateTable('prices').set({ paypal_plan_id: paypalPlanId }).where('id', '=', priceId).execute();
}
