import type { Kysely } from 'kysely';

/**
 * What a plan's subscribers may do, on top of their roles: the same shape as role_permission, so
 * a plan grants a permission with restriction values (quotas) as JSON [{ name, value }].
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_permission')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('permission_id', 'integer', (c) => c.notNull().references('permissions.id').onDelete('cascade'))
    .addColumn('restrictions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('product_permission_pk', ['product_id', 'permission_id'])
    .execute();
}
