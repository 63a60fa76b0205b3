import type { Kysely } from 'kysely';

/**
 * The page cache's generation becomes a counter instead of the time of the last clearing: two
 * clearings in the same millisecond gave the same number, so a process that read the settings
 * between them kept the older ones. A 32-bit integer: PostgreSQL answers `bigint` as a string.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('page_cache_state').addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('page_cache_state').dropColumn('cleared_at').execute();
}
