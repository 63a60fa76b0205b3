import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type Db } from '../connection.ts';
import { createResource, escapeLike, listResource, updateResource, type ResourceTable } from './admin-resource.repository.ts';

const genres: ResourceTable = {
  table: 'genres',
  columns: ['id', 'name', 'display_name'],
  writable: ['name', 'display_name'],
  searchable: ['name', 'display_name'],
  sortable: ['id', 'name'],
  filters: { name: 'text' },
  counts: { tracks_count: { table: 'genre_track', foreignKey: 'genre_id' } },
};

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
  for (const name of ['rock', 'pop', '100%-hits', 'lo_fi']) await createResource(db, genres, { name, display_name: name.toUpperCase() });
});
afterAll(() => db.destroy());

describe('generic resource queries', () => {
  it('escapes LIKE wildcards', () => {
    expect(escapeLike('100%_\\')).toBe('100\\%\\_\\\\');
  });

  it('matches % and _ literally in searches', async () => {
    expect((await listResource(db, genres, { filter: { q: '%' }, range: { start: 0, end: 9 } })).rows.map((r) => r.name)).toEqual(['100%-hits']);
    expect((await listResource(db, genres, { filter: { q: '_' }, range: { start: 0, end: 9 } })).rows.map((r) => r.name)).toEqual(['lo_fi']);
  });

  it('re-checks every column name, even when the caller forgot to', async () => {
    await expect(listResource(db, genres, { sort: { field: 'id; drop table genres', order: 'ASC' }, filter: {}, range: { start: 0, end: 9 } })).rejects.toThrow(/not allowed/);
    await expect(listResource(db, genres, { filter: { image: 'x' }, range: { start: 0, end: 9 } })).rejects.toThrow(/not allowed/);
    await expect(updateResource(db, genres, 1, { created_at: 'x' })).rejects.toThrow(/not allowed/);
    expect((await listResource(db, genres, { filter: {}, range: { start: 0, end: 9 } })).total).toBe(4);
  });

  it('returns counts and pages with a stable order', async () => {
    const page = await listResource(db, genres, { sort: { field: 'name', order: 'DESC' }, filter: {}, range: { start: 1, end: 2 } });
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => r.name)).toEqual(['pop', 'lo_fi']);
    expect(page.rows[0].tracks_count).toBe(0);
  });
});
