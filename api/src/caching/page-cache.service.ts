import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Db } from '@app/db';
import * as pageCacheRepository from '@app/db/caching/page-cache';
import { loadSettings } from '../settings/settings.service.ts';
import { systemClock, type Clock } from '../clock.ts';

export type { CachedPageHead, PageForm } from '@app/db/caching/page-cache';

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

/** Everything that tells one cached page from another; the database keys it by its hash. */
function pageIdentity(request: GuestPageRequest): string {
  const parts = [request.pathAndQuery, request.theme ?? '', request.cookieNotice ?? ''];
  // Kept out of the key when unset, so the pages cached before languages could be chosen stay valid.
  if (request.language) parts.push(request.language);
  if (request.build) parts.push(`build:${request.build}`);
  return JSON.stringify(parts);
}

const hashIdentity = (identity: string) => createHash('sha256').update(identity).digest('hex');

export function pageCacheKey(request: GuestPageRequest): string {
  return hashIdentity(pageIdentity(request));
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
  const page: pageCacheRepository.CachedPage = { status: response.status, headers, html, gzipped: await gzipAsync(html), created_at: rendering.startedAt };
  await pageCacheRepository.storeCachedPage(db, key, page, rendering.startedAt + seconds * 1000, rendering.generation);
}

export function findFreshPage(db: Db, key: string): Promise<pageCacheRepository.CachedPage | undefined> {
  return pageCacheRepository.findCachedPage(db, key, Date.now());
}

/**
 * Each process keeps copies of pages it served (as many as fit in `HOT_PAGES`), in the forms it sent
 * them (plain, gzipped), with the two settings a cached page needs, for as long as the database's
 * cache generation (how many times it was cleared) stays the same: a hit then costs one tiny query
 * instead of reading and parsing every setting and the page's row. Nothing lives only here: every
 * copy is of a row in the database, and a clearing by any process makes all copies go at the next
 * request. Only the forms sent are kept: browsers take gzip, so about six pages fit where one plain
 * and gzipped page did. When they are full, a page asked for far more often than a copy takes its place (see keep).
 * 8 MB holds the 500 pages gzipped, or about 170 album pages plain: a page read from the database
 * instead costs several times a copy's hit, most of it in garbage collection, as each read makes a
 * new buffer of the page's size.
 */
export const HOT_PAGES = { maxBytes: 8 * 1024 * 1024, maxPages: 500 };

/** A page to send: the stored page (the same object for every hit on a copy) and its body in the form the client takes. */
export interface PageHit {
  page: pageCacheRepository.CachedPageHead;
  form: pageCacheRepository.PageForm;
  body: Uint8Array;
}

/** `hits`: answers given from the copy, so a page asked for more often can take the place of the least asked for. */
type HotCopy = { head: pageCacheRepository.CachedPageHead; hits: number } & Partial<Record<pageCacheRepository.PageForm, Uint8Array>>;

interface HotPages {
  generation: number;
  /** The cache as this generation's visitors see it, once its settings are read. */
  view?: Promise<GuestPageCache>;
  /** Copies by page identity (not its hash: a hit computes no hash). */
  copies: Map<string, HotCopy>;
  bytes: number;
  /** When expired copies were last looked for, so a full set is not walked on every miss. */
  sweptAt: number;
  /** Pages read from the database for want of room, and how often. */
  reads: Map<string, number>;
  /** The app's clock, that copies and rows expire by. */
  clock: Clock;
}

export interface GuestPageSettings {
  cacheSeconds: number;
  pageViews: boolean;
}

/** The page cache as a visitor who is not logged in sees it now. */
export interface GuestPageCache extends GuestPageSettings {
  /** The generation pages rendered now belong to (storeRenderedPage). */
  generation: number;
  /** The page stored for this request, in this form: this process's copy, else the database's row. */
  find: (request: GuestPageRequest, form: pageCacheRepository.PageForm) => Promise<PageHit | undefined>;
}

const hot = new WeakMap<Db, HotPages>();

