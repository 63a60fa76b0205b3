import type { Kysely } from 'kysely';

/**
 * What an artist shows the admin who reviews their request: the profile they want (image,
 * links) and a proof that they are who they say (an uploaded file, or a social profile address).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('backstage_requests').addColumn('image', 'text').execute();
  /** JSON array of { url, title }, as artists.links. */
  await db.schema.alterTable('backstage_requests').addColumn('links', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('backstage_requests').addColumn('proof_file_id', 'integer', (c) => c.references('file_entries.id').onDelete('set null')).execute();
  await db.schema.alterTable('backstage_requests').addColumn('proof_url', 'text').execute();
}
