import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  // Pages rendered for visitors who are not logged in, shared by every server process. The key is
  // a hash of the address and the cookies a visitor's page depends on; the body is gzipped HTML.
  await db.schema
    .createTable('page_cache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('headers', 'text', (c) => c.notNull())
    .addColumn('body', 'blob', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_cache_expires_at').on('page_cache').column('expires_at').execute();

  // When the cache was last cleared: a page whose rendering began before that may show what was
  // just changed, so it is not stored.
  await db.schema
    .createTable('page_cache_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    // Milliseconds since 1970 outgrow PostgreSQL's 32-bit `integer` (SQLite's is 64-bit already).
    .addColumn('cleared_at', isPostgres(db) ? 'bigint' : 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('page_cache_state').values({ id: 1, cleared_at: 0 }).execute();
}
