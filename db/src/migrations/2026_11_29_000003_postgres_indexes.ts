import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * PostgreSQL only: what SQLite's search indexes and plain indexes already give it at a million tracks.
 *
 * 1. Search ranks "the 1000 most played matches". The GIN index of the listener migration finds the
 *    matches, but then every one of them (70 000 for "love") is read and sorted by plays, and walking
 *    the plays index instead computes `search_document` (about 3 µs) for each row it passes. So, as
 *    SQLite's popularity-ordered FTS5 tables do (migration 000010), each searchable table gets a
 *    `<table>_search` twin holding the document already computed and the same popularity bucket
 *    (two significant digits of plays, so a play rewrites it only when plays grow by a few percent):
 *    the planner either walks it by bucket, testing a stored tsvector per row and stopping after
 *    1000 matches (common words), or reads the few matches of a rare word from its GIN index.
 *    Triggers keep it in step; deleting the row deletes its twin through the foreign key.
 *
 * 2. `search_query(words)` is the query side of `search_document`, declared immutable for the
 *    same reason (the dictionary is named): the planner folds it into a constant, so it is computed
 *    once, and estimates how many rows match from the column's statistics to choose that plan.
 *
 * 3. The back office sorts lists with `DESC NULLS LAST` / `ASC NULLS FIRST` on PostgreSQL, so empty
 *    values sort as on SQLite, then by id in the same direction. A plain index gives the opposite
 *    NULLS order, so every page sorted the whole table (about 300 ms at a million tracks); an index
 *    on `(column DESC NULLS LAST, id DESC)` is read forwards for one direction and backwards for the
 *    other, and a page stops after its rows.
 */

/**
 * `covering`: the walk's index also holds the document, so walking past 30 000 rows that do not
 * match ("tim" at a million tracks) reads a few hundred index pages, not a table page per row
 * (5 ms rather than 50). A btree entry holds at most 2.7 KB, so only names go there, and only
 * their first 500 characters (the API and the importer keep names to 255): a longer name written
 * some other way is then cut for PostgreSQL's search rather than refused. Playlists' descriptions
 * have no such bound, and their table is small.
 */
const SEARCHED: { table: string; columns: string[]; onlyWhen?: string; covering?: boolean }[] = [
  { table: 'tracks', columns: ['name'], covering: true },
  { table: 'albums', columns: ['name'], covering: true },
  { table: 'artists', columns: ['name'], covering: true },
  { table: 'playlists', columns: ['name', 'description'], onlyWhen: 'public = 1' },
];

/** The sortable columns (`table.sortable` in api/src/admin/resources/) of the lists that grow with the catalogue and its listeners. */
const SORTED: Record<string, string[]> = {
  tracks: ['id', 'name', 'number', 'duration', 'plays', 'album_id', 'created_at', 'updated_at'],
  albums: ['id', 'name', 'type', 'release_date', 'created_at', 'updated_at'],
  artists: ['id', 'name', 'verified', 'created_at', 'updated_at'],
  users: ['id', 'name', 'email', 'created_at', 'updated_at', 'banned_at', 'email_verified_at'],
  playlists: ['id', 'name', 'owner_id', 'public', 'collaborative', 'plays', 'created_at', 'updated_at'],
  comments: ['id', 'track_id', 'user_id', 'created_at', 'updated_at'],
};

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`CREATE FUNCTION search_query(words text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT to_tsquery('simple', public.unaccent('public.unaccent'::regdictionary, words)) $$`.execute(db);
  await sql`CREATE FUNCTION search_rank(plays integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT length(greatest(plays, 0)::text) * 100 + left(greatest(plays, 0)::text, 2)::integer $$`.execute(db);

  for (const { table, columns, onlyWhen, covering } of SEARCHED) {
    const twin = `${table}_search`;
    const document = (row: string) => `search_document(${columns.map((c) => (covering ? `left(${row}.${c}, 500)` : `${row}.${c}`)).join(', ')})`;
    const watched = [...columns, 'plays', ...(onlyWhen ? ['public'] : [])];
    const changed = watched.map((c) => (c === 'plays' ? 'search_rank(OLD.plays) <> search_rank(NEW.plays)' : `OLD.${c} IS DISTINCT FROM NEW.${c}`)).join(' OR ');
    const upsert = `INSERT INTO ${twin} (id, rank, document) VALUES (NEW.id, search_rank(NEW.plays), ${document('NEW')})
      ON CONFLICT (id) DO UPDATE SET rank = excluded.rank, document = excluded.document;`;
    await sql.raw(`CREATE TABLE ${twin} (id integer PRIMARY KEY REFERENCES ${table} (id) ON DELETE CASCADE, rank integer NOT NULL, document tsvector NOT NULL)`).execute(db);
    // Written in walking order, so a walk reads neighbouring rows from the same pages.
    await sql
      .raw(`INSERT INTO ${twin} (id, rank, document) SELECT id, search_rank(plays), ${document(table)} FROM ${table}${onlyWhen ? ` WHERE ${onlyWhen}` : ''} ORDER BY 2 DESC, 1`)
      .execute(db);
    await sql.raw(`CREATE INDEX ${twin}_rank ON ${twin} (rank DESC, id)${covering ? ' INCLUDE (document)' : ''}`).execute(db);
    await sql.raw(`CREATE INDEX ${twin}_document ON ${twin} USING gin (document)`).execute(db);
    await sql
      .raw(
        `CREATE FUNCTION ${twin}_sync() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
          ${onlyWhen ? `IF NEW.${onlyWhen} THEN ${upsert} ELSE DELETE FROM ${twin} WHERE id = NEW.id; END IF;` : upsert}
          RETURN NULL;
        END $$`,
      )
      .execute(db);
    await sql.raw(`CREATE TRIGGER ${twin}_insert AFTER INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${twin}_sync()`).execute(db);
    await sql.raw(`CREATE TRIGGER ${twin}_update AFTER UPDATE OF ${watched.join(', ')} ON ${table} FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION ${twin}_sync()`).execute(db);
    await sql.raw(`ANALYZE ${twin}`).execute(db);
  }

  for (const [table, columns] of Object.entries(SORTED)) {
    for (const column of columns) {
      const key = column === 'id' ? 'id DESC NULLS LAST' : `${column} DESC NULLS LAST, id DESC`;
      await sql.raw(`CREATE INDEX ${table}_${column}_nulls_last ON ${table} (${key})`).execute(db);
    }
  }
}
