import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createTestDb, type Db } from '../connection.ts';
import { escapeLike } from './admin-resource-filters.ts';
import { createResource, listResource, updateResource, type ResourceTable } from './admin-resource.repository.ts';

const genres: ResourceTable = {
  table: 'genres',
  columns: ['id', 'name', 'display_name'],
  writable: ['name', 'display_name'],
  searchable: ['name', 'display_name'],
  sortable: ['id', 'name'],
  filters: { name: 'text' },
  counts: { tracks_count: { table: 'genre_track', foreignKey: 'genre_id' } },
};

let db: Awaited<ReturnType<typeof createTestDb>>;
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

describe('searching a table with a full-text index', () => {
  const tracks: ResourceTable = {
    table: 'tracks',
    columns: ['id', 'name'],
    writable: ['name'],
    searchable: ['name'],
    sortable: ['id', 'name'],
    filters: { name: 'text' },
    searchIndex: 'tracks_fts',
  };
  const list = async (q: string, extra: Record<string, unknown> = {}) => {
    const { rows, total } = await listResource(db, tracks, { filter: { q, ...extra }, sort: { field: 'name', order: 'ASC' }, range: { start: 0, end: 9 } });
    return { names: rows.map((r) => r.name), total };
  };

  beforeAll(async () => {
    for (const name of ['Midnight Café', 'Made in the back office', 'Mid-Air', 'Summer Rain', "Don't Stop (Live)", '100% Pure']) await createResource(db, tracks, { name });
  });

  it('matches every word typed, each as a word or its beginning, ignoring accents', async () => {
    expect(await list('mid')).toEqual({ names: ['Mid-Air', 'Midnight Café'], total: 2 });
    expect(await list('Made in the back of')).toEqual({ names: ['Made in the back office'], total: 1 });
    expect(await list('cafe midnight')).toEqual({ names: ['Midnight Café'], total: 1 });
    expect(await list('rain winter')).toEqual({ names: [], total: 0 });
  });

  it('keeps finding renamed rows and a row by its id', async () => {
    const { rows } = await listResource(db, tracks, { filter: { q: 'summer' }, range: { start: 0, end: 9 } });
    await updateResource(db, tracks, rows[0].id, { name: 'Autumn Rain' });
    expect((await list('summer')).total).toBe(0);
    expect((await list('autumn')).names).toEqual(['Autumn Rain']);
    expect((await list(String(rows[0].id))).names).toEqual(['Autumn Rain']);
  });

  it('treats search syntax as text and falls back to LIKE when no word is typed', async () => {
    expect((await list('"stop" OR NEAR(')).names).toEqual([]);
    expect((await list("don't")).names).toEqual(["Don't Stop (Live)"]);
    expect((await list('%')).names).toEqual(['100% Pure']);
    // Counted the same way with another filter beside the words.
    expect(await list('mid', { name: 'Air' })).toEqual({ names: ['Mid-Air'], total: 1 });
  });

  it('pages through a frequent word in sort order', async () => {
    // Enough matches, and a large enough share of the table, to be read along the sort index.
    const names = Array.from({ length: 2400 }, (_, i) => `Chorus ${String((i * 7919) % 2400).padStart(4, '0')}`);
    for (let i = 0; i < names.length; i += 400) await db.insertInto('tracks').values(names.slice(i, i + 400).map((name) => ({ name }))).execute();
    const page = await listResource(db, tracks, { filter: { q: 'chorus' }, sort: { field: 'name', order: 'DESC' }, range: { start: 100, end: 104 } });
    expect(page.total).toBe(2400);
    expect(page.rows.map((r) => r.name)).toEqual([...names].sort().reverse().slice(100, 105));
    const byId = await listResource(db, tracks, { filter: { q: 'chorus' }, range: { start: 0, end: 2 } });
    expect(byId.rows.map((r) => r.id)).toEqual([...byId.rows.map((r) => r.id)].sort((a, b) => a - b));
  });
});

describe('the total of a table as the list opens, unfiltered', () => {
  const tracks: ResourceTable = { table: 'tracks', columns: ['id', 'name'], writable: ['name'], searchable: ['name'], sortable: ['id'], filters: {}, pivots: { artist_ids: { pivot: 'track_artist', localKey: 'track_id', foreignKey: 'artist_id', ordered: true } } };
  const total = async (on: Db = db) => (await listResource(on, tracks, { filter: {}, range: { start: 0, end: 0 } })).total;
  const counted = async () => Number((await db.selectFrom('tracks').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);

  it('stays exact through writes of another process, cascades and writes rolled back', async () => {
    // Another process on the same database: nothing this one keeps in memory may answer for it.
    const other = createDb(db.file);
    try {
      const before = await counted();
      expect(await total()).toBe(before);
      const album = await other.insertInto('albums').values({ name: 'Counted' }).returning('id').executeTakeFirstOrThrow();
      const inserted = await other.insertInto('tracks').values(['one', 'two', 'three'].map((name) => ({ name, album_id: album.id }))).returning('id').execute();
      expect(await total()).toBe(before + 3);
      await other.deleteFrom('tracks').where('id', '=', inserted[0].id).execute();
      expect(await total()).toBe(before + 2);
      await other.deleteFrom('albums').where('id', '=', album.id).execute();
      expect(await total()).toBe(before);
      await expect(
        other.transaction().execute(async (trx) => {
          await trx.insertInto('tracks').values({ name: 'never' }).execute();
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await total(other)).toBe(before);
      expect(await counted()).toBe(before);
    } finally {
      await other.destroy();
    }
  });

  it('pages every sort the same way whatever page size and start, with each row’s relations', async () => {
    const ids = (await db.selectFrom('tracks').select('id').orderBy('id', 'desc').execute()).map((row) => row.id);
    const artist = await db.insertInto('artists').values({ name: 'Paged' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('track_artist').values({ track_id: ids[1], artist_id: artist.id, position: 0 }).execute();
    for (const [start, end] of [[0, 2], [1, 4], [0, 0]]) {
      const page = await listResource(db, tracks, { sort: { field: 'id', order: 'DESC' }, filter: {}, range: { start, end } });
      expect(page.rows.map((row) => row.id)).toEqual(ids.slice(start, end + 1));
      expect(page.rows.map((row) => row.artist_ids)).toEqual(ids.slice(start, end + 1).map((id) => (id === ids[1] ? [artist.id] : [])));
    }
  });
});
