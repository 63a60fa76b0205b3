import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type Db } from './connection.ts';
import { preparedQuery } from './prepared.ts';

const genreNamed = preparedQuery((db: Db, p: { name: string }) => db.selectFrom('genres').select('name').where('name', '=', p.name));
const genresAmong = preparedQuery((db: Db, p: readonly string[]) => db.selectFrom('genres').select('name').where('name', 'in', [p[0], p[1]]).orderBy('name'));

let first: Db;
let second: Db;
beforeAll(async () => {
  first = await createTestDb();
  second = await createTestDb();
  await first.insertInto('genres').values([{ name: 'rock' }, { name: 'jazz' }, { name: 'folk' }]).execute();
  await second.insertInto('genres').values({ name: 'rock' }).execute();
});
afterAll(async () => {
  await first.destroy();
  await second.destroy();
});

describe('a query prepared once', () => {
  it('runs with the values of each call, named or in a list', async () => {
    expect(await genreNamed(first, { name: 'jazz' })).toEqual([{ name: 'jazz' }]);
    expect(await genreNamed(first, { name: 'folk' })).toEqual([{ name: 'folk' }]);
    expect(await genreNamed(first, { name: "x' or 1=1 --" })).toEqual([]);
    expect(await genresAmong(first, ['rock', 'folk'])).toEqual([{ name: 'folk' }, { name: 'rock' }]);
    expect(await genresAmong(first, ['jazz', 'blues'])).toEqual([{ name: 'jazz' }]);
  });

  it('reads the database it is given', async () => {
    expect(await genreNamed(second, { name: 'jazz' })).toEqual([]);
    expect(await genreNamed(second, { name: 'rock' })).toEqual([{ name: 'rock' }]);
  });
});

describe('a prepared read on SQLite', () => {
  it('is reported to onQuery like any other, so slow ones are still logged', async () => {
    const seen: string[] = [];
    const db = await createTestDb({ onQuery: ({ sql }) => seen.push(sql) });
    try {
      await genreNamed(db, { name: 'jazz' });
      expect(seen.filter((sql) => sql.includes('from "genres"'))).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });

  it('never sees what a transaction still open has written, and sees it inside that transaction', async () => {
    const db = await createTestDb();
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inside: unknown[] = [];
      const transaction = db.transaction().execute(async (trx) => {
        await trx.insertInto('genres').values({ name: 'ska' }).execute();
        inside = await genreNamed(trx, { name: 'ska' });
        await held;
        throw new Error('rolled back');
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      // Asked while the transaction is open on the same connection: answered after it rolled back.
      const outside = genreNamed(db, { name: 'ska' });
      release();
      await expect(transaction).rejects.toThrow('rolled back');
      expect(inside).toEqual([{ name: 'ska' }]);
      expect(await outside).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
