import { createHash, randomBytes } from 'node:crypto';
import { insertPageViews, type Db, type PageViewRow } from '@app/db';
import { describeUserAgent } from './user-agent.ts';

/** Crawlers, link previews and scripts are not visitors. */
const NOT_A_PERSON = /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|curl\/|wget\/|python-requests|httpclient|node-fetch|undici|axios|lighthouse|pingdom|uptime/i;

/**
 * Salt of the visitor hash, random and replaced every day, kept only in memory: the hash counts
 * unique visitors of one day and cannot be turned back into an address, even by the operator.
 * (Several server processes each count a visitor once.)
 */
let salt = { day: '', value: '' };

function visitorHash(day: string, ip: string | null, userAgent: string): string {
  if (salt.day !== day) salt = { day, value: randomBytes(16).toString('hex') };
  return createHash('sha256').update(`${salt.value}|${ip ?? ''}|${userAgent}`).digest('hex').slice(0, 24);
}

export interface ServedPage {
  method: string;
  path: string;
  status: number;
  contentType: string | undefined;
  userAgent: string | undefined;
  /** Browsers mark speculative loads (link prefetch) that nobody has looked at yet. */
  purpose: string | undefined;
  ip: string | null;
  country: string | undefined;
  userId: number | null;
}

/** The row to record for a page served to a person, or null for anything else. */
export function pageViewOf(page: ServedPage, now = new Date()): Omit<PageViewRow, 'id' | 'created_at'> | null {
  const userAgent = page.userAgent ?? '';
  if (page.method !== 'GET' || page.status < 200 || page.status >= 300) return null;
  if (!page.contentType?.startsWith('text/html')) return null;
  if (!userAgent || NOT_A_PERSON.test(userAgent) || /prefetch|prerender/i.test(page.purpose ?? '')) return null;
  const device = describeUserAgent(userAgent);
  const country = page.country && /^[A-Za-z]{2}$/.test(page.country) && page.country.toUpperCase() !== 'XX' ? page.country.toUpperCase() : null;
  return {
    path: page.path.slice(0, 500),
    user_id: page.userId,
    visitor: page.userId !== null ? `user:${page.userId}` : visitorHash(now.toISOString().slice(0, 10), page.ip, userAgent),
    device: device.device_type,
    platform: device.platform,
    browser: device.browser,
    country,
  };
}

type PageView = Omit<PageViewRow, 'id' | 'created_at'>;

/**
 * Views are written in batches, a second after the first of a batch or at once when it is full:
 * one insert per page served cost a cached page about as much as everything else. A process loses
 * at most that second of views if it dies; `flushPageViews` writes them on shutdown and before a
 * report is read, so what this process has served is always counted.
 */
export const PAGE_VIEW_BATCH = { size: 200, delayMs: 1000 };
const pending = new WeakMap<Db, { views: PageView[]; timer: NodeJS.Timeout }>();

export function recordPageView(db: Db, view: PageView, onError: (error: unknown) => void): void {
  let batch = pending.get(db);
  if (!batch) {
    const timer = setTimeout(() => void flushPageViews(db).catch(onError), PAGE_VIEW_BATCH.delayMs);
    // A pending batch must not keep a process alive that has nothing else to do; shutdown flushes it.
    timer.unref();
    batch = { views: [], timer };
    pending.set(db, batch);
  }
  batch.views.push(view);
  if (batch.views.length >= PAGE_VIEW_BATCH.size) void flushPageViews(db).catch(onError);
}

/** Writes the views this process holds for `db`. */
export async function flushPageViews(db: Db): Promise<void> {
  const batch = pending.get(db);
  if (!batch) return;
  pending.delete(db);
  clearTimeout(batch.timer);
  await insertPageViews(db, batch.views);
}
