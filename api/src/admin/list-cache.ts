import { tableVersions, versionStamp, type TableVersions } from '@app/db';
import type { AppDeps } from '../context.ts';
import type { AdminResource } from './resource.ts';
import { listRecords, type ListQuery } from './resource-writes.ts';

/**
 * The tables a page of the resource's list is made of: its own, its pivots, the tables it counts
 * and those its filters look through (the full-text index and the row counts follow the table by
 * triggers). Undefined when the list depends on more than its tables (an `afterRead` hook may read
 * anything): such lists are always read afresh.
 */
export function listTables(resource: AdminResource): string[] | undefined {
  if (resource.afterRead) return undefined;
  const table = resource.table;
  const tables = new Set<string>([table.table]);
  for (const pivot of Object.values(table.pivots ?? {})) tables.add(pivot.pivot);
  for (const count of Object.values(table.counts ?? {})) tables.add(count.table);
  for (const filter of Object.values(table.filters)) if (typeof filter === 'object') tables.add(filter.via.pivot);
  return [...tables].sort();
}

const utf8 = new TextEncoder();

/** One list response as sent, and the versions of the tables it was read from. */
interface Entry extends ListPage {
  stamp: string;
  bytes: number;
}

export interface ListPage {
  /** The records as JSON. */
  body: Uint8Array<ArrayBuffer>;
  contentRange: string;
}

/**
 * List pages this process has sent, kept by resource and query string, least recently used
 * dropped first beyond `maxBytes`. An entry is served only while the versions of the tables it was
 * read from are the same in the database (one small read), so a write made by any process or
 * program is seen by the next request. What a list holds does not depend on who asks (only
 * whether they may see it, checked before), so entries are shared between the people allowed to
 * see them.
 *
 * Entries are found by the query string as sent, so a hit parses nothing: only a query that parsed
 * once is kept, and the same text always parses the same way (what may be sorted or filtered is
 * code, not data). The back office always writes its queries alike, so equivalent spellings of one
 * query rarely take room twice.
 */
export function createListCache(maxBytes = 2 * 1024 * 1024) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const forget = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };

  /** `versions`: those the request read first (authenticate), else read here. */
  return async function listPage(deps: AppDeps, resource: AdminResource, queryString: string, tables: string[] | undefined, versions: TableVersions | undefined, parse: () => ListQuery): Promise<ListPage> {
    // Read before the records: a write landing in between leaves an older stamp on newer rows, which only costs a miss.
    const stamp = tables && versionStamp(versions ?? (await tableVersions(deps.db)), tables);
    const key = `${resource.name}?${queryString}`;
    const found = entries.get(key);
    if (found) {
      forget(key, found);
      if (found.stamp === stamp) {
        entries.set(key, found);
        bytes += found.bytes;
        return found;
      }
    }
    const query = parse();
    const { rows, total } = await listRecords(deps, resource, query);
    const contentRange = rows.length ? `${resource.name} ${query.range.start}-${query.range.start + rows.length - 1}/${total}` : `${resource.name} */${total}`;
    const page = { body: utf8.encode(JSON.stringify(rows)), contentRange };
    if (stamp === undefined) return page;
    const entry = { ...page, stamp, bytes: page.body.byteLength + 2 * key.length + 200 };
    // A page larger than an eighth of the room would push out many smaller, likelier ones.
    if (entry.bytes > maxBytes / 8) return page;
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const [oldKey, old] of entries) {
      if (bytes <= maxBytes) break;
      forget(oldKey, old);
    }
    return page;
  };
}
