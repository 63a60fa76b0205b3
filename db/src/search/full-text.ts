import { sql, type RawBuilder } from 'kysely';

/**
 * Full-text search on PostgreSQL: the listener migration indexes `search_document(columns)` (the
 * words lower-cased, without accents, in the `simple` configuration) with GIN where SQLite has its
 * FTS5 tables `<table>_fts`. These are the same columns; a query must name them in the same order
 * for PostgreSQL to use the index.
 */
const INDEXED_COLUMNS: Record<string, string[]> = {
  tracks: ['name'],
  albums: ['name'],
  artists: ['name'],
  playlists: ['name', 'description'],
  users: ['name'],
  tags: ['name'],
};

export interface SearchWord {
  word: string;
  /** Also matches longer words that start with it, as FTS5's `"word"*`. */
  prefix: boolean;
}

/**
 * The words as a tsquery: each one a quoted lexeme, so nothing a person types is read as an
 * operator, all of them required. Accents are removed as in the index, by `search_query`, which
 * the planner computes once and weighs against the column's statistics (migration 2026_11_29_000003).
 */
export function postgresWordsQuery(words: SearchWord[]): RawBuilder<unknown> {
  const text = words.map(({ word, prefix }) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${prefix ? ':*' : ''}`).join(' & ');
  return sql`search_query(${text})`;
}

/** Whether the row of `table` (under `alias`) has all the words: the condition its GIN index serves. */
export function postgresTextMatch(table: string, alias: string, words: SearchWord[]): RawBuilder<boolean> {
  const columns = INDEXED_COLUMNS[table];
  if (!columns) throw new Error(`${table} has no full-text index`);
  return sql<boolean>`search_document(${sql.join(columns.map((column) => sql.ref(`${alias}.${column}`)))}) @@ ${postgresWordsQuery(words)}`;
}
