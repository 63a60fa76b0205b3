import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/** Tables whose back-office list opens unfiltered on a catalogue that may hold millions of rows. */
const COUNTED_TABLES = ['tracks', 'albums', 'artists'] as const;

/**
 * How many rows each large table holds, kept by the database itself: triggers change the count in
 * the same transaction as the insert or delete, so every process reads an exact number, while
 * `count(*)` would walk an index of a million entries on every list page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('row_counts')
    .addColumn('table_name', 'text', (c) => c.primaryKey())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .execute();
  if (isPostgres(db)) {
    await sql`CREATE FUNCTION count_rows() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        UPDATE row_counts SET count = 0 WHERE table_name = TG_TABLE_NAME;
      ELSE
        UPDATE row_counts SET count = count + (CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END) WHERE table_name = TG_TABLE_NAME;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  }
  for (const table of COUNTED_TABLES) {
    if (isPostgres(db)) {
      // The count is taken under a lock that keeps writers out until this migration commits.
      await sql.raw(`LOCK TABLE ${table} IN SHARE MODE`).execute(db);
      await sql.raw(`CREATE TRIGGER ${table}_row_count AFTER INSERT OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION count_rows()`).execute(db);
      // db:copy --force empties the target with TRUNCATE, which row triggers do not see.
      await sql.raw(`CREATE TRIGGER ${table}_row_count_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION count_rows()`).execute(db);
    } else {
      await sql.raw(`CREATE TRIGGER ${table}_row_count_insert AFTER INSERT ON ${table} BEGIN UPDATE row_counts SET count = count + 1 WHERE table_name = '${table}'; END`).execute(db);
      await sql.raw(`CREATE TRIGGER ${table}_row_count_delete AFTER DELETE ON ${table} BEGIN UPDATE row_counts SET count = count - 1 WHERE table_name = '${table}'; END`).execute(db);
    }
    await sql.raw(`INSERT INTO row_counts (table_name, count) SELECT '${table}', count(*) FROM ${table}`).execute(db);
  }
}
