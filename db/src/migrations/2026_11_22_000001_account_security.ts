import type { Kysely } from 'kysely';
import { nowIso } from '../dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const now = nowIso(db);
  // Every mail the app sends or, without a mail server, would have sent; secrets are redacted.
  await db.schema
    .createTable('outgoing_emails')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('outgoing_emails_created_at').on('outgoing_emails').column('created_at').execute();

  // Single-use secrets sent to a user (password reset links, verification codes), stored hashed.
  await db.schema
    .createTable('user_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('user_tokens_user_id_type').on('user_tokens').columns(['user_id', 'type']).execute();

  // Counters for throttling, kept in the database so every server process sees the same count.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
}
