import type { Insertable } from 'kysely';
import type { Db } from '../connection.ts';
import type { FileEntriesTable, FileEntryRow } from '../tables/file-entries.table.ts';

export async function insertFileEntry(db: Db, entry: Insertable<FileEntriesTable>): Promise<FileEntryRow> {
  return db.insertInto('file_entries').values(entry).returningAll().executeTakeFirstOrThrow();
}

export async function findFileEntry(db: Db, id: number): Promise<FileEntryRow | undefined> {
  return db.selectFrom('file_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteFileEntryByName(db: Db, fileName: string): Promise<void> {
  await db.deleteFrom('file_entries').where('file_name', '=', fileName).execute();
}
