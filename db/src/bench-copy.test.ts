import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyForBench, describeDatabase, parseBenchDatabase } from './bench-copy.ts';
import { createDb, createTestDb, migrateToLatest, type Db } from './connection.ts';
import { seedFoundation } from './seed/index.ts';

describe('pnpm bench --database', () => {
  it('runs on SQLite without the option, and takes only a postgres:// address', () => {
    expect(parseBenchDatabase(undefined)).toBeNull();
    expect(parseBenchDatabase('postgres://bench@127.0.0.1:5480/cadence_bench')).toBe('postgres://bench@127.0.0.1:5480/cadence_bench');
    expect(parseBenchDatabase('postgresql://bench@localhost/cadence')).toBe('postgresql://bench@localhost/cadence');
    for (const value of ['mysql://bench@localhost/cadence', '/var/lib/cadence/database.sqlite', 'cadence_bench']) {
      expect(() => parseBenchDatabase(value)).toThrow(/--database takes a postgres:\/\/ address/);
    }
  });

  it('names the database in its report without the password', () => {
    const shown = describeDatabase('postgres://bench:s3cret-word@db.internal:5432/cadence_bench');
    expect(shown).not.toContain('s3cret-word');
    expect(shown).toContain('db.internal:5432/cadence_bench');
  });
});

async function genres(db: Db) {
  return (await db.selectFrom('genres').select('name').orderBy('name').execute()).map((g) => g.name);
}

/** Needs the throwaway PostgreSQL server of `pnpm test:postgres`. */
describe.runIf(process.env.TEST_POSTGRES_URL)('the bench copy on PostgreSQL', () => {
  let work: string;
  let sourceFile: string;
  let source: Db;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'cadence-bench-copy-'));
    sourceFile = path.join(work, 'database.sqlite');
    source = createDb(sourceFile);
    await migrateToLatest(source);
    await seedFoundation(source);
    await source.insertInto('genres').values({ name: 'jazz' }).execute();
  });

  afterAll(async () => {
    await source?.destroy();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('copies the catalogue into an empty database once, reuses it while the seed is the same and copies again when it changed', async () => {
    const target = await createTestDb();
    try {
      expect(await copyForBench(sourceFile, target.file, { key: 'scale-1000-a' })).toMatchObject({ reused: false });
      expect(await genres(target)).toEqual(['jazz']);

      // A row the copy did not bring: still there after a run with the same seed, gone after a new seed's copy.
      await target.insertInto('genres').values({ name: 'written-by-a-bench-run' }).execute();
      expect(await copyForBench(sourceFile, target.file, { key: 'scale-1000-a' })).toMatchObject({ reused: true });
      expect(await genres(target)).toEqual(['jazz', 'written-by-a-bench-run']);

      expect(await copyForBench(sourceFile, target.file, { key: 'scale-1000-b' })).toMatchObject({ reused: false });
      expect(await genres(target)).toEqual(['jazz']);
    } finally {
      await target.destroy();
    }
  });

  it('refuses a database that holds data the bench did not put there, and leaves it as it was', async () => {
    const target = await createTestDb();
    try {
      await target.insertInto('genres').values({ name: 'someone-elses-site' }).execute();
      await expect(copyForBench(sourceFile, target.file, { key: 'scale-1000-a' })).rejects.toThrow(/holds data that the bench did not put there \(genres\)/);
      expect(await genres(target)).toEqual(['someone-elses-site']);
      expect(await target.selectFrom('users').select('id').execute()).toEqual([]);
    } finally {
      await target.destroy();
    }
  });
});
