import type { Kysely } from 'kysely';
import { nowIso } from '../dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const now = nowIso(db);
  // Accounts at social sign-in providers linked to a user; the provider's tokens are not kept.
  await db.schema
    .createTable('social_profiles')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service_name', 'text', (c) => c.notNull())
    .addColumn('user_service_id', 'text', (c) => c.notNull())
    .addColumn('username', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('social_profiles_service_account', ['service_name', 'user_service_id'])
    .addUniqueConstraint('social_profiles_user_service', ['user_id', 'service_name'])
    .execute();
}