/** The page cache as a visitor who is not logged in sees it now: its settings, and a lookup that tries this process's copies first. */
export async function guestPageCache(db: Db, clock: Clock = systemClock): Promise<GuestPageCache> {
  const generation = await pageCacheRepository.pageCacheGeneration(db);
  let state = hot.get(db);
  if (!state || state.generation !== generation) {
    state = { generation, copies: new Map(), bytes: 0, sweptAt: 0, reads: new Map(), clock };
    hot.set(db, state);
  }
  // The view below is made once per generation; its lookups read the time by the latest caller's clock.
  state.clock = clock;
  const current = state;
  current.view ??= loadSettings(db).then((settings) => ({
    cacheSeconds: settings['cache.public_pages_seconds'],
    pageViews: settings['analytics.page_views'] !== false,
    generation,
    find: (request, form) => find(db, current, pageIdentity(request), form),
  }));
  return current.view;
}

async function find(db: Db, state: HotPages, identity: string, form: pageCacheRepository.PageForm): Promise<PageHit | undefined> {
  const now = state.clock.now();
  const copy = state.copies.get(identity);
  if (copy && copy.head.expires_at > now) {
    const body = copy[form];
    if (body) {
      copy.hits++;
      return { page: copy.head, form, body };
    }
  } else if (copy) forget(state, identity);
  const row = await pageCacheRepository.findCachedPageForm(db, hashIdentity(identity), now, form);
  if (!row) return undefined;
  const { body, ...head } = row;
  const kept = hot.get(db) === state ? keep(state, identity, head, form, body, now) : undefined;
  return { page: kept ?? head, form, body };
}

const copyBytes = (copy: HotCopy) => (copy.html?.byteLength ?? 0) + (copy.gzipped?.byteLength ?? 0);

function forget(state: HotPages, identity: string) {
  const copy = state.copies.get(identity);
  if (!copy) return;
  state.copies.delete(identity);
  state.bytes -= copyBytes(copy);
}

/**
 * Keeps a form of a page while there is room, after dropping expired copies. When there is none,
 * the page is served from the database, and takes the place of the copy asked for least once it has
 * been read from the database well over twice as often as that copy was asked for: a page everyone
 * asks for gets in, while visitors and crawlers going round more pages than fit do not push copies
 * out for pages that are asked for no more often (least-recently-used would drop every copy before
 * it is asked for again). Answers the kept copy's head, or undefined when it was not kept.
 */
function keep(state: HotPages, identity: string, head: pageCacheRepository.CachedPageHead, form: pageCacheRepository.PageForm, body: Uint8Array, now: number): pageCacheRepository.CachedPageHead | undefined {
  const existing = state.copies.get(identity);
  // The other form of the same stored page joins its copy; a page stored again replaces it.
  const copy: HotCopy = existing && existing.head.created_at === head.created_at ? existing : { head, hits: 0 };
  if (copy !== existing) forget(state, identity);
  // Two requests may have read the same form at once: count it once.
  const added = body.byteLength - (copy[form]?.byteLength ?? 0);
  const full = () => (copy !== existing && state.copies.size >= HOT_PAGES.maxPages) || state.bytes + added > HOT_PAGES.maxBytes;
  if (full() && now - state.sweptAt >= 1000) {
    state.sweptAt = now;
    for (const [other, kept] of state.copies) if (kept.head.expires_at <= now) forget(state, other);
  }
  if (full()) {
    const reads = (state.reads.get(identity) ?? 0) + 1;
    if (state.reads.size >= HOT_PAGES.maxPages) state.reads.clear();
    state.reads.set(identity, reads);
    while (full()) {
      let victim: string | undefined;
      let fewest = Infinity;
      for (const [other, kept] of state.copies) {
        if (other !== identity && kept.hits < fewest) [victim, fewest] = [other, kept.hits];
      }
      if (victim === undefined || reads <= 2 * fewest + 8) return undefined;
      forget(state, victim);
    }
    state.reads.delete(identity);
  }
  if (copy === existing && !state.copies.has(identity)) return undefined;
  copy[form] = body;
  state.copies.set(identity, copy);
  state.bytes += added;
  return copy.head;
}

export function clearSharedPageCache(db: Db): Promise<void> {
  return pageCacheRepository.clearPageCache(db);
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
