import { createHash, randomBytes } from 'node:crypto';
import { insertPageView, type Db, type PageViewRow } from '@app/db';
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

export async function recordPageView(db: Db, view: Omit<PageViewRow, 'id' | 'created_at'>): Promise<void> {
  await insertPageView(db, view);
}
