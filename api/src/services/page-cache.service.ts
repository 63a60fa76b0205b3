import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { clearPageCache, findCachedPage, pageCacheGeneration, storeCachedPage, type CachedPage, type Db } from '@app/db';
import { loadSettings } from './settings.service.ts';

export type { CachedPage };

/**
 * The shared page cache: pages rendered for visitors who are not logged in are kept in the
 * database for `cache.public_pages_seconds` (Settings > Cache), so every server process serves
 * the next visitor the same page without rendering it again. Back-office changes clear it, so
 * what an admin changes (content, settings, the guest role's permissions) shows at once.
 */

const gzipAsync = promisify(gzip);

/** What such a page depends on besides its address: the guest's theme, cookie-notice and language choices. */
export interface GuestPageRequest {
  /** Path and query; never the Host header, which the visitor controls. */
  pathAndQuery: string;
  theme: string | undefined;
  cookieNotice: string | undefined;
  language?: string | undefined;
  /** The site build that renders the page (siteBuildId). */
  build?: string;
}

export function pageCacheKey(request: GuestPageRequest): string {
  const parts = [request.pathAndQuery, request.theme ?? '', request.cookieNotice ?? ''];
  // Kept out of the key when unset, so the pages cached before languages could be chosen stay valid.
  if (request.language) parts.push(request.language);
  if (request.build) parts.push(`build:${request.build}`);
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Headers that describe one delivery, not the page: never stored. */
const DELIVERY_HEADERS = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/** Only complete, public HTML pages that set no cookie of their own are shared between visitors. */
export function isShareablePage(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get('Content-Type') ?? '').startsWith('text/html') &&
    /\bpublic\b/.test(response.headers.get('Cache-Control') ?? '') &&
    !response.headers.has('Set-Cookie')
  );
}

/** When a page's rendering began, and the cache generation it began in. */
export interface Rendering {
  startedAt: number;
  generation: number;
}

/**
 * Stores a page; it expires `seconds` after its rendering began, and is refused when the cache was
 * cleared since. It is gzipped once here and kept in both forms: unpacking it for each client that
 * takes no gzip cost several times what sending it does.
 */
export async function storeRenderedPage(db: Db, key: string, seconds: number, rendering: Rendering, response: Response): Promise<void> {
  const html = new Uint8Array(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => !DELIVERY_HEADERS.has(name.toLowerCase()));
  const page: CachedPage = { status: response.status, headers, html, gzipped: await gzipAsync(html), created_at: rendering.startedAt };
  await storeCachedPage(db, key, page, rendering.startedAt + seconds * 1000, rendering.generation);
}

export function findFreshPage(db: Db, key: string): Promise<CachedPage | undefined> {
  return findCachedPage(db, key, Date.now());
}

/**
 * Each process keeps copies of pages it served (as many as fit in `HOT_PAGES`), with the two settings a cached page
 * needs, for as long as the database's cache generation (how many times it was cleared) stays the same:
 * a hit then costs one tiny query instead of reading and parsing every setting and the page's row.
 * Nothing lives only here: every copy is of a row in the database, and a clearing by any process
 * makes all copies go at the next request.
 */
export const HOT_PAGES = { maxBytes: 4 * 1024 * 1024, maxPages: 500 };

interface HotPages {
  generation: number;
  /** `cache.public_pages_seconds` and `analytics.page_views`, as they were in this generation. */
  settings?: Promise<GuestPageSettings>;
  pages: Map<string, CachedPage & { expires_at: number }>;
  bytes: number;
  /** When expired copies were last looked for, so a full set is not walked on every miss. */
  sweptAt: number;
}

export interface GuestPageSettings {
  cacheSeconds: number;
  pageViews: boolean;
}

const hot = new WeakMap<Db, HotPages>();

/** The page cache as a visitor who is not logged in sees it now: its settings, and a lookup that tries this process's copies first. */
export async function guestPageCache(db: Db): Promise<GuestPageSettings & { generation: number; find: (key: string) => Promise<CachedPage | undefined> }> {
  const generation = await pageCacheGeneration(db);
  let state = hot.get(db);
  if (!state || state.generation !== generation) {
    state = { generation, pages: new Map(), bytes: 0, sweptAt: 0 };
    hot.set(db, state);
  }
  const current = state;
  current.settings ??= loadSettings(db).then((settings) => ({ cacheSeconds: settings['cache.public_pages_seconds'], pageViews: settings['analytics.page_views'] !== false }));
  const settings = await current.settings;
  const find = async (key: string): Promise<CachedPage | undefined> => {
    const now = Date.now();
    const copy = current.pages.get(key);
    if (copy && copy.expires_at > now) return copy;
    if (copy) forget(current, key);
    const page = await findCachedPage(db, key, now);
    if (page && hot.get(db) === current) keep(current, key, page, now);
    return page;
  };
  return { ...settings, generation, find };
}

function pageBytes(page: CachedPage): number {
  return page.html.byteLength + page.gzipped.byteLength;
}

function forget(state: HotPages, key: string) {
  const page = state.pages.get(key);
  if (!page) return;
  state.pages.delete(key);
  state.bytes -= pageBytes(page);
}

/**
 * Keeps a copy while there is room, after dropping expired ones; when there is none, the page is
 * served from the database. Not least-recently-used: visitors and crawlers going round more pages
 * than fit would push every copy out before it is asked for again.
 */
function keep(state: HotPages, key: string, page: CachedPage & { expires_at: number }, now: number) {
  const bytes = pageBytes(page);
  // Two requests may have read the same page at once: count it once.
  forget(state, key);
  const full = () => state.pages.size >= HOT_PAGES.maxPages || state.bytes + bytes > HOT_PAGES.maxBytes;
  if (full() && now - state.sweptAt >= 1000) {
    state.sweptAt = now;
    for (const [other, copy] of state.pages) if (copy.expires_at <= now) forget(state, other);
  }
  if (full()) return;
  state.pages.set(key, page);
  state.bytes += bytes;
}

export function clearSharedPageCache(db: Db): Promise<void> {
  return clearPageCache(db);
}

/**
 * Names a build of the site by its hashed script and style files (`_astro/`), whose names change
 * with their content: after a deploy, pages cached by the previous build are no longer found.
 */
export function siteBuildId(siteClientDir: string): string {
  let files: string[];
  try {
    files = readdirSync(path.join(siteClientDir, '_astro')).sort();
  } catch {
    return '';
  }
  return createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
}
