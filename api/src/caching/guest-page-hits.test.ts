import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as settingsRepository from '@app/db/settings/settings';
import { captureLogs, createTestApp, type TestApp } from '../testing.ts';
import { SESSION_COOKIE } from '../accounts/auth.service.ts';
import { clearSharedPageCache, guestPageCache, pageCacheKey, storeRenderedPage } from './page-cache.service.ts';
import { flushPageViews } from '../reports/page-views.service.ts';
import { ACTIVE_WORKSPACE_COOKIE } from '../workspaces/workspaces.service.ts';
import { withGuestPageHits } from './guest-page-hits.ts';

/**
 * The listener in front of the app, on a real server and database: pages stored in the page cache
 * go to visitors who are not logged in with what the app would have added; anything else reaches
 * the app (here a stand-in that answers 404 "app").
 */
const BUILD = 'build-1';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const TOKEN = 'a'.repeat(43);

let t: TestApp;
let server: Server;
let logs: ReturnType<typeof captureLogs> | undefined;

beforeAll(async () => {
  t = await createTestApp();
  server = createServer(
    withGuestPageHits({ db: t.db, storage: t.storage, config: t.config }, BUILD, (_req, res) => {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('app');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});
afterEach(() => logs?.restore());

async function storePage(pathAndQuery: string, html: string, choices: { theme?: string } = {}) {
  const key = pageCacheKey({ pathAndQuery, theme: choices.theme, cookieNotice: undefined, language: undefined, build: BUILD });
  const rendering = { startedAt: Date.now(), generation: (await guestPageCache(t.db)).generation };
  await storeRenderedPage(t.db, key, 60, rendering, new Response(html, { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'public, max-age=0, s-maxage=60', 'Content-Security-Policy': "default-src 'self'" } }));
}

/** A raw request, so the target goes out exactly as written (no URL parsing on the way). */
function get(target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path: target, method, headers: { 'User-Agent': BROWSER, ...headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('page cache hits in front of the app', () => {
  it('serve a stored page with the headers every page carries, its own id, and a token for a visitor without one', async () => {
    await storePage('/album/1/a/b', '<!doctype html><title>Album one</title>');
    logs = captureLogs();
    const first = await get('/album/1/a/b');
    expect(first.status).toBe(200);
    expect(first.body).toBe('<!doctype html><title>Album one</title>');
    expect(first.headers['x-cache']).toBe('HIT');
    expect(first.headers['content-security-policy']).toBe("default-src 'self'");
    expect(first.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers['set-cookie']).toEqual([expect.stringMatching(/^XSRF-TOKEN=[\w-]{43}; Max-Age=604800; Path=\/; SameSite=Lax$/)]);
    expect(logs.entries.filter((entry) => entry.msg === 'request')).toEqual([
      expect.objectContaining({ req_id: first.headers['x-request-id'], method: 'GET', path: '/album/1/a/b', status: 200 }),
    ]);

    // A returning visitor keeps their token; a proxy's request id is kept.
    const again = await get('/album/1/a/b', { Cookie: `XSRF-TOKEN=${TOKEN}`, 'X-Request-Id': 'edge-42' });
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.headers['x-request-id']).toBe('edge-42');
  });

  it("count each hit as a person's page view", async () => {
    await storePage('/album/2/a/b', '<!doctype html><title>Album two</title>');
    for (let i = 0; i < 3; i++) expect((await get('/album/2/a/b', { 'CF-IPCountry': 'tv' })).headers['x-cache']).toBe('HIT');
    // A crawler is not a person.
    expect((await get('/album/2/a/b', { 'User-Agent': 'Googlebot/2.1' })).headers['x-cache']).toBe('HIT');
    await flushPageViews(t.db);
    const views = await t.db.selectFrom('page_views').select(['path', 'country', 'browser']).where('path', '=', '/album/2/a/b').execute();
    expect(views).toEqual(Array(3).fill({ path: '/album/2/a/b', country: 'TV', browser: 'Chrome' }));
  });

  it("give an embed the headers that let other sites frame it", async () => {
    await storePage('/album/3/a/b/embed', '<!doctype html><title>Embed</title>');
    const embed = await get('/album/3/a/b/embed');
    expect(embed.headers['x-cache']).toBe('HIT');
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('leave to the app whatever is not a plain page request of a visitor who is not logged in', async () => {
    await storePage('/album/4/a/b', '<!doctype html><title>Album four</title>');
    await storePage('/api/v1/genres', '{}');
    await storePage('/admin', '<!doctype html>');
    expect((await get('/album/4/a/b')).headers['x-cache']).toBe('HIT');
    const app = async (target: string, headers: Record<string, string> = {}, method = 'GET') => {
      const response = await get(target, headers, method);
      return `${response.status} ${response.body}`;
    };
    expect(await app('/album/4/a/b', { Cookie: `${SESSION_COOKIE}=anything` })).toBe('404 app');
    expect(await app('/album/4/a/b', { Cookie: `${ACTIVE_WORKSPACE_COOKIE}=3` })).toBe('404 app');
    expect(await app('/album/4/a/b', { Authorization: 'Bearer token' })).toBe('404 app');
    expect(await app('/album/4/a/b', {}, 'HEAD')).toBe('404 ');
    expect(await app('/api/v1/genres')).toBe('404 app');
    expect(await app('/admin')).toBe('404 app');
    expect(await app('/album/5/a/b')).toBe('404 app');
    // Another theme is another page.
    expect(await app('/album/4/a/b', { Cookie: 'be-active-theme=dark' })).toBe('404 app');
    // Addresses the app's adapter would rewrite first are the app's to read.
    expect(await app('/album/9/../4/a/b')).toBe('404 app');
    expect(await app('/album/4/a/b', { Host: 'EXAMPLE.com' })).toBe('404 app');
  });

  it('leave every page to the app when the cache is off', async () => {
    await storePage('/album/6/a/b', '<!doctype html><title>Album six</title>');
    expect((await get('/album/6/a/b')).headers['x-cache']).toBe('HIT');
    // As the back office saves settings: the cache is cleared with them.
    await settingsRepository.saveSettings(t.db, { 'cache.public_pages_seconds': 0 });
    await clearSharedPageCache(t.db);
    try {
      expect((await get('/album/6/a/b')).status).toBe(404);
    } finally {
      await settingsRepository.saveSettings(t.db, { 'cache.public_pages_seconds': 60 });
      await clearSharedPageCache(t.db);
    }
  });
});
