import { existsSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { migrations } from './migrations/index.ts';

/** The newest migration this code knows: the schema level a database it migrated is at. */
export const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1)!;

/** Whether this code knows the migration, so it can open a database migrated up to it. */
export function isKnownMigration(name: string): boolean {
  return Object.hasOwn(migrations, name);
}

/**
 * Copies a live SQLite database with SQLite's online backup API: the copy is one consistent
 * moment even while the server keeps writing (a file copy could catch a half-written page or miss
 * what still sits in the write-ahead log). Answers the schema level of the copy.
 */
export async function backupSqliteDatabase(file: string, destination: string): Promise<{ migration: string | null }> {
  if (!existsSync(file)) throw new Error(`There is no database at ${file}.`);
  const source = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(destination);
  } finally {
    source.close();
  }
  const copy = new SqliteDatabase(destination);
  try {
    // The copy is a single file: no write-ahead log to carry along.
    copy.pragma('journal_mode = DELETE');
    return { migration: migrationLevel(copy) };
  } finally {
    copy.close();
  }
}

/** Checks a database file restored from a backup before it replaces anything: SQLite's own integrity check and its schema level. */
export function inspectSqliteDatabase(file: string): { ok: boolean; migration: string | null } {
  const database = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const ok = database.pragma('quick_check', { simple: true }) === 'ok';
    return { ok, migration: migrationLevel(database) };
  } finally {
    database.close();
  }
}

function migrationLevel(database: SqliteDatabase.Database): string | null {
  const table = database.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
  if (!table) return null;
  const row = database.prepare('select max(name) as name from kysely_migration').get() as { name: string | null };
  return row.name;
}
