import { createHash, randomBytes } from 'node:crypto';
import type { Db, PageViewRow } from '@app/db';
import * as reportsRepository from '@app/db/reports/reports';
import { logger } from '../logging/logger.ts';
import { describeUserAgent, type DeviceInfo } from '../common/user-agent.ts';

/** Crawlers, link previews and scripts are not visitors. */
const NOT_A_PERSON = /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|curl\/|wget\/|python-requests|httpclient|node-fetch|undici|axios|lighthouse|pingdom|uptime/i;

/**
 * Salt of the visitor hash, random and replaced every day, kept only in memory: the hash counts
 * unique visitors of one day and cannot be turned back into an address, even by the operator.
 * (Several server processes each count a visitor once.)
 */
let salt = { day: '', value: '', hashes: new Map<string, string>() };

/**
 * Most views come from visitors who saw a page before that day and from a few browsers: each
 * visitor's hash and each user agent's reading are worked out once, in tables of bounded size
 * (emptied when full; the hashes with the day's salt).
 */
const REMEMBERED = 1000;
const devices = new Map<string, DeviceInfo | null>();

function visitorHash(day: string, ip: string | null, userAgent: string): string {
  if (salt.day !== day) salt = { day, value: randomBytes(16).toString('hex'), hashes: new Map() };
  const visitor = `${ip ?? ''}|${userAgent}`;
  let hash = salt.hashes.get(visitor);
  if (hash === undefined) {
    hash = createHash('sha256').update(`${salt.value}|${visitor}`).digest('hex').slice(0, 24);
    if (salt.hashes.size >= REMEMBERED) salt.hashes.clear();
    salt.hashes.set(visitor, hash);
  }
  return hash;
}

/** The device a user agent describes, or null for a crawler, a link preview or a script. */
function personsDevice(userAgent: string): DeviceInfo | null {
  let device = devices.get(userAgent);
  if (device === undefined) {
    device = NOT_A_PERSON.test(userAgent) ? null : describeUserAgent(userAgent);
    if (devices.size >= REMEMBERED) devices.clear();
    devices.set(userAgent, device);
  }
  return device;
}

/** YYYY-MM-DD of a time in UTC, worked out once a day. */
let today = { from: 0, to: 0, day: '' };
function dayOf(time: number): string {
  if (time < today.from || time >= today.to) {
    const from = time - (time % 86_400_000);
    today = { from, to: from + 86_400_000, day: new Date(from).toISOString().slice(0, 10) };
  }
  return today.day;
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
export function pageViewOf(page: ServedPage, now = Date.now()): Omit<PageViewRow, 'id' | 'created_at'> | null {
  const userAgent = page.userAgent ?? '';
  if (page.method !== 'GET' || page.status < 200 || page.status >= 300) return null;
  if (!page.contentType?.startsWith('text/html')) return null;
  if (!userAgent || (page.purpose !== undefined && /prefetch|prerender/i.test(page.purpose))) return null;
  const device = personsDevice(userAgent);
  if (!device) return null;
  const country = page.country && /^[A-Za-z]{2}$/.test(page.country) && page.country.toUpperCase() !== 'XX' ? page.country.toUpperCase() : null;
  return {
    path: page.path.slice(0, 500),
    user_id: page.userId,
    visitor: page.userId !== null ? `user:${page.userId}` : visitorHash(dayOf(now), page.ip, userAgent),
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

/** Counts a page served to a person in the next batch; a failure costs the report a row, never the visitor a page. */
export function countPageView(db: Db, page: ServedPage): void {
  const view = pageViewOf(page);
  if (view) recordPageView(db, view, (error) => logger.warn({ err: error }, 'Could not record page views'));
}

/** Writes the views this process holds for `db`. */
export async function flushPageViews(db: Db): Promise<void> {
  const batch = pending.get(db);
  if (!batch) return;
  pending.delete(db);
  clearTimeout(batch.timer);
  await reportsRepository.insertPageViews(db, batch.views);
}
