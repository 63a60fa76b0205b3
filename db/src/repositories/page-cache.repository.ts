import type { CompiledQuery } from 'kysely';
import type { Db } from '../connection.ts';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The HTML as rendered. */
  html: Uint8Array;
  /** The same HTML gzipped: both are kept, so serving either costs no (de)compression. */
  gzipped: Uint8Array;
  created_at: number;
}

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

/**
 * How many times the cache was cleared: it changes with every change visitors may see (content,
 * settings, permissions), so a process may keep copies of pages and settings while it stays the same.
 */
export async function pageCacheGeneration(db: Db): Promise<number> {
  // Read on every page cache hit: built and compiled once per database, not per request.
  let query = generationQueries.get(db);
  if (!query) {
    query = db.selectFrom('page_cache_state').select('generation').compile();
    generationQueries.set(db, query);
  }
  const { rows } = await db.executeQuery(query);
  return rows[0]?.generation ?? 0;
}
const generationQueries = new WeakMap<Db, CompiledQuery<{ generation: number }>>();

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
