import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type SqliteStatement } from 'kysely';
import { Migrator, type MigrationResultSet } from 'kysely/migration';
import type pg from 'pg';
import { createPostgresDialect, isPostgresUrl } from './dialect.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './tables/database.ts';

export type Db = Kysely<Database>;

/** Turns `DATABASE_URL` into a SQLite file path; accepts a bare path, `file:` or `sqlite:` prefixes. */
export function sqlitePathFromUrl(url: string): string {
  if (isPostgresUrl(url)) throw new Error('DATABASE_URL points to PostgreSQL; this command works on a SQLite file only.');
  const bare = url.replace(/^(sqlite|file):(\/\/)?/i, '');
  return bare === ':memory:' ? bare : path.resolve(bare);
}

export interface DbOptions {
  /** Called after every query with its SQL and how long it took, to log slow ones or count them. */
  onQuery?: (query: { sql: string; durationMs: number }) => void;
}

/**
 * Opens the database named by `DATABASE_URL`: PostgreSQL for a `postgres://` address, else a SQLite
 * file in WAL mode so readers never wait for the writer, foreign keys enforced, and a busy timeout
 * so a second process waits for a lock instead of failing.
 */
export function createDb(url: string, options: DbOptions = {}): Db {
  const { onQuery } = options;
  const log = onQuery ? (event: { query: { sql: string }; queryDurationMillis: number }) => onQuery({ sql: event.query.sql, durationMs: event.queryDurationMillis }) : undefined;
  if (isPostgresUrl(url)) return new Kysely<Database>({ dialect: createPostgresDialect(url), log });
  const file = sqlitePathFromUrl(url);
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  // better-sqlite3 raises SQLite's page cache to 16 MB, which a busy server fills (with the page
  // cache's blobs among others) and keeps. The file's pages stay in the system's file cache anyway:
  // at 1M tracks, search answered as fast with 4 MB, for some 12 MB less memory.
  database.pragma('cache_size = -4000');
  const statements = withStatementCache(database);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }), log });
  sqliteDatabases.set(db, { database, statements, onQuery });
  return db;
}

const sqliteDatabases = new WeakMap<Db, { database: SqliteDatabase.Database; statements: ReturnType<typeof withStatementCache>; onQuery: DbOptions['onQuery'] }>();

/**
 * The SQLite file behind a database made by `createDb`, for the few reads made on every request,
 * where the query builder's own work (building, a connection taken and given back, promises) costs
 * more than the query: they run a statement prepared once. Undefined on PostgreSQL, for a
 * transaction, and while one is open on the connection, whose uncommitted writes a read here would see.
 */
export function directSqlite(db: Db): SqliteDatabase.Database | undefined {
  const database = sqliteDatabases.get(db)?.database;
  return database && !database.inTransaction ? database : undefined;
}

/**
 * Runs a read compiled by Kysely on the SQLite file directly, with the statement Kysely would have
 * used (the same cache), reported to `onQuery` as Kysely reports it. Undefined when that is not
 * possible (as for directSqlite) or the statement is not a read: the caller then asks Kysely.
 */
export function readDirectly<R>(db: object, query: string, parameters: readonly unknown[]): R[] | undefined {
  const handle = sqliteDatabases.get(db as Db);
  if (!handle || handle.database.inTransaction) return undefined;
  const statement = handle.statements.prepare(query) as unknown as SqliteDatabase.Statement;
  if (!statement.reader) return undefined;
  if (!handle.onQuery) return statement.all(parameters) as R[];
  const started = performance.now();
  const rows = statement.all(parameters) as R[];
  handle.onQuery({ sql: query, durationMs: performance.now() - started });
  return rows;
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

/**
 * A migrated database of a test's own, removed by `destroy()`: a temporary SQLite file, or, when
 * the test run started a PostgreSQL server (`TEST_DATABASE=postgres`, see testing/postgres.ts), a
 * fresh database on it copied from the migrated template. `file` is then that database's address.
 */
export async function createTestDb(options: DbOptions & { /** Folder to create it in (the system's temporary folder by default). */ directory?: string } = {}): Promise<Db & { file: string; emptyWriteAheadLog(): Promise<void> }> {
  const server = process.env.TEST_POSTGRES_URL;
  if (server) return createPostgresTestDb(server, options);
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

/** The migrated database that every PostgreSQL test database is copied from; testing/postgres.ts makes it. */
export const POSTGRES_TEST_TEMPLATE = 'cadence_template';

export function postgresDatabaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onPostgresServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const { default: driver } = await import('pg');
  const client = new driver.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function createPostgresTestDb(serverUrl: string, options: DbOptions) {
  const name = `cadence_test_${randomBytes(6).toString('hex')}`;
  // Copying a migrated template takes milliseconds; running every migration takes a second.
  await onPostgresServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${POSTGRES_TEST_TEMPLATE}`));
  const url = postgresDatabaseUrl(serverUrl, name);
  const db = createDb(url, options);
  await migrateToLatest(db);
  const destroy = db.destroy.bind(db);
  return Object.assign(db, {
    file: url,
    // PostgreSQL manages its write-ahead log itself.
    emptyWriteAheadLog: async () => {},
    destroy: async () => {
      await destroy();
      await onPostgresServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  });
}
