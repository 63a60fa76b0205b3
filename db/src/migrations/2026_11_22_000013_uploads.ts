import type { Kysely } from 'kysely';

/**
 * Uploads: the back office's file list is read newest first and by uploader, and deleting a file
 * entry sets `tracks.file_entry_id` to null, which without an index reads every track (a million
 * on the scale seed) for each deleted file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('file_entries_user_id').on('file_entries').column('user_id').execute();
  await db.schema.createIndex('file_entries_created_at').on('file_entries').column('created_at').execute();
  await db.schema.createIndex('tracks_file_entry_id').on('tracks').column('file_entry_id').execute();
}
