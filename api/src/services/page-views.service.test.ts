import { describe, expect, it } from 'vitest';
import { pageViewOf, type ServedPage } from './page-views.service.ts';

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const page = (changes: Partial<ServedPage> = {}): ServedPage => ({
  method: 'GET',
  path: '/artist/1/mara',
  status: 200,
  contentType: 'text/html; charset=utf-8',
  userAgent: chrome,
  purpose: undefined,
  ip: '203.0.113.9',
  country: undefined,
  userId: null,
  ...changes,
});

describe('pageViewOf', () => {
  it('records a page served to a person, with device details and no address', () => {
    const view = pageViewOf(page({ country: 'de' }))!;
    expect(view).toMatchObject({ path: '/artist/1/mara', user_id: null, device: 'desktop', platform: 'Linux', browser: 'Chrome', country: 'DE' });
    expect(view.visitor).toMatch(/^[0-9a-f]{24}$/);
    expect(JSON.stringify(view)).not.toContain('203.0.113.9');
  });

  it('gives one visitor the same hash within a day and a logged-in user their id', () => {
    expect(pageViewOf(page())!.visitor).toBe(pageViewOf(page({ path: '/' }))!.visitor);
    expect(pageViewOf(page({ ip: '203.0.113.10' }))!.visitor).not.toBe(pageViewOf(page())!.visitor);
    expect(pageViewOf(page({ userId: 7 }))!.visitor).toBe('user:7');
  });

  it('skips bots, prefetches, errors, redirects, non-HTML and non-GET', () => {
    expect(pageViewOf(page({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }))).toBeNull();
    expect(pageViewOf(page({ userAgent: 'curl/8.5.0' }))).toBeNull();
    expect(pageViewOf(page({ userAgent: undefined }))).toBeNull();
    expect(pageViewOf(page({ purpose: 'prefetch' }))).toBeNull();
    expect(pageViewOf(page({ status: 404 }))).toBeNull();
    expect(pageViewOf(page({ status: 302 }))).toBeNull();
    expect(pageViewOf(page({ contentType: 'application/json' }))).toBeNull();
    expect(pageViewOf(page({ method: 'POST' }))).toBeNull();
  });
});
