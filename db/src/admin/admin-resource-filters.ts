// biome-ignore-all lint/suspicious/noExplicitAny: the table and its columns come from a resource declaration at run time, which Kysely's types cannot follow
import { sql, type Kysely } from 'kysely';
import { caseInsensitiveLike, isPostgres } from '../dialect.ts';
import type { FilterKind, ResourceTable } from './admin-resource.repository.ts';
import { NotWhitelistedError } from '../errors.ts';
import { postgresTextMatch, type SearchWord } from '../search/full-text.ts';

/**
 * Filters and search of back-office lists. Every column name comes from a resource declaration;
 * a name that is not on its lists is refused here even if the API missed it.
 */

export function assertAllowed(name: string, allowed: readonly string[], what: string): void {
  if (!allowed.includes(name)) throw new NotWhitelistedError(`${what} "${name}" is not allowed`);
}

/**
 * The FTS5 query for text typed in a search box: every word must appear, as a word or the start
 * of one. Words are quoted, so FTS syntax typed by a person is only text. Undefined when the text
 * has no word characters at all (then only LIKE can match it).
 */
export function fullTextQuery(text: string): string | undefined {
  const words = text.match(/[\p{L}\p{N}]+/gu);
  return words ? words.map((word) => `"${word}"*`).join(' ') : undefined;
}

/** The same words for PostgreSQL's full-text search (search/full-text.ts). */
export function fullTextWords(text: string): SearchWord[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => ({ word, prefix: true }));
}

export function searchIndexOf(resource: ResourceTable): string | undefined {
  if (resource.searchIndex === undefined) return undefined;
  if (!/^[a-z_]+_fts$/.test(resource.searchIndex)) throw new NotWhitelistedError(`Search index "${resource.searchIndex}" is not allowed`);
  return resource.searchIndex;
}

/** Escapes LIKE wildcards so that `%` and `_` typed by a person match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function filterKindOf(resource: ResourceTable, key: string): { column: string; kind: FilterKind; bound?: '>=' | '<=' } | undefined {
  if (key === 'id') return { column: 'id', kind: 'number' };
  const direct = resource.filters[key];
  if (direct) return { column: key, kind: direct };
  const match = /^(.*)_(gte|lte)$/.exec(key);
  if (match && resource.filters[match[1]] === 'date') {
    return { column: match[1], kind: 'date', bound: match[2] === 'gte' ? '>=' : '<=' };
  }
  return undefined;
}

/** Names of filters a resource accepts, including the `_gte`/`_lte` bounds of date filters. */
export function allowedFilterKeys(resource: ResourceTable): string[] {
  const keys = ['q', 'id'];
  for (const [name, kind] of Object.entries(resource.filters)) {
    keys.push(name);
    if (kind === 'date') keys.push(`${name}_gte`, `${name}_lte`);
  }
  return keys;
}

/**
 * `walkInOrder` writes the full-text condition so that SQLite cannot drive the query from it
 * (the unary `+`): it then reads the sort column's index in order and keeps matching rows, which
 * stops after one page when matches are dense.
 */
export function applyFilters(db: Kysely<any>, query: any, resource: ResourceTable, filter: Record<string, unknown>, walkInOrder = false): any {
  const table = resource.table;
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === '') continue;
    if (key === 'q') {
      const text = String(value).trim();
      if (!text || !resource.searchable.length) continue;
      const index = searchIndexOf(resource);
      const match = index ? fullTextQuery(text) : undefined;
      if (index && match) {
        query = query.where((eb: any) =>
          eb.or([
            isPostgres(db)
              ? postgresTextMatch(table, table, fullTextWords(text))
              : sql<boolean>`${sql.raw(walkInOrder ? '+' : '')}${sql.ref(`${table}.id`)} in (select rowid from ${sql.table(index)} where ${sql.table(index)} match ${match})`,
            ...(/^\d+$/.test(text) ? [eb(`${table}.id`, '=', Number(text))] : []),
          ]),
        );
        continue;
      }
      const pattern = `%${escapeLike(text)}%`;
      query = query.where((eb: any) =>
        eb.or([
          ...resource.searchable.map((column) => sql<boolean>`${sql.ref(`${table}.${column}`)} ${caseInsensitiveLike(db)} ${pattern} escape '\\'`),
          ...(/^\d+$/.test(text) ? [eb(`${table}.id`, '=', Number(text))] : []),
        ]),
      );
      continue;
    }
    const spec = filterKindOf(resource, key);
    if (!spec) throw new NotWhitelistedError(`Filter "${key}" is not allowed`);
    const { column, kind, bound } = spec;
    const ref = `${table}.${column}`;
    if (typeof kind === 'object') {
      const values = Array.isArray(value) ? value : [value];
      query = query.where(`${table}.id`, 'in', db.selectFrom(kind.via.pivot).select(kind.via.localKey).where(kind.via.foreignKey, 'in', values));
    } else if (value === null) {
      query = query.where(ref, 'is', null);
    } else if (Array.isArray(value)) {
      query = value.length ? query.where(ref, 'in', value) : query.where(sql<boolean>`0 = 1`);
    } else if (kind === 'text') {
      query = query.where(sql<boolean>`${sql.ref(ref)} ${caseInsensitiveLike(db)} ${`%${escapeLike(String(value))}%`} escape '\\'`);
    } else if (kind === 'boolean') {
      query = query.where(ref, '=', value === true || value === 1 || value === '1' || value === 'true' ? 1 : 0);
    } else if (bound) {
      query = query.where(ref, bound, value);
    } else {
      query = query.where(ref, '=', value);
    }
  }
  return query;
}
