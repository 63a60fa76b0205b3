import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Each page is now kept both plain and gzipped, so a client that takes no gzip costs no
  // decompression. The table is a cache: it is made anew, empty, rather than converted.
  await db.schema.dropTable('page_cache').execute();
  await db.schema
    .createTable('page_cache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('headers', 'text', (c) => c.notNull())
    .addColumn('html', 'blob', (c) => c.notNull())
    .addColumn('html_gzip', 'blob', (c) => c.notNull())
    // Milliseconds since 1970 outgrow a 32-bit integer (PostgreSQL's `integer`).
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_cache_expires_at').on('page_cache').column('expires_at').execute();
}
