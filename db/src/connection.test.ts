import { afterAll, describe, expect, it } from 'vitest';
import { createDb, directSqlite } from './connection.ts';

// SQLite only: PostgreSQL's memory is its own server's.
const db = createDb(':memory:');
afterAll(() => db.destroy());

describe('a SQLite connection', () => {
  // A busy server keeps its page cache full: 16 MB with better-sqlite3's default, part of the memory budget.
  it('keeps its page cache to 4 MB', () => {
    expect(directSqlite(db)!.pragma('cache_size', { simple: true })).toBe(-4000);
  });
});
