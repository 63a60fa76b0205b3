import type SqliteDatabase from 'better-sqlite3';
import { directSqlite, type Db } from '../connection.ts';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The HTML as rendered. */
  html: Uint8Array;
  /** The same HTML gzipped: both are kept, so serving either costs no (de)compression. */
  gzipped: Uint8Array;
  created_at: number;
}

/** A stored page without its body. */
export type CachedPageHead = Omit<CachedPage, PageForm> & { expires_at: number };

/** The two forms a page is stored in. */
export type PageForm = 'html' | 'gzipped';

/** The page stored under this key, unless it has expired. */
export async function findCachedPage(db: Db, key: string, nowMs: number): Promise<(CachedPage & { expires_at: number }) | undefined> {
  const row = await db
    .selectFrom('page_cache')
    .select(['status', 'headers', 'html', 'html_gzip', 'created_at', 'expires_at'])
    .where('key', '=', key)
    .where('expires_at', '>', nowMs)
    .executeTakeFirst();
  return row && { status: row.status, headers: JSON.parse(row.headers) as [string, string][], html: row.html, gzipped: row.html_gzip, created_at: row.created_at, expires_at: row.expires_at };
}

/** The page stored under this key in one of its forms, unless it has expired: a hit reads only what it sends. */
export async function findCachedPageForm(db: Db, key: string, nowMs: number, form: PageForm): Promise<(CachedPageHead & { body: Uint8Array }) | undefined> {
  const sqlite = directSqlite(db);
  const row = sqlite
    ? (hotStatements(sqlite).page[form].get(key, nowMs) as PageRow | undefined)
    : await db
        .selectFrom('page_cache')
        .select(['status', 'headers', form === 'html' ? 'html as body' : 'html_gzip as body', 'created_at', 'expires_at'])
        .where('key', '=', key)
        .where('expires_at', '>', nowMs)
        .executeTakeFirst();
  return row && { status: row.status, headers: JSON.parse(row.headers) as [string, string][], body: row.body, created_at: row.created_at, expires_at: row.expires_at };
}
interface PageRow {
  status: number;
  headers: string;
  body: Uint8Array;
  created_at: number;
  expires_at: number;
}

/**
 * How many times the cache was cleared: it changes with every change visitors may see (content,
 * settings, permissions), so a process may keep copies of pages and settings while it stays the same.
 */
export async function pageCacheGeneration(db: Db): Promise<number> {
  const sqlite = directSqlite(db);
  if (sqlite) return (hotStatements(sqlite).generation.get() as number | undefined) ?? 0;
  const row = await db.selectFrom('page_cache_state').select('generation').executeTakeFirst();
  return row?.generation ?? 0;
}

/** Read on every page cache hit: prepared once per SQLite database (see directSqlite). */
function hotStatements(sqlite: SqliteDatabase.Database) {
  let statements = hotStatementsOf.get(sqlite);
  if (!statements) {
    const page = (column: string) => sqlite.prepare(`select status, headers, ${column} as body, created_at, expires_at from page_cache where key = ? and expires_at > ?`);
    statements = {
      generation: sqlite.prepare('select generation from page_cache_state').pluck(),
      page: { html: page('html'), gzipped: page('html_gzip') },
    };
    hotStatementsOf.set(sqlite, statements);
  }
  return statements;
}
const hotStatementsOf = new WeakMap<SqliteDatabase.Database, { generation: SqliteDatabase.Statement; page: Record<PageForm, SqliteDatabase.Statement> }>();

/**
 * Stores a page rendered in `generation`, unless the cache was cleared since (the page may show
 * what was just changed), and removes two expired ones, so the table stays about as large as what is fresh even
 * when crawlers walk through a million pages between two runs of the cleanup job.
 */
export async function storeCachedPage(db: Db, key: string, page: CachedPage, expiresAtMs: number, generation: number): Promise<void> {
  const values = { status: page.status, headers: JSON.stringify(page.headers), html: page.html, html_gzip: page.gzipped, created_at: page.created_at, expires_at: expiresAtMs };
  await db
    .insertInto('page_cache')
    .columns(['key', 'status', 'headers', 'html', 'html_gzip', 'created_at', 'expires_at'])
    .expression((eb) =>
      eb
        .selectFrom('page_cache_state')
        .select([
          eb.val(key).as('key'),
          eb.val(values.status).as('status'),
          eb.val(values.headers).as('headers'),
          eb.val(values.html).as('html'),
          eb.val(values.html_gzip).as('html_gzip'),
          eb.val(values.created_at).as('created_at'),
          eb.val(values.expires_at).as('expires_at'),
        ])
        .where('generation', '=', generation),
    )
    .onConflict((conflict) => conflict.column('key').doUpdateSet(values))
    .execute();
  await db
    .deleteFrom('page_cache')
    .where('key', 'in', (query) => query.selectFrom('page_cache').select('key').where('expires_at', '<=', page.created_at).limit(2))
    .execute();
}

/** Forgets every stored page, and refuses pages whose rendering began before now: what visitors see changed. */
export async function clearPageCache(db: Db): Promise<void> {
  await db.updateTable('page_cache_state').set((eb) => ({ generation: eb('generation', '+', 1) })).execute();
  await db.deleteFrom('page_cache').execute();
}

export async function removeExpiredPages(db: Db, nowMs: number): Promise<number> {
  const result = await db.deleteFrom('page_cache').where('expires_at', '<=', nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
