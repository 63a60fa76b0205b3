// biome-ignore-all lint/suspicious/noExplicitAny: the table and its columns come from a resource declaration at run time, which Kysely's types cannot follow
import { sql, type Compilable, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { postgresTextMatch } from '../search/full-text.ts';
import { applyFilters, assertAllowed, fullTextQuery, fullTextWords, searchIndexOf } from './admin-resource-filters.ts';
export { allowedFilterKeys } from './admin-resource-filters.ts';
import type { Db } from '../connection.ts';
import { preparedQuery } from '../prepared.ts';
import type { Database } from '../tables/database.ts';
import { inTransaction } from '../transactions.ts';

/**
 * The table side of a back-office resource. Every column name here comes from code, never from a
 * request: the API validates sort and filter fields against these lists before calling, and the
 * functions below check again so that a missed validation cannot reach SQL.
 */
export interface PivotRelation {
  pivot: keyof Database;
  /** Column of the pivot pointing at this resource. */
  localKey: string;
  /** Column of the pivot pointing at the related record. */
  foreignKey: string;
  /** Keep the order given on write in a `position` column. */
  ordered?: boolean;
}

export type FilterKind = 'number' | 'text' | 'boolean' | 'date' | { via: PivotRelation };

export interface ResourceTable {
  table: keyof Database;
  /** Columns returned to the back office, `id` included. Secrets such as password hashes are left out. */
  columns: readonly string[];
  /** Columns the back office may write. */
  writable: readonly string[];
  /** Columns matched by the full-text `q` filter. */
  searchable: readonly string[];
  sortable: readonly string[];
  filters: Readonly<Record<string, FilterKind>>;
  /** Many-to-many relations exposed as arrays of ids, for example `artist_ids`. */
  pivots?: Readonly<Record<string, PivotRelation>>;
  /** Counts of related rows exposed as numbers, for example `tracks_count`; sortable when listed in `sortable`. */
  counts?: Readonly<Record<string, { table: keyof Database; foreignKey: string }>>;
  timestamps?: boolean;
  /**
   * Full-text index (FTS5, rowid = id) over the searchable columns. With one, `q` matches words
   * by prefix through the index instead of a LIKE scan, which a table of a million rows cannot
   * afford on every keystroke. Give each sortable column an index too: a page of a frequent
   * word is then read in sort order instead of sorting every match.
   */
  searchIndex?: string;
  /** Columns holding JSON text: parsed when read, serialised when written. */
  json?: readonly string[];
  /** Columns too large for lists (for example a language's every translated line): read by id only. */
  detailOnly?: readonly string[];
}

export interface ListQuery {
  sort?: { field: string; order: 'ASC' | 'DESC' };
  range: { start: number; end: number };
  filter: Record<string, unknown>;
}

export type ResourceRecord = Record<string, unknown> & { id: number };

function selectColumns(resource: ResourceTable, query: any, detail = false): any {
  const table = resource.table;
  const columns = detail || !resource.detailOnly ? resource.columns : resource.columns.filter((c) => !resource.detailOnly!.includes(c));
  query = query.select(columns.map((c) => `${table}.${c}`));
  for (const [alias, count] of Object.entries(resource.counts ?? {})) {
    query = query.select(
      sql<number>`(select count(*) from ${sql.table(count.table)} where ${sql.ref(`${count.table}.${count.foreignKey}`)} = ${sql.ref(`${table}.id`)})`.as(alias),
    );
  }
  return query;
}

function parseJsonColumns(resource: ResourceTable, rows: ResourceRecord[]): void {
  for (const column of resource.json ?? []) {
    for (const row of rows) {
      if (typeof row[column] !== 'string') continue;
      try {
        row[column] = JSON.parse(row[column] as string);
      } catch {
        // A value broken outside the back office is shown as missing rather than failing the page.
        row[column] = null;
      }
    }
  }
}

/** The pivot rows of a page of records, prepared once per relation and page size. */
const pivotQueries = new WeakMap<PivotRelation, Map<number, ReturnType<typeof pivotQuery>>>();

function pivotQuery(relation: PivotRelation, size: number) {
  return preparedQuery((db: Kysely<any>, p: readonly number[]) => {
    const ids = Array.from({ length: size }, (_, i) => p[i]);
    let query = db.selectFrom(relation.pivot).select([`${relation.localKey} as owner`, `${relation.foreignKey} as related`]).where(relation.localKey, 'in', ids);
    if (relation.ordered) query = query.orderBy('position');
    return query as unknown as Compilable<{ owner: number; related: number }>;
  });
}

async function attachPivotIds(db: Kysely<any>, resource: ResourceTable, rows: ResourceRecord[]): Promise<ResourceRecord[]> {
  parseJsonColumns(resource, rows);
  const pivots = Object.entries(resource.pivots ?? {});
  if (!rows.length || !pivots.length) return rows;
  const ids = rows.map((r) => r.id);
  for (const [field, relation] of pivots) {
    let bySize = pivotQueries.get(relation);
    if (!bySize) pivotQueries.set(relation, (bySize = new Map()));
    let query = bySize.get(ids.length);
    if (!query) bySize.set(ids.length, (query = pivotQuery(relation, ids.length)));
    const links = await query(db, ids);
    const byOwner = new Map<number, number[]>();
    for (const link of links) {
      const list = byOwner.get(link.owner) ?? [];
      list.push(link.related);
      byOwner.set(link.owner, list);
    }
    for (const row of rows) row[field] = byOwner.get(row.id) ?? [];
  }
  return rows;
}

/**
 * When words are the only filter, the index alone knows how many rows match (it is kept in step
 * with the table by triggers): counting there skips a table lookup per match.
 */
function wordsOnly(resource: ResourceTable, filter: Record<string, unknown>): { index: string; match: string; text: string } | undefined {
  const index = searchIndexOf(resource);
  const active = Object.entries(filter).filter(([, value]) => value !== undefined && value !== '');
  const text = active.length === 1 && active[0][0] === 'q' ? String(active[0][1]).trim() : undefined;
  const match = index && text && !/^\d+$/.test(text) ? fullTextQuery(text) : undefined;
  return index && match && text ? { index, match, text } : undefined;
}

async function countMatches(kdb: Kysely<any>, resource: ResourceTable, words: { index: string; match: string; text: string } | undefined, base: any): Promise<number> {
  if (!words) return Number((await base.select((eb: any) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);
  if (isPostgres(kdb)) {
    const { rows } = await sql<{ count: number }>`select count(*) as count from ${sql.table(resource.table)} where ${postgresTextMatch(resource.table, resource.table, fullTextWords(words.text))}`.execute(kdb);
    return Number(rows[0].count);
  }
  const { rows } = await sql<{ count: number }>`select count(*) as count from ${sql.table(words.index)} where ${sql.table(words.index)} match ${words.match}`.execute(kdb);
  return Number(rows[0].count);
}

/**
 * Whether a page of these matches is cheaper to find by walking the sort column's index (matches
 * are dense: at least 1 % of the rows) than by reading and sorting every match. Tables with a
 * search index keep an index on each sortable column for this.
 */
async function denseMatches(kdb: Kysely<any>, resource: ResourceTable, matches: number): Promise<boolean> {
  if (matches < 2000) return false;
  const { rows } = await sql<{ last: number | null }>`select max(id) as last from ${sql.table(resource.table)}`.execute(kdb);
  return matches * 100 >= Number(rows[0].last ?? 0);
}

/** The sorted page of `base`: the sort column (empty values placed alike on both databases), then id. */
function sortedPage(kdb: Kysely<any>, resource: ResourceTable, base: any, sort: ListQuery['sort'], limit: number, offset: number): any {
  let query = selectColumns(resource, base);
  if (sort) {
    assertAllowed(sort.field, resource.sortable, 'Sort field');
    const isCount = Boolean(resource.counts?.[sort.field]);
    const order = sort.order === 'DESC' ? 'desc' : 'asc';
    const column = isCount ? sql.ref(sort.field) : `${resource.table}.${sort.field}`;
    // Empty values sort first going up and last going down, as SQLite puts them; PostgreSQL does the opposite.
    if (isPostgres(kdb)) query = query.orderBy(column, (ob: any) => (order === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsFirst()));
    else query = query.orderBy(column, order);
  }
  query = query.orderBy(`${resource.table}.id`, sort?.order === 'DESC' ? 'desc' : 'asc');
  return query.limit(limit).offset(offset);
}

interface UnfilteredQueries {
  count: ReturnType<typeof preparedQuery<any, Record<string, never>, { count: number }>>;
  pages: Map<string, ReturnType<typeof preparedQuery<any, { limit: number; offset: number }, ResourceRecord>>>;
}
const unfilteredQueries = new WeakMap<ResourceTable, UnfilteredQueries>();

/**
 * The list as it opens, unfiltered, is what the back office asks for most: its count and pages are
 * prepared once per resource and sort. The count comes from `row_counts` when triggers keep one for
 * the table (migration 2026_11_29_000001), else from counting.
 */
function unfilteredQueriesOf(resource: ResourceTable): UnfilteredQueries {
  let queries = unfilteredQueries.get(resource);
  if (!queries) {
    const table = resource.table;
    queries = {
      count: preparedQuery((db: Kysely<any>) =>
        db.selectNoFrom((eb) =>
          eb.fn
            .coalesce(
              eb.selectFrom('row_counts').select('count').where('table_name', '=', table),
              eb.selectFrom(table).select(eb.fn.countAll().as('count')),
            )
            .as('count'),
        ) as unknown as Compilable<{ count: number }>,
      ),
      pages: new Map(),
    };
    unfilteredQueries.set(resource, queries);
  }
  return queries;
}

const isActiveFilter = (value: unknown) => value !== undefined && value !== '';

export async function listResource(db: Db, resource: ResourceTable, params: ListQuery): Promise<{ rows: ResourceRecord[]; total: number }> {
  const kdb = db as unknown as Kysely<any>;
  const limit = params.range.end - params.range.start + 1;
  if (!Object.values(params.filter).some(isActiveFilter)) {
    const queries = unfilteredQueriesOf(resource);
    const key = params.sort ? `${params.sort.field} ${params.sort.order}` : '';
    let page = queries.pages.get(key);
    if (!page) {
      if (params.sort) assertAllowed(params.sort.field, resource.sortable, 'Sort field');
      const sort = params.sort;
      page = preparedQuery((pdb: Kysely<any>, p: { limit: number; offset: number }) => sortedPage(pdb, resource, pdb.selectFrom(resource.table), sort, p.limit, p.offset));
      queries.pages.set(key, page);
    }
    const [{ count }] = await queries.count(kdb, {});
    const rows = await page(kdb, { limit, offset: params.range.start });
    return { rows: await attachPivotIds(kdb, resource, rows), total: Number(count) };
  }
  let base = applyFilters(kdb, kdb.selectFrom(resource.table), resource, params.filter);
  const words = wordsOnly(resource, params.filter);
  const count = await countMatches(kdb, resource, words, base);
  // Only SQLite needs telling to walk the sort column's index; PostgreSQL's planner weighs it itself.
  if (words && !isPostgres(kdb) && (await denseMatches(kdb, resource, count))) base = applyFilters(kdb, kdb.selectFrom(resource.table), resource, params.filter, true);
  const rows = await sortedPage(kdb, resource, base, params.sort, limit, params.range.start).execute();
  return { rows: await attachPivotIds(kdb, resource, rows), total: Number(count) };
}

export async function getResource(db: Db, resource: ResourceTable, id: number): Promise<ResourceRecord | undefined> {
  const kdb = db as unknown as Kysely<any>;
  const row = await selectColumns(resource, kdb.selectFrom(resource.table), true).where(`${resource.table}.id`, '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [withPivots] = await attachPivotIds(kdb, resource, [row]);
  return withPivots;
}

function splitWrite(resource: ResourceTable, data: Record<string, unknown>) {
  const columns: Record<string, unknown> = {};
  const pivots: Record<string, number[]> = {};
  for (const [key, value] of Object.entries(data)) {
    if (resource.pivots?.[key]) pivots[key] = (value as number[]) ?? [];
    else {
      assertAllowed(key, resource.writable, 'Field');
      columns[key] = resource.json?.includes(key) && value !== null ? JSON.stringify(value) : value;
    }
  }
  return { columns, pivots };
}

async function replacePivots(trx: Kysely<any>, resource: ResourceTable, id: number, pivots: Record<string, number[]>) {
  for (const [field, relatedIds] of Object.entries(pivots)) {
    const relation = resource.pivots![field];
    await trx.deleteFrom(relation.pivot).where(relation.localKey, '=', id).execute();
    const unique = [...new Set(relatedIds)];
    if (!unique.length) continue;
    await trx
      .insertInto(relation.pivot)
      .values(unique.map((related, position) => ({ [relation.localKey]: id, [relation.foreignKey]: related, ...(relation.ordered ? { position } : {}) })))
      .execute();
  }
}

export async function createResource(db: Db, resource: ResourceTable, data: Record<string, unknown>): Promise<ResourceRecord> {
  const { columns, pivots } = splitWrite(resource, data);
  const id = await inTransaction(db as unknown as Kysely<any>, async (trx) => {
    const inserted = await trx.insertInto(resource.table).values(columns).returning('id').executeTakeFirstOrThrow();
    await replacePivots(trx, resource, inserted.id, pivots);
    return inserted.id as number;
  });
  return (await getResource(db, resource, id))!;
}

export async function updateResource(db: Db, resource: ResourceTable, id: number, data: Record<string, unknown>): Promise<ResourceRecord | undefined> {
  const { columns, pivots } = splitWrite(resource, data);
  const found = await (db as unknown as Kysely<any>).transaction().execute(async (trx) => {
    const exists = await trx.selectFrom(resource.table).select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) return false;
    const changes = resource.timestamps ? { ...columns, updated_at: new Date().toISOString() } : columns;
    if (Object.keys(changes).length) await trx.updateTable(resource.table).set(changes).where('id', '=', id).execute();
    await replacePivots(trx, resource, id, pivots);
    return true;
  });
  return found ? getResource(db, resource, id) : undefined;
}

export async function deleteResource(db: Db, resource: ResourceTable, id: number): Promise<ResourceRecord | undefined> {
  const existing = await getResource(db, resource, id);
  if (!existing) return undefined;
  await (db as unknown as Kysely<any>).deleteFrom(resource.table).where('id', '=', id).execute();
  return existing;
}

/** Ids from `ids` that have no row in `table`; used to report a broken reference on its field. */
export async function missingIds(db: Db, table: keyof Database, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = await (db as unknown as Kysely<any>).selectFrom(table).select('id').where('id', 'in', unique).execute();
  const present = new Set(found.map((row: { id: number }) => row.id));
  return unique.filter((id) => !present.has(id));
}

/** Whether another row already holds `value` in a unique column. */
export async function valueTaken(db: Db, table: keyof Database, column: string, value: unknown, exceptId?: number): Promise<boolean> {
  let query = (db as unknown as Kysely<any>).selectFrom(table).select('id').where(column, '=', value);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}
