import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * PostgreSQL only: search reads its 1000 candidates from the walk's index alone.
 *
 * After migration 2026_11_29_000003 the walk by popularity took 3-10 ms at a million tracks, but
 * each candidate was then looked up in its table for its name, plays and whether it is published
 * (an index probe and a table page each, 1000 times per searched kind), and an album twice more in
 * tracks to see whether it is listed. Now the `<table>_search` rows of tracks, albums and artists
 * also hold what ranking needs, and the walk's index includes it, so a common word or a prefix is
 * an index-only scan:
 *
 * - `name`, its first NAME_CUT characters: a btree entry holds at most 2.7 KB, next to the
 *   document. A name that long or longer (the API keeps names to 255) is read from its table, so
 *   ranking always sees the whole name.
 * - `published` for tracks: drafts are still part of the pool, as in SQLite's index, and left out
 *   after it.
 * - Not the exact plays: keeping them would rewrite the row and its index entries on every play.
 *   The rank bucket orders candidates; ties within a bucket are ordered by the plays of the rows
 *   read for the page (search.repository.ts).
 *
 * Albums are listed when one of their tracks is published: a partial index of published tracks by
 * album answers that from the index.
 *
 * The tables are made again rather than altered, so their rows are in walking order and no
 * million-row update leaves dead rows behind; it runs in the migration's transaction, so search
 * never sees them half made.
 */
export const NAME_CUT = 120;

const SEARCHED: { table: string; published?: boolean }[] = [{ table: 'tracks', published: true }, { table: 'albums' }, { table: 'artists' }];

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { table, published } of SEARCHED) {
    const twin = `${table}_search`;
    const columns = ['id', 'rank', 'document', 'name', ...(published ? ['published'] : [])];
    const values = (row: string) =>
      [`${row}.id`, `search_rank(${row}.plays)`, `search_document(left(${row}.name, 500))`, `left(${row}.name, ${NAME_CUT})`, ...(published ? [`${row}.published`] : [])].join(', ');
    const watched = ['name', 'plays', ...(published ? ['published'] : [])];
    const changed = watched.map((c) => (c === 'plays' ? 'search_rank(OLD.plays) <> search_rank(NEW.plays)' : `OLD.${c} IS DISTINCT FROM NEW.${c}`)).join(' OR ');

    await sql.raw(`DROP TRIGGER ${twin}_update ON ${table}`).execute(db);
    await sql.raw(`DROP TABLE ${twin}`).execute(db);
    await sql
      .raw(
        `CREATE TABLE ${twin} (id integer PRIMARY KEY REFERENCES ${table} (id) ON DELETE CASCADE, rank integer NOT NULL, document tsvector NOT NULL, name text${published ? ', published integer NOT NULL' : ''})`,
      )
      .execute(db);
    await sql.raw(`INSERT INTO ${twin} (${columns.join(', ')}) SELECT ${values(table)} FROM ${table} ORDER BY 2 DESC, 1`).execute(db);
    await sql.raw(`CREATE INDEX ${twin}_rank ON ${twin} (rank DESC, id) INCLUDE (${columns.slice(2).join(', ')})`).execute(db);
    await sql.raw(`CREATE INDEX ${twin}_document ON ${twin} USING gin (document)`).execute(db);
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION ${twin}_sync() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
          INSERT INTO ${twin} (${columns.join(', ')}) VALUES (${values('NEW')})
            ON CONFLICT (id) DO UPDATE SET ${columns.slice(1).map((c) => `${c} = excluded.${c}`).join(', ')};
          RETURN NULL;
        END $$`,
      )
      .execute(db);
    await sql.raw(`CREATE TRIGGER ${twin}_update AFTER UPDATE OF ${watched.join(', ')} ON ${table} FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION ${twin}_sync()`).execute(db);
    await sql.raw(`ANALYZE ${twin}`).execute(db);
  }
  await sql`CREATE INDEX tracks_album_id_published ON tracks (album_id) WHERE published = 1`.execute(db);
}
