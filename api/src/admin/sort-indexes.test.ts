import { createTestDb, type Db } from '@app/db';
import * as adminResourceRepository from '@app/db/admin/admin-resource';
import { planWithoutSorting } from '@app/db/testing/plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminResource } from './resource.ts';
import { albums } from './resources/albums.ts';
import { artists } from './resources/artists.ts';
import { comments } from './resources/comments.ts';
import { playlists } from './resources/playlists.ts';
import { tracks } from './resources/tracks.ts';
import { users } from './resources/users.ts';

/**
 * The lists that grow with the catalogue and its listeners: a page of them sorted by any sortable
 * column must be read in the order of an index and stop after its rows, not sort the whole table
 * (about 300 ms a page at a million tracks). PostgreSQL is asked for `NULLS LAST` going down and
 * `NULLS FIRST` going up, so its indexes must be made for that order (migration 2026_11_29_000003).
 */
const LARGE: AdminResource[] = [tracks, albums, artists, users, playlists, comments];

let db: Db;
const statements: string[] = [];

beforeAll(async () => {
  db = await createTestDb({ onQuery: ({ sql: text }) => statements.push(text) });
});
afterAll(() => db.destroy());

describe.runIf(process.env.TEST_POSTGRES_URL)('back-office sorts on PostgreSQL', () => {
  const cases = LARGE.flatMap((resource) =>
    resource.table.sortable.filter((field) => !resource.table.counts?.[field]).flatMap((field) => (['ASC', 'DESC'] as const).map((order) => ({ table: resource.table, field, order }))),
  );

  it.each(cases.map((c) => [`${c.table.table} by ${c.field} ${c.order}`, c] as const))('a page of %s is read from an index', async (_, { table, field, order }) => {
    statements.length = 0;
    await adminResourceRepository.listResource(db, table, { sort: { field, order }, range: { start: 0, end: 24 }, filter: {} });
    const list = statements.find((text) => /\border by\b/i.test(text) && /\blimit\b/i.test(text));
    expect(list).toBeDefined();
    // Its only parameters are the page's size and start.
    expect(list).toMatch(/limit \$1 offset \$2$/);
    const plan = await planWithoutSorting(db, list!, [25, 0]);
    expect(plan).toMatch(/Index (Only )?Scan/);
    expect(plan).not.toMatch(/Sort/);
  });
});
