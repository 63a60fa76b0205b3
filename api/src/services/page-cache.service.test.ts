import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDb, type Db } from '@app/db';
import { findFreshPage, pageCacheKey, storeRenderedPage } from './page-cache.service.ts';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.destroy());

it('keeps a page both plain and gzipped, so no visitor costs a decompression', async () => {
  const html = `<!doctype html><title>Album</title>${'<p>Track</p>'.repeat(200)}`;
  const key = pageCacheKey({ pathAndQuery: '/album/1/a/b', theme: undefined, cookieNotice: undefined });
  await storeRenderedPage(db, key, 60, Date.now(), new Response(html, { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'public' } }));

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
