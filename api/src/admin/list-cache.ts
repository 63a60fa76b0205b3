import * as tableVersionsRepository from '@app/db/caching/table-versions';
import type { AppDeps } from '../context.ts';
import { createProcessCache } from '../caching/process-cache.ts';
import { readTableVersions } from '../caching/table-versions.ts';
import type { AdminResource } from './resource.ts';
import { listRecords, type ListQuery } from './resource-writes.ts';

/**
 * The tables a page of the resource's list is made of: its own, its pivots, the tables it counts
 * and those its filters look through (the full-text index and the row counts follow the table by
 * triggers), with the play counts a list of tracks, albums or artists shows (versionsOfRowsFrom).
 * Undefined when the list depends on more than its tables (an `afterRead` hook may read anything):
 * such lists are always read afresh.
 */
export function listTables(resource: AdminResource): string[] | undefined {
  if (resource.afterRead) return undefined;
  const table = resource.table;
  const tables = new Set<string>([table.table]);
  for (const pivot of Object.values(table.pivots ?? {})) tables.add(pivot.pivot);
  for (const count of Object.values(table.counts ?? {})) tables.add(count.table);
  for (const filter of Object.values(table.filters)) if (typeof filter === 'object') tables.add(filter.via.pivot);
  return tableVersionsRepository.versionsOfRowsFrom([...tables].sort());
}

const utf8 = new TextEncoder();

export interface ListPage {
  /** The records as JSON. */
  body: Uint8Array<ArrayBuffer>;
  contentRange: string;
}

/**
 * List pages this process has sent, kept by resource and query string (createProcessCache): served
 * while the versions of the tables they were read from are the same. What a list holds does not
 * depend on who asks (only whether they may see it, checked before), so pages are shared between
 * the people allowed to see them.
 *
 * Pages are found by the query string as sent, so a hit parses nothing: only a query that parsed
 * once is kept, and the same text always parses the same way (what may be sorted or filtered is
 * code, not data). The back office always writes its queries alike, so equivalent spellings of one
 * query rarely take room twice.
 */
export function createListCache(maxBytes = 2 * 1024 * 1024) {
  const cached = createProcessCache<ListPage>({ maxBytes, sizeOf: (page) => page.body.byteLength });

  /** `versions`: those the request read first (http/auth.ts#identify), else read here. */
  return async function listPage(deps: AppDeps, resource: AdminResource, queryString: string, tables: string[] | undefined, versions: tableVersionsRepository.TableVersions | undefined, parse: () => ListQuery): Promise<ListPage> {
    // Read before the records: a write landing in between leaves an older stamp on newer rows, which only costs a miss.
    const exact = tables && tableVersionsRepository.versionStamp(versions ?? (await readTableVersions(deps.db)), tables);
    return cached(`${resource.name}?${queryString}`, { exact }, async () => {
      const query = parse();
      const { rows, total } = await listRecords(deps, resource, query);
      const contentRange = rows.length ? `${resource.name} ${query.range.start}-${query.range.start + rows.length - 1}/${total}` : `${resource.name} */${total}`;
      return { body: utf8.encode(JSON.stringify(rows)), contentRange };
    });
  };
}
