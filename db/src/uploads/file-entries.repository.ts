import type { Insertable } from 'kysely';
import type { Db } from '../connection.ts';
import type { FileEntriesTable, FileEntryRow } from '../tables/file-entries.table.ts';

export async function insertFileEntry(db: Db, entry: Insertable<FileEntriesTable>): Promise<FileEntryRow> {
  return db.insertInto('file_entries').values(entry).returningAll().executeTakeFirstOrThrow();
}

/**
 * An uploaded profile image recorded and shown on its user in one transaction: if the database
 * cannot take both (a full disk), it has neither, and the caller removes the stored bytes.
 */
export async function insertUserImage(db: Db, userId: number, entry: Insertable<FileEntriesTable>, image: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('file_entries').values(entry).execute();
    await trx.updateTable('users').set({ image, updated_at: new Date().toISOString() }).where('id', '=', userId).execute();
  });
}

/** The same for a playlist's uploaded cover. */
export async function insertPlaylistImage(db: Db, playlistId: number, entry: Insertable<FileEntriesTable>, image: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('file_entries').values(entry).execute();
    await trx.updateTable('playlists').set({ image, updated_at: new Date().toISOString() }).where('id', '=', playlistId).execute();
  });
}

export async function findFileEntry(db: Db, id: number): Promise<FileEntryRow | undefined> {
  return db.selectFrom('file_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteFileEntryByName(db: Db, fileName: string): Promise<void> {
  await db.deleteFrom('file_entries').where('file_name', '=', fileName).execute();
}

export async function findFileEntries(db: Db, ids: number[]): Promise<FileEntryRow[]> {
  if (!ids.length) return [];
  return db.selectFrom('file_entries').selectAll().where('id', 'in', ids).execute();
}

export async function findFileEntriesByNames(db: Db, fileNames: string[]): Promise<FileEntryRow[]> {
  if (!fileNames.length) return [];
  return db.selectFrom('file_entries').selectAll().where('file_name', 'in', fileNames).execute();
}

export async function deleteFileEntries(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.deleteFrom('file_entries').where('id', 'in', ids).execute();
}

/** Tracks whose audio this user uploaded: the count behind the `music.create` restriction. */
export async function countTracksUploadedBy(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('tracks')
    .innerJoin('file_entries', 'file_entries.id', 'tracks.file_entry_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('file_entries.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The track playing this file, if any: a file becomes at most one track. */
export async function trackUsingFileEntry(db: Db, fileEntryId: number): Promise<number | undefined> {
  const row = await db.selectFrom('tracks').select('id').where('file_entry_id', '=', fileEntryId).limit(1).executeTakeFirst();
  return row?.id;
}
