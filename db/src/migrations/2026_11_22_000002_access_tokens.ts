import type { Kysely } from 'kysely';
import { nowIso } from '../dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const now = nowIso(db);
  // API tokens: the secret half is shown once; only its SHA-256 is kept.
  await db.schema
    .createTable('access_tokens')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('access_tokens_user_id').on('access_tokens').column('user_id').execute();

  // When this session last confirmed its password, for the 9000-second window of sensitive actions.
  await db.schema.alterTable('sessions').addColumn('password_confirmed_at', 'text').execute();
}
