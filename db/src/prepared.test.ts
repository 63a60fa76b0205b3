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
