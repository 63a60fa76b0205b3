import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { clearPageCache, findCachedPage, storeCachedPage, type CachedPage, type Db } from '@app/db';

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
}

export function pageCacheKey(request: GuestPageRequest): string {
  const parts = [request.pathAndQuery, request.theme ?? '', request.cookieNotice ?? ''];
  // Kept out of the key when unset, so the pages cached before languages could be chosen stay valid.
  if (request.language) parts.push(request.language);
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

/**
 * Stores a page whose rendering began at `renderedFrom`; it expires `seconds` after that. It is
 * gzipped once here and kept in both forms: unpacking it for each client that takes no gzip cost
 * several times what sending it does.
 */
export async function storeRenderedPage(db: Db, key: string, seconds: number, renderedFrom: number, response: Response): Promise<void> {
  const html = new Uint8Array(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => !DELIVERY_HEADERS.has(name.toLowerCase()));
  const page: CachedPage = { status: response.status, headers, html, gzipped: await gzipAsync(html), created_at: renderedFrom };
  await storeCachedPage(db, key, page, renderedFrom + seconds * 1000);
}

export function findFreshPage(db: Db, key: string): Promise<CachedPage | undefined> {
  return findCachedPage(db, key, Date.now());
}

export function clearSharedPageCache(db: Db): Promise<void> {
  return clearPageCache(db);
}
