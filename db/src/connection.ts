import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type SqliteStatement } from 'kysely';
import { Migrator, type MigrationResultSet } from 'kysely/migration';
import { migrations } from './migrations/index.ts';
import type { Database } from './tables/database.ts';

export type Db = Kysely<Database>;

/** Turns `DATABASE_URL` into a SQLite file path; accepts a bare path, `file:` or `sqlite:` prefixes. */
export function sqlitePathFromUrl(url: string): string {
  if (/^postgres(ql)?:\/\//i.test(url)) {
    throw new Error(
      'DATABASE_URL points to PostgreSQL, which this version does not support yet. Unset DATABASE_URL to use SQLite under STORAGE_PATH.',
    );
  }
  const bare = url.replace(/^(sqlite|file):(\/\/)?/i, '');
  return bare === ':memory:' ? bare : path.resolve(bare);
}

/**
 * Opens the database: WAL so readers never wait for the writer, foreign keys enforced,
 * and a busy timeout so a second process waits for a lock instead of failing.
 */
export interface DbOptions {
  /** Called after every query with its SQL and how long it took, to log slow ones or count them. */
  onQuery?: (query: { sql: string; durationMs: number }) => void;
}

export function createDb(url: string, options: DbOptions = {}): Db {
  const file = sqlitePathFromUrl(url);
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  const { onQuery } = options;
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
    log: onQuery ? (event) => onQuery({ sql: event.query.sql, durationMs: event.queryDurationMillis }) : undefined,
  });
}

const ALREADY_ROLLED_BACK: SqliteStatement = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

/**
 * Kysely prepares every query anew, and compiling SQL costs more than running a small indexed
 * query. Statements are kept by their text, the least recently used dropped first: the app's SQL
 * comes from a bounded set of query shapes. Safe because better-sqlite3 runs each statement to
 * completion synchronously, and SQLite recompiles a kept statement itself after a schema change.
 */
function withStatementCache(database: SqliteDatabase.Database, capacity = 400) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      // A full disk (SQLITE_FULL, SQLITE_IOERR) makes SQLite roll the transaction back itself; the
      // ROLLBACK Kysely then sends would fail and hide that error behind "no transaction is active".
      if (sql === 'rollback' && !database.inTransaction) return ALREADY_ROLLED_BACK;
      let statement = statements.get(sql);
      if (statement) statements.delete(sql);
      else {
        statement = database.prepare(sql);
        if (statements.size >= capacity) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

/** A migrated database in a temporary file, removed by `destroy()`; for tests. */
export async function createTestDb(options: DbOptions & { /** Folder to create it in (the system's temporary folder by default). */ directory?: string } = {}): Promise<Db & { file: string; emptyWriteAheadLog(): Promise<void> }> {
  const dir = mkdtempSync(path.join(options.directory ?? tmpdir(), 'music-db-'));
  const file = path.join(dir, 'test.sqlite');
  const db = createDb(file, options);
  await migrateToLatest(db);
  const destroy = db.destroy.bind(db);
  return Object.assign(db, {
    file,
    /** The log keeps the room it grew to; emptied, the next write needs new room on the disk. */
    emptyWriteAheadLog: async () => {
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    },
    destroy: async () => {
      await destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}
