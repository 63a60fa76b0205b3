import { sql } from 'kysely';
import { readDirectly, type Db } from '../connection.ts';
import { isPostgres } from '../dialect.ts';

/** The read of tableVersionStamp for this many tables, written once per count. */
const versionSql = new Map<number, string>();

/**
 * The versions of these tables as one text, which changes whenever any of them is written
 * (migration 2026_11_30_000001): what a process built from them stays valid while it stays the
 * same. Undefined when one of them keeps no version. Read on every request that may be answered
 * from such a copy, so on SQLite it runs directly (readDirectly).
 */
export async function tableVersionStamp(db: Db, tables: readonly string[]): Promise<string | undefined> {
  let text = versionSql.get(tables.length);
  if (!text) versionSql.set(tables.length, (text = `select version from table_versions where table_name in (${tables.map(() => '?').join(', ')}) order by table_name`));
  const rows =
    readDirectly<{ version: number | string }>(db, text, tables) ??
    (await db.selectFrom('table_versions').select('version').where('table_name', 'in', tables).orderBy('table_name').execute());
  return rows.length === new Set(tables).size ? rows.map((row) => row.version).join(',') : undefined;
}

/** Tables whose writes raise their version: those with the triggers of migration 2026_11_30_000001. */
export async function tablesWithVersionTriggers(db: Db): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ name: string }>`select distinct event_object_table as name from information_schema.triggers where trigger_name like '%\\_bump\\_version' and action_statement like '%bump_table_version%'`.execute(db)
    : await sql<{ name: string }>`select tbl_name as name from sqlite_master where type = 'trigger' and name like '%\\_bump\\_version\\_%' escape '\\' group by tbl_name having count(*) = 3`.execute(db);
  const versioned = new Set((await db.selectFrom('table_versions').select('table_name').execute()).map((row) => row.table_name));
  return rows.map((row) => row.name).filter((name) => versioned.has(name));
}
