import { sql } from 'kysely';
import type SqliteDatabase from 'better-sqlite3';
import { directSqlite, type Db } from '../connection.ts';
import { isPostgres } from '../dialect.ts';
import { PLAY_COUNTED_TABLES, PLAY_COUNTS_VERSION } from '../migrations/2026_12_01_000001_play_count_versions.ts';

export { PLAY_COUNTS_VERSION };

/** The version of every table that keeps one, read at one moment (migration 2026_11_30_000001). */
export type TableVersions = ReadonlyMap<string, string>;

/** Every version as one text, "name version,name version…": one value to read and compare, where rows would make an object each. */
const ALL_VERSIONS = "select group_concat(table_name || ' ' || version, ',') as versions from table_versions";

/**
 * Whether the file changed since: data_version moves with every commit by another connection (any
 * process or program), total_changes() with every row this connection wrote, triggers' rows
 * included. Cheaper than reading the versions, which are read only once one of them moved.
 */
const CHANGE_COUNTERS = "select data_version || ' ' || total_changes() from pragma_data_version()";

const statementsOf = new WeakMap<SqliteDatabase.Database, { changes: SqliteDatabase.Statement; versions: SqliteDatabase.Statement }>();

/** The last versions read from each database, used again while nothing was written since. */
const lastRead = new WeakMap<object, { changes: string; text: string; versions: TableVersions }>();

/**
 * Every table's version, in one small read: what a process built from some tables stays valid
 * while their versions stay the same. Read on every request that may be answered from such a copy,
 * so on SQLite it asks first whether anything was written since (CHANGE_COUNTERS), with statements
 * prepared once, and the map is made anew only when a version moved.
 */
export async function tableVersions(db: Db): Promise<TableVersions> {
  const sqlite = directSqlite(db);
  if (!sqlite) {
    const rows = await db.selectFrom('table_versions').select(['table_name', 'version']).execute();
    return new Map(rows.map((row) => [row.table_name, String(row.version)]));
  }
  let statements = statementsOf.get(sqlite);
  if (!statements) {
    statements = { changes: sqlite.prepare(CHANGE_COUNTERS).pluck(), versions: sqlite.prepare(ALL_VERSIONS).pluck() };
    statementsOf.set(sqlite, statements);
  }
  const changes = statements.changes.get() as string;
  const last = lastRead.get(db);
  if (last?.changes === changes) return last.versions;
  const text = (statements.versions.get() as string | null) ?? '';
  if (last?.text === text) {
    last.changes = changes;
    return last.versions;
  }
  const versions: TableVersions = new Map(text ? text.split(',').map((entry) => entry.split(' ') as [string, string]) : []);
  lastRead.set(db, { changes, text, versions });
  return versions;
}

/** The versions of these tables as one text; undefined when one of them keeps no version. */
export function versionStamp(versions: TableVersions, tables: readonly string[]): string | undefined {
  let stamp = '';
  for (const table of tables) {
    const version = versions.get(table);
    if (version === undefined) return undefined;
    stamp += `${version},`;
  }
  return stamp;
}

/**
 * The versions a copy of rows read from these tables depends on: the tables', and the play counts'
 * when one of them counts plays, as a play raises only that (migration 2026_12_01_000001).
 */
export function versionsOfRowsFrom(tables: readonly string[]): string[] {
  return tables.some((table) => (PLAY_COUNTED_TABLES as readonly string[]).includes(table)) ? [...tables, PLAY_COUNTS_VERSION] : [...tables];
}

/** Tables whose writes raise their version: those with the triggers of migration 2026_11_30_000001. */
export async function tablesWithVersionTriggers(db: Db): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ name: string }>`select distinct event_object_table as name from information_schema.triggers where trigger_name like '%\\_bump\\_version' and action_statement like '%bump_table_version%'`.execute(db)
    : await sql<{ name: string }>`select tbl_name as name from sqlite_master where type = 'trigger' and name like '%\\_bump\\_version\\_%' escape '\\' group by tbl_name having count(*) = 3`.execute(db);
  const versioned = new Set((await db.selectFrom('table_versions').select('table_name').execute()).map((row) => row.table_name));
  return rows.map((row) => row.name).filter((name) => versioned.has(name));
}
