import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type Db } from '../connection.ts';
import { clearPageCache, findCachedPage, pageCacheGeneration, storeCachedPage as storeInGeneration, type CachedPage } from './page-cache.repository.ts';
import { cleanUpExpired } from '../reports/reports.repository.ts';
import { saveSettings } from '../settings/settings.repository.ts';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.destroy());
beforeEach(() => clearPageCache(db));
/** Stores a page rendered in the current generation. */
const storeCachedPage = async (key: string, cached: CachedPage, expiresAtMs: number) => storeInGeneration(db, key, cached, expiresAtMs, await pageCacheGeneration(db));

const page = (html: string, createdAt: number): CachedPage => ({
  status: 200,
  headers: [['content-type', 'text/html']],
  html: new TextEncoder().encode(html),
  gzipped: new Uint8Array(gzipSync(html)),
  created_at: createdAt,
});
const html = async (key: string, now: number) => {
  const found = await findCachedPage(db, key, now);
  return found && new TextDecoder().decode(found.html);
};
const count = async () => (await db.selectFrom('page_cache').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

describe('page cache', () => {
  it('gives a page back until it expires, with its headers', async () => {
    await storeCachedPage('a', page('<p>A</p>', 1000), 61_000);
    expect(await findCachedPage(db, 'a', 60_999)).toMatchObject({ status: 200, headers: [['content-type', 'text/html']], created_at: 1000 });
    expect(await html('a', 60_999)).toBe('<p>A</p>');
    expect(await html('a', 61_000)).toBeUndefined();
    expect(await html('b', 2000)).toBeUndefined();
  });

  it('replaces a page stored again under the same key', async () => {
    await storeCachedPage('a', page('old', 1000), 61_000);
    await storeCachedPage('a', page('new', 2000), 62_000);
    expect(await html('a', 61_500)).toBe('new');
    expect(await count()).toBe(1);
  });

  it('removes expired pages as new ones are stored, so crawlers do not grow it without end', async () => {
    for (let i = 0; i < 5; i++) await storeCachedPage(`old-${i}`, page('x', 1), 60_000);
    expect(await count()).toBe(5);
    await storeCachedPage('fresh-1', page('y', 100_000), 160_000);
    await storeCachedPage('fresh-2', page('y', 100_000), 160_000);
    expect(await count()).toBe(3);
    expect(await html('fresh-1', 100_000)).toBe('y');
  });

  it('refuses a page whose rendering began before the cache was last cleared, even in the same millisecond', async () => {
    const before = await pageCacheGeneration(db);
    await clearPageCache(db);
    await clearPageCache(db);
    const after = await pageCacheGeneration(db);
    expect(after).toBe(before + 2);
    await storeInGeneration(db, 'rendered-before', page('old', 5000), 65_000, after - 1);
    await storeInGeneration(db, 'rendered-after', page('new', 5000), 65_000, after);
    expect(await html('rendered-before', 6000)).toBeUndefined();
    expect(await html('rendered-after', 6000)).toBe('new');
  });

  it('is emptied when what visitors see changes, and purged of expired pages by the cleanup job', async () => {
    await storeCachedPage('a', page('A', 1000), 61_000);
    await clearPageCache(db);
    expect(await count()).toBe(0);
    // Settings show on pages, whoever saves them (the back office or the CLI).
    await storeCachedPage('a', page('A', Date.now()), Date.now() + 60_000);
    expect(await count()).toBe(1);
    await saveSettings(db, { 'branding.site_name': 'Elsewhere' });
    expect(await count()).toBe(0);

    await clearPageCache(db);
    await storeCachedPage('b', page('B', Date.now()), Date.now() + 60_000);
    await storeCachedPage('a', page('A', Date.now() - 120_000), Date.now() - 60_000);
    expect((await cleanUpExpired(db, new Date())).pages).toBe(1);
    expect(await count()).toBe(1);
  });
});
