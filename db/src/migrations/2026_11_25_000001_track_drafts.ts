import type { Kysely } from 'kysely';

/**
 * Tracks an artist uploads in backstage start as drafts, seen only by their artist and admins until
 * published. Every track that exists already was public, so the default keeps it so.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tracks').addColumn('published', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}
