import { sql, type Kysely } from 'kysely';
import { isPostgres, nowIso } from '../dialect.ts';

/**
 * Subscription plans (products) with their prices, and the subscriptions users hold. Payment
 * providers are synced later (billing); gateway and gateway_id are where their ids will go.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = nowIso(db);
  const postgres = isPostgres(db);
  if (postgres) await sql`CREATE EXTENSION IF NOT EXISTS citext`.execute(db);
  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    // NOCASE so that "Pro" and "pro" count as the same name when uniqueness is checked.
    // PostgreSQL has no NOCASE collation: its citext type compares the same way.
    .addColumn('name', postgres ? sql`citext` : 'text', (c) => (postgres ? c.notNull().unique() : c.notNull().unique().modifyEnd(sql`collate nocase`)))
    .addColumn('description', 'text')
    /** JSON array of strings, shown as the plan's feature list on the pricing page. */
    .addColumn('feature_list', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('recommended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    /** Order on the pricing page, lowest first. */
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('products_position').on('products').columns(['hidden', 'position', 'id']).execute();

  await db.schema
    .createTable('prices')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    /** Minor units of the currency (cents), so sums never meet floating point. */
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    /** ISO 4217 code, upper case. */
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('interval', 'text', (c) => c.notNull().check(sql`${sql.ref('interval')} in ('day', 'month', 'year')`))
    .addColumn('interval_count', 'integer', (c) => c.notNull().defaultTo(1).check(sql`interval_count >= 1`))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('prices_product_id').on('prices').column('product_id').execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A plan or price removed later must not erase who paid for what: the subscription stays.
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('price_id', 'integer', (c) => c.references('prices.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'trialing', 'past_due', 'cancelled', 'expired')`))
    .addColumn('gateway', 'text', (c) => c.notNull().defaultTo('none').check(sql`gateway in ('none', 'stripe', 'paypal')`))
    .addColumn('gateway_id', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('renews_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('subscriptions_user_id').on('subscriptions').column('user_id').execute();
  await db.schema.createIndex('subscriptions_product_id').on('subscriptions').column('product_id').execute();
  await db.schema.createIndex('subscriptions_status').on('subscriptions').columns(['status', 'renews_at']).execute();
}
