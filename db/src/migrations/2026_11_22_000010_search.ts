import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Search indexes whose rowids are ordered by popularity.
 *
 * Ordering every match of a common word ("the" is in 40% of track names) by bm25 costs about a
 * microsecond per match, so hundreds of milliseconds on a million tracks; bm25 also counts every
 * match of every term before scoring a single row. These contentless FTS5 tables give each
 * document the rowid `(POPULARITY_SPAN - popularity bucket) << 32 | id`, so walking a doclist in
 * rowid order meets the most played items first and `ORDER BY rowid LIMIT n` stops after n rows
 * whatever the number of matches. Search ranks that pool by relevance, then by exact plays.
 *
 * The bucket keeps two significant digits of the play count (digits * 100 + leading two digits), so
 * a track is re-indexed only when its plays grow by a few percent, not on every play.
 *
 * Only public playlists enter the playlists index.
 */
export const POPULARITY_SPAN = 4095;

const bucket = (plays: string) => `(length(max(${plays}, 0)) * 100 + CAST(substr(max(${plays}, 0), 1, 2) AS INTEGER))`;
const searchRowid = (row: 'new' | 'old') => `((${POPULARITY_SPAN} - ${bucket(`${row}.plays`)}) << 32 | ${row}.id)`;

const INDEXES: { table: string; columns: string[]; onlyWhen?: string }[] = [
  { table: 'tracks', columns: ['name'] },
  { table: 'albums', columns: ['name'] },
  { table: 'artists', columns: ['name'] },
  { table: 'playlists', columns: ['name', 'description'], onlyWhen: 'public = 1' },
];

export async function up(db: Kysely<any>): Promise<void> {
  // PostgreSQL searches the GIN indexes of the listener migration and ranks with plays directly.
  if (isPostgres(db)) return;
  for (const { table, columns, onlyWhen } of INDEXES) {
    const index = `${table}_search`;
    const list = columns.join(', ');
    const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
    const when = (row: 'new' | 'old') => (onlyWhen ? ` AND ${row}.${onlyWhen}` : '');
    const insert = `INSERT INTO ${index}(rowid, ${list}) SELECT ${searchRowid('new')}, ${values('new')} WHERE 1${when('new')};`;
    const remove = `DELETE FROM ${index} WHERE rowid = ${searchRowid('old')}${when('old')};`;
    const watched = [...columns, 'plays', ...(onlyWhen ? ['public'] : [])];
    const changed = watched.map((c) => (c === 'plays' ? `${bucket('old.plays')} != ${bucket('new.plays')}` : `old.${c} IS NOT new.${c}`)).join(' OR ');

    await sql
      .raw(
        `CREATE VIRTUAL TABLE ${index} USING fts5(${list}, content='', contentless_delete=1, ` +
          `tokenize='unicode61 remove_diacritics 2', prefix='2 3')`,
      )
      .execute(db);
    await sql.raw(`CREATE TRIGGER ${index}_insert AFTER INSERT ON ${table} BEGIN ${insert} END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${index}_delete AFTER DELETE ON ${table} BEGIN ${remove} END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${index}_update AFTER UPDATE OF ${watched.join(', ')} ON ${table} WHEN ${changed} BEGIN ${remove} ${insert} END`).execute(db);
    await sql
      .raw(`INSERT INTO ${index}(rowid, ${list}) SELECT ${searchRowid('new')}, ${values('new')} FROM ${table} AS new WHERE 1${when('new')}`)
      .execute(db);
  }
}
