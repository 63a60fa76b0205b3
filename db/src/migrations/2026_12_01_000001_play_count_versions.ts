import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/** Tables whose `plays` counter every play raises (db/src/player/plays.repository.ts). */
export const PLAY_COUNTED_TABLES = ['tracks', 'albums', 'artists'] as const;

/** The version raised by a change of those counters alone, instead of the tables' own. */
export const PLAY_COUNTS_VERSION = 'play_counts';

/** The trigger that raises a play-counted table's own version on an update (see columnsWatchedOnUpdate). */
export const contentUpdateTrigger = (table: string, postgres: boolean) => (postgres ? `${table}_bump_version` : `${table}_bump_version_update`);

/**
 * A play raises the counters of its track, album and artists. Until now that raised the versions
 * of those three tables, so every copy a process kept of anything read from them (a back-office
 * list, an album as JSON) was read again after each play anywhere: on a site where someone is
 * always listening, never kept. From here an update raises a table's own version only when it sets
 * a column other than `plays` (SQLite and PostgreSQL both fire `UPDATE OF` triggers by the columns
 * a statement sets), and the counters raise `play_counts`. Copies that show counts follow that version as well,
 * exactly (the back office's lists) or within a bounded lag (an album as JSON).
 *
 * The watched columns are those the table has now: a migration adding a column to one of these
 * tables must make the trigger again (db/src/migrations/play-count-versions.test.ts checks it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await sql`INSERT INTO table_versions (table_name, version) VALUES (${PLAY_COUNTS_VERSION}, 0)`.execute(db);
  if (postgres) {
    await sql`CREATE FUNCTION bump_named_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      UPDATE table_versions SET version = version + 1 WHERE table_name = TG_ARGV[0];
      RETURN NULL;
    END $$`.execute(db);
  }
  for (const table of PLAY_COUNTED_TABLES) {
    const columns = (await columnsOf(db, table)).filter((column) => column !== 'plays');
    const watched = columns.map((column) => `"${column}"`).join(', ');
    const trigger = contentUpdateTrigger(table, postgres);
    await sql.raw(`DROP TRIGGER ${trigger}${postgres ? ` ON ${table}` : ''}`).execute(db);
    if (postgres) {
      await sql.raw(`CREATE TRIGGER ${trigger} AFTER INSERT OR UPDATE OF ${watched} OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version()`).execute(db);
      await sql.raw(`CREATE TRIGGER ${table}_bump_play_counts AFTER UPDATE OF plays ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION bump_named_version('${PLAY_COUNTS_VERSION}')`).execute(db);
    } else {
      await sql
        .raw(`CREATE TRIGGER ${trigger} AFTER UPDATE OF ${watched} ON ${table} BEGIN UPDATE table_versions SET version = version + 1 WHERE table_name = '${table}'; END`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_bump_play_counts AFTER UPDATE OF plays ON ${table} BEGIN UPDATE table_versions SET version = version + 1 WHERE table_name = '${PLAY_COUNTS_VERSION}'; END`)
        .execute(db);
    }
  }
}

async function columnsOf(db: Kysely<any>, table: string): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db)
    : await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  return rows.map((row) => row.name);
}
