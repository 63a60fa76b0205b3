import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, createTestDb, type Db } from '@app/db';
import * as settingsRepository from '@app/db/settings/settings';
import { clearSharedPageCache, findFreshPage, guestPageCache, HOT_PAGES, pageCacheKey, siteBuildId, storeRenderedPage } from './page-cache.service.ts';

let db: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.destroy());
/** The cache's clock, moved forward instead of waiting for a page to expire. */
let ahead = 0;
const clock = { now: () => Date.now() + ahead };
/** A rendering that begins now, in the cache's current generation. */
const rendering = async () => ({ startedAt: clock.now(), generation: (await guestPageCache(db, clock)).generation });

it('keeps a page both plain and gzipped, so no visitor costs a decompression', async () => {
  const html = `<!doctype html><title>Album</title>${'<p>Track</p>'.repeat(200)}`;
  const key = pageCacheKey({ pathAndQuery: '/album/1/a/b', theme: undefined, cookieNotice: undefined });
  await storeRenderedPage(db, key, 60, await rendering(), new Response(html, { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'public' } }));

  const page = await findFreshPage(db, key);
  expect(page).toBeDefined();
  expect(new TextDecoder().decode(page!.html)).toBe(html);
  expect(gunzipSync(page!.gzipped).toString('utf8')).toBe(html);
  expect(page!.gzipped.byteLength).toBeLessThan(page!.html.byteLength);
});

it("keeps a visitor's language choice apart: one cached page per language, the same key as before without a choice", () => {
  const base = { pathAndQuery: '/contact', theme: undefined, cookieNotice: undefined };
  expect(pageCacheKey({ ...base, language: 'fr' })).not.toBe(pageCacheKey(base));
  expect(pageCacheKey({ ...base, language: 'fr' })).not.toBe(pageCacheKey({ ...base, language: 'de' }));
  expect(pageCacheKey({ ...base, language: undefined })).toBe(pageCacheKey(base));
});

it('keeps each build of the site apart, so a deploy never serves pages naming scripts that are gone', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-build-'));
  try {
    mkdirSync(path.join(dir, '_astro'));
    writeFileSync(path.join(dir, '_astro', 'Player.a1b2c3.js'), '');
    const first = siteBuildId(dir);
    expect(siteBuildId(dir)).toBe(first);
    writeFileSync(path.join(dir, '_astro', 'Player.d4e5f6.js'), '');
    const second = siteBuildId(dir);
    expect(second).not.toBe(first);
    const page = { pathAndQuery: '/album/1/a/b', theme: undefined, cookieNotice: undefined };
    expect(pageCacheKey({ ...page, build: first })).not.toBe(pageCacheKey({ ...page, build: second }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe("a process's copies of cached pages", () => {
  const request = { pathAndQuery: '/album/2/a/b', theme: undefined, cookieNotice: undefined };
  const key = pageCacheKey(request);
  const store = async (html: string) => {
    await storeRenderedPage(db, key, 60, await rendering(), new Response(html, { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'public' } }));
  };
  const served = async (from: Db) => {
    const hit = await (await guestPageCache(from, clock)).find(request, 'html');
    return hit && new TextDecoder().decode(hit.body);
  };

  it('go as soon as another process clears the cache, and its settings change with it', async () => {
    // A second connection to the same file stands for another server process.
    const other = createDb(db.file);
    try {
      await clearSharedPageCache(db);
      await store('<p>before</p>');
      expect(await served(db)).toBe('<p>before</p>');
      expect(await served(db)).toBe('<p>before</p>');

      await settingsRepository.saveSettings(other, { 'cache.public_pages_seconds': 5, 'analytics.page_views': false });
      expect(await served(db)).toBeUndefined();
      expect(await guestPageCache(db)).toMatchObject({ cacheSeconds: 5, pageViews: false });

      await store('<p>after</p>');
      expect(await served(db)).toBe('<p>after</p>');
      await clearSharedPageCache(other);
      expect(await served(db)).toBeUndefined();
    } finally {
      await other.destroy();
    }
  });

  it('go with settings changed twice in the same millisecond', async () => {
    const other = createDb(db.file);
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      await settingsRepository.saveSettings(other, { 'cache.public_pages_seconds': 5 });
      expect(await guestPageCache(db)).toMatchObject({ cacheSeconds: 5 });
      await settingsRepository.saveSettings(other, { 'cache.public_pages_seconds': 7 });
      expect(await guestPageCache(db)).toMatchObject({ cacheSeconds: 7 });
    } finally {
      now.mockRestore();
      await other.destroy();
    }
  });

  it('hold each form a client was sent, both from the same stored page', async () => {
    await clearSharedPageCache(db);
    await store('<p>both</p>');
    const cache = await guestPageCache(db);
    const plain = await cache.find(request, 'html');
    const gzipped = await cache.find(request, 'gzipped');
    expect(new TextDecoder().decode(plain!.body)).toBe('<p>both</p>');
    expect(gunzipSync(gzipped!.body).toString('utf8')).toBe('<p>both</p>');
    // Hits on a copy share one page object, whose headers the response is prepared from once.
    expect((await cache.find(request, 'html'))!.page).toBe(gzipped!.page);
    expect((await cache.find(request, 'gzipped'))!.body).toBe(gzipped!.body);
  });

  it('make room for a page asked for far more often, not for pages asked for in turn', async () => {
    await clearSharedPageCache(db);
    const html = (name: string) => `<p>${name}</p>${'.'.repeat(1000)}`;
    const pages = ['/a', '/b', '/c', '/popular'].map((pathAndQuery) => ({ pathAndQuery, theme: undefined, cookieNotice: undefined }));
    for (const page of pages) {
      await storeRenderedPage(db, pageCacheKey(page), 60, await rendering(), new Response(html(page.pathAndQuery), { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'public' } }));
    }
    const room = HOT_PAGES.maxBytes;
    HOT_PAGES.maxBytes = 2 * html('/a').length;
    try {
      const cache = await guestPageCache(db);
      const [a, b, c, popular] = pages;
      // A copy answers with the same page object each time; the database with a new one.
      const fromCopy = async (page: (typeof pages)[number]) => {
        const first = await cache.find(page, 'html');
        const second = await cache.find(page, 'html');
        return first!.page === second!.page;
      };
      // Three pages asked for in turn, room for two: the first two stay, the third is read each time.
      for (let round = 0; round < 20; round++) for (const page of [a, b, c]) await cache.find(page, 'html');
      expect(await fromCopy(a)).toBe(true);
      expect(await fromCopy(c)).toBe(false);
      // A page asked for all the time gets in.
      for (let i = 0; i < 60; i++) await cache.find(popular, 'html');
      expect(await fromCopy(popular)).toBe(true);
      expect(new TextDecoder().decode((await cache.find(popular, 'html'))!.body)).toBe(html('/popular'));
    } finally {
      HOT_PAGES.maxBytes = room;
    }
  });

  it('expire with the page they copy', async () => {
    await clearSharedPageCache(db);
    await storeRenderedPage(db, key, 1, await rendering(), new Response('<p>short</p>', { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'public' } }));
    expect(await served(db)).toBe('<p>short</p>');
    ahead += 1100;
    expect(await served(db)).toBeUndefined();
  });
});
