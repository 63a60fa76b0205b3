import SqliteDatabase from 'better-sqlite3';
import type { SeedProgress } from './index.ts';

/** Tables filled in bulk: their secondary indexes, full-text insert triggers and version triggers are set aside meanwhile. */
const BULK_TABLES = [
  'artists', 'albums', 'album_artist', 'album_tag', 'tracks', 'track_artist', 'genre_track', 'track_tag', 'tags',
  'users', 'user_role', 'playlists', 'playlist_track', 'likes', 'follows',
];

const SEARCH_INDEXES = ['tracks_fts', 'albums_fts', 'artists_fts', 'playlists_fts', 'users_fts', 'tags_fts'];

export type Raw = InstanceType<typeof SqliteDatabase>;

type SetAside = { type: 'index' | 'trigger'; name: string; sql: string }[];

/**
 * Multi-row INSERTs through one prepared statement per batch size: the fastest way to put
 * millions of rows through better-sqlite3 (one native call per few hundred rows).
 */
export function inserter(raw: Raw, table: string, columns: string[]) {
  const perStatement = Math.max(1, Math.floor(2000 / columns.length));
  const tuple = `(${columns.map(() => '?').join(',')})`;
  const sqlFor = (rows: number) => `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(',')}) VALUES ${Array(rows).fill(tuple).join(',')}`;
  const full = raw.prepare(sqlFor(perStatement));
  let values: unknown[] = [];
  let rows = 0;
  let total = 0;
  return {
    add(...row: unknown[]) {
      for (const value of row) values.push(value);
      total++;
      if (++rows === perStatement) {
        full.run(values);
        values = [];
        rows = 0;
      }
    },
    flush() {
      if (rows) raw.prepare(sqlFor(rows)).run(values);
      values = [];
      rows = 0;
    },
    get count() {
      return total;
    },
  };
}

export type Inserter = ReturnType<typeof inserter>;

/**
 * Opens the file for loading with foreign-key checks, journaling and syncing off, and sets aside
 * what makes each inserted row expensive: secondary indexes and FTS insert triggers.
 */
export function openForBulkLoad(file: string): { raw: Raw; setAside: SetAside } {
  const raw = new SqliteDatabase(file);
  raw.pragma('foreign_keys = OFF');
  raw.pragma('journal_mode = OFF');
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -262144');
  raw.pragma('temp_store = MEMORY');
  raw.pragma('locking_mode = EXCLUSIVE');

  const placeholders = BULK_TABLES.map(() => '?').join(',');
  const setAside = raw
    .prepare(
      `SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND tbl_name IN (${placeholders}) ` +
        `AND ((type = 'index') OR (type = 'trigger' AND (name LIKE '%\\_fts\\_insert' ESCAPE '\\' OR name LIKE '%\\_bump\\_version\\_%' ESCAPE '\\')))`,
    )
    .all(...BULK_TABLES) as SetAside;
  for (const item of setAside) raw.exec(`DROP ${item.type.toUpperCase()} "${item.name}"`);
  return { raw, setAside };
}

/** Indexes and triggers back exactly as the migrations wrote them. */
export function restoreSetAside(raw: Raw, setAside: SetAside, progress: SeedProgress): void {
  const indexes = setAside.filter((item) => item.type === 'index');
  indexes.forEach((item, i) => {
    progress('Indexes', i, indexes.length);
    raw.exec(item.sql);
  });
  progress('Indexes', indexes.length, indexes.length);
  for (const item of setAside.filter((item) => item.type === 'trigger')) raw.exec(item.sql);
  // Raised once for the whole load rather than once per row: what any process kept is stale now.
  raw.exec(`UPDATE table_versions SET version = version + 1 WHERE table_name IN (${BULK_TABLES.map((table) => `'${table}'`).join(', ')})`);
}

/** The full-text indexes rebuilt in one pass each rather than row by row. */
export function rebuildSearchIndexes(raw: Raw, progress: SeedProgress): void {
  SEARCH_INDEXES.forEach((index, i) => {
    progress('Search indexes', i, SEARCH_INDEXES.length);
    raw.exec(`INSERT INTO ${index}(${index}) VALUES ('rebuild')`);
  });
  progress('Search indexes', SEARCH_INDEXES.length, SEARCH_INDEXES.length);
}

/** The file handed back to ordinary use. */
export function closeBulkLoad(raw: Raw): void {
  raw.pragma('locking_mode = NORMAL');
  raw.pragma('journal_mode = WAL');
  raw.close();
}
